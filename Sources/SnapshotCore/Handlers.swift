/// The closures a data source runs around a user's expand or collapse of an
/// outline row (semantics part D). A `nil` closure means "allow" for the
/// `should…` questions and "do nothing" otherwise.
public struct SectionSnapshotHandlers<
  SectionSnapshot: SectionSnapshotProtocol
> {
  /// The item identifier type the handlers receive.
  public typealias Item = SectionSnapshot.ItemIdentifier

  /// Asked first on expand; `false` stops everything.
  public var shouldExpandItem: ((Item) -> Bool)?
  /// Called after `shouldExpandItem` allowed the expand.
  public var willExpandItem: ((Item) -> Void)?
  /// Asked first on collapse; `false` stops everything.
  public var shouldCollapseItem: ((Item) -> Bool)?
  /// Called after `shouldCollapseItem` allowed the collapse.
  public var willCollapseItem: ((Item) -> Void)?
  /// Called with the item and `snapshot(of: item)`; its result replaces the
  /// item's children (`replace(childrenOf:using:)`), even when it had some.
  public var snapshotForExpandingParent: ((Item, SectionSnapshot) -> SectionSnapshot)?

  /// Creates a set of handlers; a closure left `nil` allows (for the
  /// `should…` questions) or does nothing (for the rest).
  public init(
    shouldExpandItem: ((Item) -> Bool)? = nil,
    willExpandItem: ((Item) -> Void)? = nil,
    shouldCollapseItem: ((Item) -> Bool)? = nil,
    willCollapseItem: ((Item) -> Void)? = nil,
    snapshotForExpandingParent: ((Item, SectionSnapshot) -> SectionSnapshot)? = nil
  ) {
    self.shouldExpandItem = shouldExpandItem
    self.willExpandItem = willExpandItem
    self.shouldCollapseItem = shouldCollapseItem
    self.willCollapseItem = willCollapseItem
    self.snapshotForExpandingParent = snapshotForExpandingParent
  }
}

/// The closures a data source runs around a user's drag of a row (semantics
/// C.3). A `nil` `canReorderItem` refuses every drag.
public struct ReorderingHandlers<
  Snapshot: SnapshotProtocol, SectionSnapshot: SectionSnapshotProtocol
> where SectionSnapshot.ItemIdentifier == Snapshot.ItemIdentifier {
  /// The item identifier type the handlers receive.
  public typealias Item = Snapshot.ItemIdentifier

  /// Asked when the drag begins; `nil` or `false` refuses the drag.
  public var canReorderItem: ((Item) -> Bool)?
  /// Called once at the drop, while the data source holds the old state.
  public var willReorder: ((Transaction<Snapshot, SectionSnapshot>) -> Void)?
  /// Called after the data source committed the new state.
  public var didReorder: ((Transaction<Snapshot, SectionSnapshot>) -> Void)?

  /// Creates a set of handlers; leaving `canReorderItem` `nil` refuses every
  /// drag.
  public init(
    canReorderItem: ((Item) -> Bool)? = nil,
    willReorder: ((Transaction<Snapshot, SectionSnapshot>) -> Void)? = nil,
    didReorder: ((Transaction<Snapshot, SectionSnapshot>) -> Void)? = nil
  ) {
    self.canReorderItem = canReorderItem
    self.willReorder = willReorder
    self.didReorder = didReorder
  }
}

/// What a user's tap on an outline disclosure did.
public enum ToggleOutcome: Hashable, Sendable {
  /// The row was expanded; the changeset is what the view was given.
  case expanded(Changeset)
  /// The row was collapsed; the changeset is what the view was given.
  case collapsed(Changeset)
  /// A `should…` handler said no; nothing changed.
  case vetoed
  /// The row is not a visible row of a section backed by a section snapshot
  /// (or the section is unknown); no handler ran and nothing changed.
  case ignored
}
