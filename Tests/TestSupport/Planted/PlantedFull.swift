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
