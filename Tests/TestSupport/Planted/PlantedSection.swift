import SnapshotCore
import SnapshotEngine

/// Section snapshots with one planted bug each, for the `section.`,
/// `expansion.` and `meta.` families.
public enum PlantedSection {
  /// `delete` ignores missing ids instead of throwing `.deleteMissing`.
  public struct LenientDelete: ForwardingSectionSnapshot {
    public var base = EngineSectionSnapshot<Int>()
    public init() {}
    public init(base: EngineSectionSnapshot<Int>) { self.base = base }
    public mutating func delete(_ items: [Int]) throws(SnapshotError) {
      try base.delete(items.filter { base.contains($0) })
    }
  }

  /// `visibleItems` looks only at the direct parent's flag, not at every
  /// ancestor.
  public struct ParentOnlyVisibility: ForwardingSectionSnapshot {
    public var base = EngineSectionSnapshot<Int>()
    public init() {}
    public init(base: EngineSectionSnapshot<Int>) { self.base = base }
    public var visibleItems: [Int] {
      base.items.filter { item in
        guard let parent = (try? base.parent(of: item)) ?? nil else { return true }
        return (try? base.isExpanded(parent)) ?? false
      }
    }
  }

  /// `collapse` also collapses every descendant.
  public struct CascadingCollapse: ForwardingSectionSnapshot {
    public var base = EngineSectionSnapshot<Int>()
    public init() {}
    public init(base: EngineSectionSnapshot<Int>) { self.base = base }
    public mutating func collapse(_ items: [Int]) {
      let subtrees = items.flatMap {
        (try? base.snapshot(of: $0, includingParent: true))?.items ?? []
      }
      base.collapse(subtrees)
    }
  }

  /// `delete` forgets to drop the flags: a deleted expanded item comes back
  /// expanded when re-added.
  public struct StaleFlags: ForwardingSectionSnapshot {
    public var base = EngineSectionSnapshot<Int>()
    public var stale: [Int] = []
    public init() {}
    public init(base: EngineSectionSnapshot<Int>) { self.base = base }
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.base == rhs.base }
    public mutating func delete(_ items: [Int]) throws(SnapshotError) {
      let gone = items.flatMap { (try? base.snapshot(of: $0, includingParent: true))?.items ?? [] }
      let flagged = gone.filter { (try? base.isExpanded($0)) ?? false }
      try base.delete(items)
      stale += flagged
    }
    public mutating func append(_ items: [Int], to parent: Int?) throws(SnapshotError) {
      try base.append(items, to: parent)
      base.expand(items.filter(stale.contains))
    }
  }

  /// `insert(snapshot, …)` grafts the tree but drops its flags.
  public struct FlaglessGraft: ForwardingSectionSnapshot {
    public var base = EngineSectionSnapshot<Int>()
    public init() {}
    public init(base: EngineSectionSnapshot<Int>) { self.base = base }
    public mutating func insert(_ snapshot: Self, after item: Int) throws(SnapshotError) {
      try base.insert(snapshot.base, after: item)
      base.collapse(snapshot.items)
    }
  }

  /// `snapshot(of:)` extracts the subtree without its flags.
  public struct FlaglessExtract: ForwardingSectionSnapshot {
    public var base = EngineSectionSnapshot<Int>()
    public init() {}
    public init(base: EngineSectionSnapshot<Int>) { self.base = base }
    public func snapshot(of parent: Int, includingParent: Bool) throws(SnapshotError) -> Self {
      var extracted = try base.snapshot(of: parent, includingParent: includingParent)
      extracted.collapse(extracted.items)
      return Self(base: extracted)
    }
  }

  /// `replace(childrenOf:using:)` also collapses the parent.
  public struct ReplaceCollapsesParent: ForwardingSectionSnapshot {
    public var base = EngineSectionSnapshot<Int>()
    public init() {}
    public init(base: EngineSectionSnapshot<Int>) { self.base = base }
    public mutating func replace(childrenOf parent: Int, using snapshot: Self) throws(SnapshotError)
    {
      try base.replace(childrenOf: parent, using: snapshot.base)
      base.collapse([parent])
    }
  }

  /// Copies share storage (reference semantics).
  public struct SharedStorage: ForwardingSectionSnapshot {
    public final class Box: @unchecked Sendable {
      public var value = EngineSectionSnapshot<Int>()
    }
    public let box = Box()
    public init() {}
    public init(base: EngineSectionSnapshot<Int>) { box.value = base }
    public var base: EngineSectionSnapshot<Int> {
      get { box.value }
      nonmutating set { box.value = newValue }
    }
  }
}
