import SnapshotCore
import SnapshotEngine

/// A section snapshot that forwards everything to an
/// `EngineSectionSnapshot`; a planted bug overrides what it breaks.
protocol ForwardingSectionSnapshot: SectionSnapshotProtocol where ItemIdentifier == Int {
  var base: EngineSectionSnapshot<Int> { get set }
  init(base: EngineSectionSnapshot<Int>)
}

extension ForwardingSectionSnapshot {
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
    Self(base: try base.snapshot(of: parent, includingParent: includingParent))
  }
  func visualDescription() -> String { base.visualDescription() }

  mutating func append(_ items: [Int], to parent: Int?) throws(SnapshotError) {
    try base.append(items, to: parent)
  }
  mutating func insert(_ items: [Int], before item: Int) throws(SnapshotError) {
    try base.insert(items, before: item)
  }
  mutating func insert(_ items: [Int], after item: Int) throws(SnapshotError) {
    try base.insert(items, after: item)
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
