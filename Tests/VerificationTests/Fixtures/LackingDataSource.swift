import SnapshotCore
import SnapshotEngine

/// A full snapshot that keeps its marks to itself (it declares
/// `.readableMarks` missing; only its own data source reads them) and
/// declares `reconfigureItems` and `==` missing.
struct OpaqueMarksSnapshot: ForwardingFullSnapshot {
  var base = EngineSnapshot<Int, Int>()

  static var capabilities: SnapshotCapabilities {
    SnapshotCapabilities.all.subtracting([.readableMarks, .orderedMarks, .reconfigure, .equality])
  }
  /// Lacking: does nothing (a catalog that made the call would see no
  /// reconfigure where the reference has one).
  mutating func reconfigureItems(_ ids: [Int]) throws(SnapshotError) {}
}

/// A section snapshot without `visualDescription()`, `expandedItems`,
/// `index(of:)` and `==` (declared missing): the first three answer
/// wrongly, so a catalog that read one would fail; `==` is the protocol's
/// default (its data source compares trees with it). `Bug` may plant a bug
/// in `expand`.
struct BareSectionSnapshot<Bug: ReimplementationBug>: SectionSnapshotProtocol {
  var engine = EngineSectionSnapshot<Int>()

  static var capabilities: SectionSnapshotCapabilities {
    SectionSnapshotCapabilities.all.subtracting([
      .visualDescription, .expandedItems, .indexOf, .equality,
    ])
  }

  init() {}
  init(engine: EngineSectionSnapshot<Int>) { self.engine = engine }

  var items: [Int] { engine.items }
  var rootItems: [Int] { engine.rootItems }
  var visibleItems: [Int] { engine.visibleItems }
  var expandedItems: [Int] { engine.items }
  func index(of item: Int) -> Int? { 0 }
  func visualDescription() -> String { "not UIKit's text" }
  func level(of item: Int) throws(SnapshotError) -> Int { try engine.level(of: item) }
  func parent(of item: Int) throws(SnapshotError) -> Int? { try engine.parent(of: item) }
  func contains(_ item: Int) -> Bool { engine.contains(item) }
  func isExpanded(_ item: Int) throws(SnapshotError) -> Bool { try engine.isExpanded(item) }
  func isVisible(_ item: Int) throws(SnapshotError) -> Bool { try engine.isVisible(item) }
  func snapshot(of parent: Int, includingParent: Bool) throws(SnapshotError) -> Self {
    Self(engine: try engine.snapshot(of: parent, includingParent: includingParent))
  }
  mutating func append(_ items: [Int], to parent: Int?) throws(SnapshotError) {
    try engine.append(items, to: parent)
  }
  mutating func insert(_ items: [Int], before item: Int) throws(SnapshotError) {
    try engine.insert(items, before: item)
  }
  mutating func insert(_ items: [Int], after item: Int) throws(SnapshotError) {
    try engine.insert(items, after: item)
  }
  mutating func insert(_ snapshot: Self, before item: Int) throws(SnapshotError) {
    try engine.insert(snapshot.engine, before: item)
  }
  mutating func insert(_ snapshot: Self, after item: Int) throws(SnapshotError) {
    try engine.insert(snapshot.engine, after: item)
  }
  mutating func delete(_ items: [Int]) throws(SnapshotError) { try engine.delete(items) }
  mutating func deleteAll() { engine.deleteAll() }
  mutating func replace(childrenOf parent: Int, using snapshot: Self) throws(SnapshotError) {
    try engine.replace(childrenOf: parent, using: snapshot.engine)
  }
  mutating func expand(_ items: [Int]) {
    engine.expand(Bug.expandDropsLast ? Array(items.dropLast()) : items)
  }
  mutating func collapse(_ items: [Int]) { engine.collapse(items) }
  func invariantViolations() -> [String] { engine.invariantViolations() }
}

/// The data source's differ: the engine's, on the snapshot's storage.
struct OpaqueMarksDiffer: DataSourceDiffer, Sendable {
  func changeset(
    from old: OpaqueMarksSnapshot, to new: OpaqueMarksSnapshot, options: DiffOptions<Int>
  ) -> Changeset {
    EngineDiffer<Int, Int>().changeset(from: old.base, to: new.base, options: options)
  }
}

/// A user's data source over snapshot types that lack marks, `==`,
/// `reconfigureItems`, `visualDescription()`, `expandedItems` and
/// `index(of:)` (issue 18): the data-source audits must not judge it on
/// them.
typealias LackingDataSource<Bug: ReimplementationBug> = DiffableDataSource<
  OpaqueMarksSnapshot, BareSectionSnapshot<Bug>, OpaqueMarksDiffer
>
