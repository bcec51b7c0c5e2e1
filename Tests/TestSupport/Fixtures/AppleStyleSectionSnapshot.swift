import SnapshotCore
import SnapshotEngine

/// A fixture in the style of `NSDiffableDataSourceSectionSnapshot` and its
/// backports: Apple's non-throwing API, a trap wherever Apple raises (or
/// lenient, per `Flavor`).
public struct AppleStyleSectionSnapshot<
  ItemIdentifierType: Hashable & Sendable, Flavor: FixtureFlavor
>:
  Equatable
{
  public var engine = EngineSectionSnapshot<ItemIdentifierType>()
  /// Ids `expand()` was given while missing (the planted bug only).
  public var remembered: [ItemIdentifierType] = []

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.engine == rhs.engine }

  public init() {}

  public init(engine: EngineSectionSnapshot<ItemIdentifierType>) { self.engine = engine }

  public var items: [ItemIdentifierType] { engine.items }
  public var rootItems: [ItemIdentifierType] { engine.rootItems }
  public var visibleItems: [ItemIdentifierType] { engine.visibleItems }
  public var expandedItems: [ItemIdentifierType] { engine.expandedItems }
  public func index(of item: ItemIdentifierType) -> Int? { engine.index(of: item) }
  public func level(of item: ItemIdentifierType) -> Int {
    raising(Flavor.self, 0) { () throws(SnapshotError) in try engine.level(of: item) }
  }
  public func parent(of item: ItemIdentifierType) -> ItemIdentifierType? {
    raising(Flavor.self, nil) { () throws(SnapshotError) in try engine.parent(of: item) }
  }
  public func contains(_ item: ItemIdentifierType) -> Bool { engine.contains(item) }
  public func isExpanded(_ item: ItemIdentifierType) -> Bool {
    raising(Flavor.self, false) { () throws(SnapshotError) in try engine.isExpanded(item) }
  }
  public func isVisible(_ item: ItemIdentifierType) -> Bool {
    raising(Flavor.self, false) { () throws(SnapshotError) in try engine.isVisible(item) }
  }
  public func snapshot(of parent: ItemIdentifierType, includingParent: Bool) -> Self {
    Self(
      engine: raising(Flavor.self, .init()) { () throws(SnapshotError) in
        try engine.snapshot(of: parent, includingParent: includingParent)
      })
  }
  public func visualDescription() -> String { engine.visualDescription() }

  public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType?) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in try engine.append(items, to: parent) }
    engine.expand(items.filter(remembered.contains))
  }
  public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in try engine.insert(items, before: item) }
  }
  public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in try engine.insert(items, after: item) }
  }
  public mutating func insert(_ snapshot: Self, before item: ItemIdentifierType) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in
      try engine.insert(snapshot.engine, before: item)
    }
  }
  public mutating func insert(_ snapshot: Self, after item: ItemIdentifierType) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in
      try engine.insert(snapshot.engine, after: item)
    }
  }
  public mutating func delete(_ items: [ItemIdentifierType]) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in try engine.delete(items) }
  }
  public mutating func deleteAll() { engine.deleteAll() }
  public mutating func expand(_ items: [ItemIdentifierType]) {
    if Flavor.expandRemembersMissing { remembered += items.filter { !engine.contains($0) } }
    engine.expand(items)
  }
  public mutating func collapse(_ items: [ItemIdentifierType]) {
    guard Flavor.collapseCascades else { return engine.collapse(items) }
    let descendants = items.flatMap {
      (try? engine.snapshot(of: $0, includingParent: false).items) ?? []
    }
    engine.collapse(items + descendants)
  }
  public mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: Self) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in
      try engine.replace(childrenOf: parent, using: snapshot.engine)
    }
  }
}
