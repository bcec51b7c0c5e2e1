import SnapshotCore
import SnapshotModel

/// A `SectionSnapshotProtocol` wrapper around the reference model with one
/// planted bug: `insert(_:after:)` of items places them *before* the
/// destination's subtree (as its first children) when it has children.
struct SubtreeInsertSnapshot: SectionSnapshotProtocol {
  var base = ModelSectionSnapshot<Int>()

  init() {}

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.base == rhs.base }

  var items: [Int] { base.items }
  var rootItems: [Int] { base.rootItems }
  var visibleItems: [Int] { base.visibleItems }
  var expandedItems: [Int] { base.expandedItems }
  func index(of item: Int) -> Int? { base.index(of: item) }
  func level(of item: Int) throws(SnapshotError) -> Int { try base.level(of: item) }
  func parent(of item: Int) throws(SnapshotError) -> Int? { try base.parent(of: item) }
  func contains(_ item: Int) -> Bool { base.contains(item) }
  func isExpanded(_ item: Int) throws(SnapshotError) -> Bool { try base.isExpanded(item) }
  func isVisible(_ item: Int) throws(SnapshotError) -> Bool { try base.isVisible(item) }
  func snapshot(of parent: Int, includingParent: Bool) throws(SnapshotError) -> Self {
    var copy = Self()
    copy.base = try base.snapshot(of: parent, includingParent: includingParent)
    return copy
  }
  func visualDescription() -> String { base.visualDescription() }

  mutating func append(_ items: [Int], to parent: Int?) throws(SnapshotError) {
    try base.append(items, to: parent)
  }
  mutating func insert(_ items: [Int], before item: Int) throws(SnapshotError) {
    try base.insert(items, before: item)
  }
  mutating func insert(_ items: [Int], after item: Int) throws(SnapshotError) {
    if !items.isEmpty, base.contains(item),
      let firstChild = try base.snapshot(of: item).rootItems.first
    {
      try base.insert(items, before: firstChild)
    } else {
      try base.insert(items, after: item)
    }
  }
  mutating func insert(_ snapshot: Self, before item: Int) throws(SnapshotError) {
    try base.insert(snapshot.base, before: item)
  }
  mutating func insert(_ snapshot: Self, after item: Int) throws(SnapshotError) {
    try base.insert(snapshot.base, after: item)
  }
  mutating func delete(_ items: [Int]) throws(SnapshotError) { try base.delete(items) }
  mutating func deleteAll() { base.deleteAll() }
  mutating func expand(_ items: [Int]) { base.expand(items) }
  mutating func collapse(_ items: [Int]) { base.collapse(items) }
  mutating func replace(childrenOf parent: Int, using snapshot: Self) throws(SnapshotError) {
    try base.replace(childrenOf: parent, using: snapshot.base)
  }
  func invariantViolations() -> [String] { base.invariantViolations() }
}
