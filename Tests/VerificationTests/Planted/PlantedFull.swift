import SnapshotCore
import SnapshotEngine

/// Full snapshots with one planted bug each, for the `full.` and `meta.`
/// families.
enum PlantedFull {
  /// `appendItems` that skips the ids already in `base` (after the checks
  /// of a real append).
  static func appendSkippingExisting(
    _ ids: [Int], toSection section: Int?, in base: inout EngineSnapshot<Int, Int>
  ) throws(SnapshotError) {
    var probe = base
    try probe.appendItems(ids, toSection: section)
    try base.appendItems(ids.filter { base.indexOfItem($0) == nil }, toSection: section)
  }

  /// `appendItems` skips ids already in the snapshot instead of moving them
  /// (breaks R-exists).
  struct SkipExistingMove: ForwardingFullSnapshot {
    var base = EngineSnapshot<Int, Int>()
    mutating func appendItems(_ ids: [Int], toSection section: Int?) throws(SnapshotError) {
      try PlantedFull.appendSkippingExisting(ids, toSection: section, in: &base)
    }
  }

  /// `indexOfItem` answers the index within the item's section, not the
  /// global one.
  struct SectionLocalIndex: ForwardingFullSnapshot {
    var base = EngineSnapshot<Int, Int>()
    func indexOfItem(_ item: Int) -> Int? {
      guard let section = base.sectionIdentifier(containingItem: item) else { return nil }
      return (try? base.itemIdentifiers(inSection: section))?.firstIndex(of: item)
    }
  }

  /// `itemIdentifiers(at:)` reads every path's item index in the first
  /// section, whatever its section index.
  struct FirstSectionPositions: ForwardingFullSnapshot {
    var base = EngineSnapshot<Int, Int>()
    func itemIdentifiers(at paths: [ItemPath]) -> [Int]? {
      base.itemIdentifiers(at: paths.map { ItemPath(section: 0, item: $0.item) })
    }
  }

  /// `deleteSections` checks for duplicates only after deleting (not
  /// atomic).
  struct NonAtomicDeleteSections: ForwardingFullSnapshot {
    var base = EngineSnapshot<Int, Int>()
    mutating func deleteSections(_ ids: [Int]) throws(SnapshotError) {
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
  struct SharedStorage: ForwardingFullSnapshot {
    final class Box: @unchecked Sendable {
      var value = EngineSnapshot<Int, Int>()
    }
    let box = Box()
    var base: EngineSnapshot<Int, Int> {
      get { box.value }
      nonmutating set { box.value = newValue }
    }
  }

  /// Two independent bugs in one property (`full.differential`): the
  /// `appendItems` of `SkipExistingMove`, and a `deleteAllItems` that
  /// empties the sections but keeps them.
  struct SkipExistingMoveKeepingSections: ForwardingFullSnapshot {
    var base = EngineSnapshot<Int, Int>()
    mutating func appendItems(_ ids: [Int], toSection section: Int?) throws(SnapshotError) {
      try PlantedFull.appendSkippingExisting(ids, toSection: section, in: &base)
    }
    mutating func deleteAllItems() {
      try? base.deleteItems(base.itemIdentifiers)
    }
  }
}
