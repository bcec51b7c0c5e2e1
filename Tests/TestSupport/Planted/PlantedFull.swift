import SnapshotCore
import SnapshotEngine

/// Full snapshots with one planted bug each, for the `full.` and `meta.`
/// families.
public enum PlantedFull {
  /// `appendItems` that skips the ids already in `base` (after the checks
  /// of a real append).
  public static func appendSkippingExisting(
    _ ids: [Int], toSection section: Int?, in base: inout EngineSnapshot<Int, Int>
  ) throws(SnapshotError) {
    var probe = base
    try probe.appendItems(ids, toSection: section)
    try base.appendItems(ids.filter { base.indexOfItem($0) == nil }, toSection: section)
  }

  /// `appendItems` skips ids already in the snapshot instead of moving them
  /// (breaks R-exists).
  public struct SkipExistingMove: ForwardingFullSnapshot {
    public init() {}
    public var base = EngineSnapshot<Int, Int>()
    public mutating func appendItems(_ ids: [Int], toSection section: Int?) throws(SnapshotError) {
      try PlantedFull.appendSkippingExisting(ids, toSection: section, in: &base)
    }
  }

  /// `indexOfItem` answers the index within the item's section, not the
  /// global one.
  public struct SectionLocalIndex: ForwardingFullSnapshot {
    public init() {}
    public var base = EngineSnapshot<Int, Int>()
    public func indexOfItem(_ item: Int) -> Int? {
      guard let section = base.sectionIdentifier(containingItem: item) else { return nil }
      return (try? base.itemIdentifiers(inSection: section))?.firstIndex(of: item)
    }
  }

  /// `indexOfItem` reads a cache of 64 ids: an id past them (which only a
  /// long section holds) is reported missing.
  public struct FarItemLookup: ForwardingFullSnapshot {
    public init() {}
    public var base = EngineSnapshot<Int, Int>()
    public func indexOfItem(_ item: Int) -> Int? { item < 64 ? base.indexOfItem(item) : nil }
  }

  /// An index cache not shifted by a long insert: after `insertItems` of
  /// 16 or more ids, `indexOfItem` answers the items after the run with
  /// their indices from before it, until the next mutation.
  public struct StaleAfterLongInsert: ForwardingFullSnapshot {
    public init() {}
    public var base = EngineSnapshot<Int, Int>()
    /// The first index whose items moved up, and by how many places.
    var stale: (from: Int, by: Int)?

    public mutating func willForwardMutation() { stale = nil }

    public func indexOfItem(_ item: Int) -> Int? {
      guard let index = base.indexOfItem(item) else { return nil }
      guard let stale, index >= stale.from else { return index }
      return index - stale.by
    }
    public mutating func insertItems(_ ids: [Int], beforeItem: Int) throws(SnapshotError) {
      willForwardMutation()
      try base.insertItems(ids, beforeItem: beforeItem)
      noteRun(ids)
    }
    public mutating func insertItems(_ ids: [Int], afterItem: Int) throws(SnapshotError) {
      willForwardMutation()
      try base.insertItems(ids, afterItem: afterItem)
      noteRun(ids)
    }
    mutating func noteRun(_ ids: [Int]) {
      guard ids.count >= 16, let last = ids.last, let end = base.indexOfItem(last) else { return }
      stale = (end + 1, ids.count)
    }
  }

  /// `itemIdentifiers(at:)` reads every path's item index in the first
  /// section, whatever its section index.
  public struct FirstSectionPositions: ForwardingFullSnapshot {
    public init() {}
    public var base = EngineSnapshot<Int, Int>()
    public func itemIdentifiers(at paths: [ItemPath]) -> [Int]? {
      base.itemIdentifiers(at: paths.map { ItemPath(section: 0, item: $0.item) })
    }
  }

  /// `deleteSections` checks for duplicates only after deleting (not
  /// atomic).
  public struct NonAtomicDeleteSections: ForwardingFullSnapshot {
    public init() {}
    public var base = EngineSnapshot<Int, Int>()
    public mutating func deleteSections(_ ids: [Int]) throws(SnapshotError) {
      var seen: [Int] = []
      for id in ids {
        if seen.contains(id) { throw .duplicateInArgument(.section, [String(id)]) }
        seen.append(id)
        try base.deleteSections([id])
      }
    }
  }

  /// Copies share storage: a class box holds the state (reference
  /// semantics).
  public struct SharedStorage: ForwardingFullSnapshot {
    public init() {}
    public final class Box: @unchecked Sendable {
      public var value = EngineSnapshot<Int, Int>()
    }
    public let box = Box()
    public var base: EngineSnapshot<Int, Int> {
      get { box.value }
      nonmutating set { box.value = newValue }
    }
  }

  /// Two independent bugs in one property (`full.differential`): the
  /// `appendItems` of `SkipExistingMove`, and a `deleteAllItems` that
  /// empties the sections but keeps them.
  public struct SkipExistingMoveKeepingSections: ForwardingFullSnapshot {
    public init() {}
    public var base = EngineSnapshot<Int, Int>()
    public mutating func appendItems(_ ids: [Int], toSection section: Int?) throws(SnapshotError) {
      try PlantedFull.appendSkippingExisting(ids, toSection: section, in: &base)
    }
    public mutating func deleteAllItems() {
      try? base.deleteItems(base.itemIdentifiers)
    }
  }
}
