import SnapshotCore
import SnapshotEngine

/// A section snapshot that forwards everything to an
/// `EngineSectionSnapshot`; a planted bug overrides what it breaks.
public protocol ForwardingSectionSnapshot: SectionSnapshotProtocol where ItemIdentifier == Int {
  var base: EngineSectionSnapshot<Int> { get set }
  init(base: EngineSectionSnapshot<Int>)
}

extension ForwardingSectionSnapshot {
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.base == rhs.base }

  public var items: [Int] { base.items }
  public var rootItems: [Int] { base.rootItems }
  public var visibleItems: [Int] { base.visibleItems }
  public var expandedItems: [Int] { base.expandedItems }
  public func index(of item: Int) -> Int? { base.index(of: item) }
  public func level(of item: Int) throws(SnapshotError) -> Int { try base.level(of: item) }
  public func parent(of item: Int) throws(SnapshotError) -> Int? { try base.parent(of: item) }
  public func contains(_ item: Int) -> Bool { base.contains(item) }
  public func isExpanded(_ item: Int) throws(SnapshotError) -> Bool { try base.isExpanded(item) }
  public func isVisible(_ item: Int) throws(SnapshotError) -> Bool { try base.isVisible(item) }
  public func snapshot(of parent: Int, includingParent: Bool) throws(SnapshotError) -> Self {
    Self(base: try base.snapshot(of: parent, includingParent: includingParent))
  }
  public func visualDescription() -> String { base.visualDescription() }

  public mutating func append(_ items: [Int], to parent: Int?) throws(SnapshotError) {
    try base.append(items, to: parent)
  }
  public mutating func insert(_ items: [Int], before item: Int) throws(SnapshotError) {
    try base.insert(items, before: item)
  }
  public mutating func insert(_ items: [Int], after item: Int) throws(SnapshotError) {
    try base.insert(items, after: item)
  }
  public mutating func insert(_ snapshot: Self, before item: Int) throws(SnapshotError) {
    try base.insert(snapshot.base, before: item)
  }
  public mutating func insert(_ snapshot: Self, after item: Int) throws(SnapshotError) {
    try base.insert(snapshot.base, after: item)
  }
  public mutating func delete(_ items: [Int]) throws(SnapshotError) { try base.delete(items) }
  public mutating func deleteAll() { base.deleteAll() }
  public mutating func expand(_ items: [Int]) { base.expand(items) }
  public mutating func collapse(_ items: [Int]) { base.collapse(items) }
  public mutating func replace(childrenOf parent: Int, using snapshot: Self) throws(SnapshotError) {
    try base.replace(childrenOf: parent, using: snapshot.base)
  }
  public func invariantViolations() -> [String] { base.invariantViolations() }
}
