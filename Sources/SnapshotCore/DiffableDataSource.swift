/// The headless `UICollectionViewDiffableDataSource` (semantics B.5, C, D,
/// E.1), following the rules fixed in `DataSourceProtocol`, written once over
/// the SnapshotCore protocols.
///
/// `EngineDataSource` is this type over the engine's snapshots and
/// `EngineDiffer`, and users build their data sources on it. Every step is
/// expressed through the protocols, so the behaviour is the same whichever
/// snapshot types it holds; only the changesets differ as their differs do.
/// The reference `ModelDataSource` is written separately, in SnapshotModel,
/// so that the catalog's comparison with it checks this code.
///
/// It holds the current full snapshot (never with marks), a stored section
/// snapshot for each section applied with `apply(_:to:)` (kept in a plain
/// array, looked up by linear scan: a data source has few of them), and the
/// content map of the items shown. Invariant: the items of a section with a
/// stored section snapshot are that section snapshot's `visibleItems`. Every
/// `apply` returns the `Differ` changeset from the previous state.
public struct DiffableDataSource<
  Snapshot: SnapshotProtocol,
  SectionSnapshot: SectionSnapshotProtocol,
  Differ: DataSourceDiffer
>: DataSourceProtocol
where
  SectionSnapshot.ItemIdentifier == Snapshot.ItemIdentifier,
  Differ.Snapshot == Snapshot
{
  /// The type of section identifiers.
  public typealias SectionIdentifier = Snapshot.SectionIdentifier
  /// The type of item identifiers.
  public typealias ItemIdentifier = Snapshot.ItemIdentifier

  /// The handlers run around user expand and collapse; none by default.
  public var sectionSnapshotHandlers = SectionSnapshotHandlers<SectionSnapshot>()
  /// The handlers run around user reorders; none by default, which refuses
  /// every drag.
  public var reorderingHandlers = ReorderingHandlers<Snapshot, SectionSnapshot>()
  /// How content-changed items appear in changesets; `.reload` by default.
  public var contentUpdateStyle = ContentUpdateStyle.reload

  /// The current full snapshot, without marks. Package-visible so tests can
  /// plant corruption for the invariant checker.
  @usableFromInline package var current = Snapshot()
  /// The stored section snapshots, by section, in the order first stored.
  @usableFromInline package var storedSections:
    [(section: SectionIdentifier, snapshot: SectionSnapshot)] = []
  /// The content of the items of `current`.
  @usableFromInline package var contents: ContentMap<ItemIdentifier> = [:]

  /// Creates an empty data source with no handlers.
  /// - Complexity: O(1).
  @inlinable
  public init() {}

  /// A copy of the current full snapshot, without marks.
  /// - Complexity: O(1) for copy-on-write snapshots.
  @inlinable
  public func snapshot() -> Snapshot { current }

  /// A copy of the stored section snapshot of `section`; a flat one (the
  /// section's items as roots) when it has none; an empty one when the
  /// section is unknown.
  /// - Complexity: O(*s*) to find a stored one, *s* the stored sections;
  ///   building a flat one costs appending the section's items.
  @inlinable
  public func snapshot(for section: SectionIdentifier) -> SectionSnapshot {
    if let stored = storedSnapshot(of: section) { return stored }
    guard let items = try? current.itemIdentifiers(inSection: section) else {
      return SectionSnapshot()
    }
    return Self.flatSnapshot(items)
  }

  /// The content values of the items currently shown.
  /// - Complexity: O(1).
  @inlinable
  public var contentMap: ContentMap<ItemIdentifier> { contents }

  /// The sections that have a stored section snapshot, in the order they
  /// were first stored.
  /// - Complexity: O(*s*), *s* the stored sections.
  @inlinable
  public var sectionsWithStoredSnapshots: [SectionIdentifier] {
    storedSections.map(\.section)
  }
}

extension DiffableDataSource {
  /// The stored section snapshot of `section`, or `nil`.
  @inlinable
  func storedSnapshot(of section: SectionIdentifier) -> SectionSnapshot? {
    storedSections.first { $0.section == section }?.snapshot
  }

  /// Stores `snapshot` for `section`, replacing any stored one.
  @inlinable
  mutating func store(_ snapshot: SectionSnapshot, for section: SectionIdentifier) {
    if let index = storedSections.firstIndex(where: { $0.section == section }) {
      storedSections[index].snapshot = snapshot
    } else {
      storedSections.append((section, snapshot))
    }
  }

  /// A section snapshot whose roots are `items`, in order.
  @inlinable
  static func flatSnapshot(_ items: [ItemIdentifier]) -> SectionSnapshot {
    var snapshot = SectionSnapshot()
    established { () throws(SnapshotError) in try snapshot.append(items, to: nil) }
    return snapshot
  }

  /// Runs a snapshot operation whose preconditions the caller has
  /// established (unique ids, existing sections); a throw is a bug.
  @inlinable
  static func established(_ operation: () throws(SnapshotError) -> Void) {
    do {
      try operation()
    } catch {
      preconditionFailure("DiffableDataSource: a checked snapshot operation threw \(error)")
    }
  }
}
