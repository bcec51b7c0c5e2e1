import SnapshotCore
import SnapshotEngine

/// Bugs of the kinds that lived unseen in the data-source code model and
/// engine shared, and at the generators' boundaries: each is caught by a
/// rule audit that computes the expected outcome itself, or by a
/// differential property on a case the generators now draw.
public enum PlantedOracle {
  /// A full apply drops every stored section snapshot with children that
  /// needs a rebase (B.5) instead of rebasing it.
  public struct DropsTreeOnApply: ForwardingDataSource {
    public init() {}
    public var base = EngineDataSource<Int, Int>()
    public mutating func apply(_ snapshot: EngineSnapshot<Int, Int>, contents: ContentMap<Int>)
      -> Changeset
    {
      let trees = base.snapshot().sectionIdentifiers.map { ($0, base.snapshot(for: $0)) }
      let changeset = base.apply(snapshot, contents: contents)
      for (section, tree) in trees where tree.items.count != tree.rootItems.count {
        guard let rows = try? base.snapshot().itemIdentifiers(inSection: section),
          tree.visibleItems != rows
        else { continue }
        // What dropping the tree shows: a flat tree of the rows.
        var flat = EngineSectionSnapshot<Int>()
        try? flat.append(rows, to: nil)
        _ = base.apply(flat, to: section)
      }
      return changeset
    }
  }

  /// `snapshotForExpandingParent`'s result is adopted only for an item
  /// without children.
  public struct KeepsExistingChildren: ForwardingDataSource {
    public init() {}
    public var base = EngineDataSource<Int, Int>()
    public var sectionSnapshotHandlers: SectionSnapshotHandlers<EngineSectionSnapshot<Int>> {
      get { base.sectionSnapshotHandlers }
      set {
        var handlers = newValue
        if let load = newValue.snapshotForExpandingParent {
          handlers.snapshotForExpandingParent = { item, children in
            let loaded = load(item, children)
            return children.items.isEmpty ? loaded : children
          }
        }
        base.sectionSnapshotHandlers = handlers
      }
    }
  }

  /// `insertItems([], beforeItem:)` / `afterItem:` with a missing anchor
  /// does nothing instead of throwing (Apple raises).
  public struct LenientEmptyInsert: ForwardingFullSnapshot {
    public init() {}
    public var base = EngineSnapshot<Int, Int>()
    public mutating func insertItems(_ ids: [Int], beforeItem: Int) throws(SnapshotError) {
      if ids.isEmpty { return }
      try base.insertItems(ids, beforeItem: beforeItem)
    }
    public mutating func insertItems(_ ids: [Int], afterItem: Int) throws(SnapshotError) {
      if ids.isEmpty { return }
      try base.insertItems(ids, afterItem: afterItem)
    }
  }

  /// The section-snapshot twin: `insert([], before:)` / `after:` with a
  /// missing anchor throws, where the spec validates nothing (U-empty).
  public struct StrictEmptyInsert: ForwardingSectionSnapshot {
    public var base = EngineSectionSnapshot<Int>()
    public init() {}
    public init(base: EngineSectionSnapshot<Int>) { self.base = base }
    public mutating func insert(_ items: [Int], before item: Int) throws(SnapshotError) {
      if items.isEmpty && !base.contains(item) { throw .insertDestinationNotFound(String(item)) }
      try base.insert(items, before: item)
    }
    public mutating func insert(_ items: [Int], after item: Int) throws(SnapshotError) {
      if items.isEmpty && !base.contains(item) { throw .insertDestinationNotFound(String(item)) }
      try base.insert(items, after: item)
    }
  }

  /// An item-table-like bug only bulk scenarios reach: in a snapshot of at
  /// least 40 items where several ids were deleted at once, an append whose
  /// claim fails on a repeated id leaves its first new id behind.
  public struct FailedClaimAfterDeletes: ForwardingFullSnapshot {
    public init() {}
    public var base = EngineSnapshot<Int, Int>()
    public var deletedMany = false
    public mutating func deleteItems(_ ids: [Int]) throws(SnapshotError) {
      if ids.count > 1 && base.numberOfItems >= 40 { deletedMany = true }
      try base.deleteItems(ids)
    }
    public mutating func appendItems(_ ids: [Int], toSection section: Int?) throws(SnapshotError) {
      do {
        try base.appendItems(ids, toSection: section)
      } catch {
        if case .duplicateInArgument = error, deletedMany, base.numberOfItems >= 40,
          let first = ids.first, base.indexOfItem(first) == nil
        {
          try? base.appendItems([first], toSection: section)
        }
        throw error
      }
    }
  }
}
