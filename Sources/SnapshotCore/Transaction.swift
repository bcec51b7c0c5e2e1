/// What a user reorder did (semantics C.1, C.2): the full snapshots before
/// and after, the difference over the flattened items, and one section
/// transaction per changed section, last section first.
public struct Transaction<
  Snapshot: SnapshotProtocol, SectionSnapshot: SectionSnapshotProtocol
> where SectionSnapshot.ItemIdentifier == Snapshot.ItemIdentifier {
  /// The item identifier type of the snapshots.
  public typealias Item = Snapshot.ItemIdentifier
  /// The section identifier type of the snapshots.
  public typealias Section = Snapshot.SectionIdentifier

  /// The data source's full snapshot before the drop.
  public var initialSnapshot: Snapshot
  /// The data source's full snapshot after the drop.
  public var finalSnapshot: Snapshot
  /// `final.itemIdentifiers.difference(from: initial.itemIdentifiers)
  /// .inferringMoves()` (spec decision C.2).
  public var difference: CollectionDifference<Item>
  /// The sections whose content changed, in reverse section order.
  public var sectionTransactions: [SectionTransaction<Section, SectionSnapshot>]

  /// Creates a transaction from its four parts, as a data source reports a
  /// drop.
  public init(
    initialSnapshot: Snapshot, finalSnapshot: Snapshot,
    difference: CollectionDifference<Item>,
    sectionTransactions: [SectionTransaction<Section, SectionSnapshot>]
  ) {
    self.initialSnapshot = initialSnapshot
    self.finalSnapshot = finalSnapshot
    self.difference = difference
    self.sectionTransactions = sectionTransactions
  }
}

extension Transaction: Equatable where Snapshot.SectionIdentifier: Equatable {}

/// One changed section of a reorder transaction.
///
/// For a section filled by a full snapshot the snapshots are flat (every item
/// a root); for a section backed by a stored section snapshot they are the
/// full trees, and `difference` is over their `visibleItems` (spec decision
/// C.2).
public struct SectionTransaction<
  Section: Hashable, SectionSnapshot: SectionSnapshotProtocol
>: Equatable {
  /// The item identifier type of the section snapshots.
  public typealias Item = SectionSnapshot.ItemIdentifier

  /// The section this entry is about.
  public var sectionIdentifier: Section
  /// The section's snapshot before the drop.
  public var initialSnapshot: SectionSnapshot
  /// The section's snapshot after the drop.
  public var finalSnapshot: SectionSnapshot
  /// `final.visibleItems.difference(from: initial.visibleItems)
  /// .inferringMoves()`.
  public var difference: CollectionDifference<Item>

  /// Creates a section transaction from its four parts.
  public init(
    sectionIdentifier: Section, initialSnapshot: SectionSnapshot,
    finalSnapshot: SectionSnapshot, difference: CollectionDifference<Item>
  ) {
    self.sectionIdentifier = sectionIdentifier
    self.initialSnapshot = initialSnapshot
    self.finalSnapshot = finalSnapshot
    self.difference = difference
  }
}
