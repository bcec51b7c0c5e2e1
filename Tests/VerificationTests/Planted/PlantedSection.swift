import SnapshotCore
import SnapshotEngine

/// Section snapshots with one planted bug each, for the `section.`,
/// `expansion.` and `meta.` families.
enum PlantedSection {
  /// `delete` ignores missing ids instead of throwing `.deleteMissing`.
  struct LenientDelete: ForwardingSectionSnapshot {
    var base = EngineSectionSnapshot<Int>()
    init() {}
    init(base: EngineSectionSnapshot<Int>) { self.base = base }
    mutating func delete(_ items: [Int]) throws(SnapshotError) {
      try base.delete(items.filter { base.contains($0) })
    }
  }

  /// `visibleItems` looks only at the direct parent's flag, not at every
  /// ancestor.
  struct ParentOnlyVisibility: ForwardingSectionSnapshot {
    var base = EngineSectionSnapshot<Int>()
    init() {}
    init(base: EngineSectionSnapshot<Int>) { self.base = base }
    var visibleItems: [Int] {
      base.items.filter { item in
        guard let parent = (try? base.parent(of: item)) ?? nil else { return true }
        return (try? base.isExpanded(parent)) ?? false
      }
    }
  }

  /// `collapse` also collapses every descendant.
  struct CascadingCollapse: ForwardingSectionSnapshot {
    var base = EngineSectionSnapshot<Int>()
    init() {}
    init(base: EngineSectionSnapshot<Int>) { self.base = base }
    mutating func collapse(_ items: [Int]) {
      let subtrees = items.flatMap {
        (try? base.snapshot(of: $0, includingParent: true))?.items ?? []
      }
      base.collapse(subtrees)
    }
  }

  /// `delete` forgets to drop the flags: a deleted expanded item comes back
  /// expanded when re-added.
  struct StaleFlags: ForwardingSectionSnapshot {
    var base = EngineSectionSnapshot<Int>()
    var stale: [Int] = []
    init() {}
    init(base: EngineSectionSnapshot<Int>) { self.base = base }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.base == rhs.base }
    mutating func delete(_ items: [Int]) throws(SnapshotError) {
      let gone = items.flatMap { (try? base.snapshot(of: $0, includingParent: true))?.items ?? [] }
      let flagged = gone.filter { (try? base.isExpanded($0)) ?? false }
      try base.delete(items)
      stale += flagged
    }
    mutating func append(_ items: [Int], to parent: Int?) throws(SnapshotError) {
      try base.append(items, to: parent)
      base.expand(items.filter(stale.contains))
    }
  }

  /// `insert(snapshot, …)` grafts the tree but drops its flags.
  struct FlaglessGraft: ForwardingSectionSnapshot {
    var base = EngineSectionSnapshot<Int>()
    init() {}
    init(base: EngineSectionSnapshot<Int>) { self.base = base }
    mutating func insert(_ snapshot: Self, after item: Int) throws(SnapshotError) {
      try base.insert(snapshot.base, after: item)
      base.collapse(snapshot.items)
    }
  }

  /// `snapshot(of:)` extracts the subtree without its flags.
  struct FlaglessExtract: ForwardingSectionSnapshot {
    var base = EngineSectionSnapshot<Int>()
    init() {}
    init(base: EngineSectionSnapshot<Int>) { self.base = base }
    func snapshot(of parent: Int, includingParent: Bool) throws(SnapshotError) -> Self {
      var extracted = try base.snapshot(of: parent, includingParent: includingParent)
      extracted.collapse(extracted.items)
      return Self(base: extracted)
    }
  }

  /// `replace(childrenOf:using:)` also collapses the parent.
  struct ReplaceCollapsesParent: ForwardingSectionSnapshot {
    var base = EngineSectionSnapshot<Int>()
    init() {}
    init(base: EngineSectionSnapshot<Int>) { self.base = base }
    mutating func replace(childrenOf parent: Int, using snapshot: Self) throws(SnapshotError) {
      try base.replace(childrenOf: parent, using: snapshot.base)
      base.collapse([parent])
    }
  }

  /// Copies share storage (reference semantics).
  struct SharedStorage: ForwardingSectionSnapshot {
    final class Box: @unchecked Sendable {
      var value = EngineSectionSnapshot<Int>()
    }
    let box = Box()
    init() {}
    init(base: EngineSectionSnapshot<Int>) { box.value = base }
    var base: EngineSectionSnapshot<Int> {
      get { box.value }
      nonmutating set { box.value = newValue }
    }
  }
}
