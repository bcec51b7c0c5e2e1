import SnapshotCore
import SnapshotEngine

/// A fixture in the style of `NSDiffableDataSourceSectionSnapshot` and its
/// backports: Apple's non-throwing API, a trap wherever Apple raises (or
/// lenient, per `Flavor`).
struct AppleStyleSectionSnapshot<ItemIdentifierType: Hashable & Sendable, Flavor: FixtureFlavor>:
  Equatable
{
  var engine = EngineSectionSnapshot<ItemIdentifierType>()
  /// Ids `expand()` was given while missing (the planted bug only).
  var remembered: [ItemIdentifierType] = []

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.engine == rhs.engine }

  init() {}

  init(engine: EngineSectionSnapshot<ItemIdentifierType>) { self.engine = engine }

  var items: [ItemIdentifierType] { engine.items }
  var rootItems: [ItemIdentifierType] { engine.rootItems }
  var visibleItems: [ItemIdentifierType] { engine.visibleItems }
  var expandedItems: [ItemIdentifierType] { engine.expandedItems }
  func index(of item: ItemIdentifierType) -> Int? { engine.index(of: item) }
  func level(of item: ItemIdentifierType) -> Int {
    raising(Flavor.self, 0) { () throws(SnapshotError) in try engine.level(of: item) }
  }
  func parent(of item: ItemIdentifierType) -> ItemIdentifierType? {
    raising(Flavor.self, nil) { () throws(SnapshotError) in try engine.parent(of: item) }
  }
  func contains(_ item: ItemIdentifierType) -> Bool { engine.contains(item) }
  func isExpanded(_ item: ItemIdentifierType) -> Bool {
    raising(Flavor.self, false) { () throws(SnapshotError) in try engine.isExpanded(item) }
  }
  func isVisible(_ item: ItemIdentifierType) -> Bool {
    raising(Flavor.self, false) { () throws(SnapshotError) in try engine.isVisible(item) }
  }
  func snapshot(of parent: ItemIdentifierType, includingParent: Bool) -> Self {
    Self(
      engine: raising(Flavor.self, .init()) { () throws(SnapshotError) in
        try engine.snapshot(of: parent, includingParent: includingParent)
      })
  }
  func visualDescription() -> String { engine.visualDescription() }

  mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType?) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in try engine.append(items, to: parent) }
    engine.expand(items.filter(remembered.contains))
  }
  mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in try engine.insert(items, before: item) }
  }
  mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in try engine.insert(items, after: item) }
  }
  mutating func insert(_ snapshot: Self, before item: ItemIdentifierType) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in
      try engine.insert(snapshot.engine, before: item)
    }
  }
  mutating func insert(_ snapshot: Self, after item: ItemIdentifierType) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in
      try engine.insert(snapshot.engine, after: item)
    }
  }
  mutating func delete(_ items: [ItemIdentifierType]) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in try engine.delete(items) }
  }
  mutating func deleteAll() { engine.deleteAll() }
  mutating func expand(_ items: [ItemIdentifierType]) {
    if Flavor.expandRemembersMissing { remembered += items.filter { !engine.contains($0) } }
    engine.expand(items)
  }
  mutating func collapse(_ items: [ItemIdentifierType]) {
    guard Flavor.collapseCascades else { return engine.collapse(items) }
    let descendants = items.flatMap {
      (try? engine.snapshot(of: $0, includingParent: false).items) ?? []
    }
    engine.collapse(items + descendants)
  }
  mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: Self) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in
      try engine.replace(childrenOf: parent, using: snapshot.engine)
    }
  }
}
