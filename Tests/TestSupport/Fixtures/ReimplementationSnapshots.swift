import SnapshotCore
import SnapshotEngine

/// A fixture in the style of a fast diffable reimplementation (issue 18):
/// its snapshot throws like the engine but keeps marks in `Set`s under
/// Apple's names (so mark order is not its promise); it conforms with no
/// renaming wrapper. `Bug` may plant a bug.
public struct SetMarksSnapshot<Bug: ReimplementationBug>: SnapshotProtocol {
  public init() {}
  public var engine = EngineSnapshot<Int, Int>()

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.engine == rhs.engine }

  public var numberOfItems: Int { engine.numberOfItems }
  public var numberOfSections: Int { engine.numberOfSections }
  public var sectionIdentifiers: [Int] { engine.sectionIdentifiers }
  public var itemIdentifiers: [Int] { engine.itemIdentifiers }
  public func numberOfItems(inSection section: Int) throws(SnapshotError) -> Int {
    try engine.numberOfItems(inSection: section)
  }
  public func itemIdentifiers(inSection section: Int) throws(SnapshotError) -> [Int] {
    try engine.itemIdentifiers(inSection: section)
  }
  public func sectionIdentifier(containingItem item: Int) -> Int? {
    engine.sectionIdentifier(containingItem: item)
  }
  public func indexOfItem(_ item: Int) -> Int? { engine.indexOfItem(item) }
  public func indexOfSection(_ section: Int) -> Int? { engine.indexOfSection(section) }
  public var reloadedItemIdentifiers: Set<Int> {
    Set(
      engine.reloadedItemIdentifiers
        + (Bug.reconfigureMarksReload ? engine.reconfiguredItemIdentifiers : []))
  }
  public var reloadedSectionIdentifiers: Set<Int> { Set(engine.reloadedSectionIdentifiers) }
  public var reconfiguredItemIdentifiers: Set<Int> { Set(engine.reconfiguredItemIdentifiers) }

  public mutating func appendItems(_ ids: [Int], toSection section: Int?) throws(SnapshotError) {
    try engine.appendItems(ids, toSection: section)
  }
  public mutating func insertItems(_ ids: [Int], beforeItem: Int) throws(SnapshotError) {
    try engine.insertItems(ids, beforeItem: beforeItem)
  }
  public mutating func insertItems(_ ids: [Int], afterItem: Int) throws(SnapshotError) {
    try engine.insertItems(ids, afterItem: afterItem)
  }
  public mutating func deleteItems(_ ids: [Int]) throws(SnapshotError) {
    try engine.deleteItems(ids)
  }
  public mutating func deleteAllItems() { engine.deleteAllItems() }
  public mutating func moveItem(_ item: Int, beforeItem: Int) throws(SnapshotError) {
    try engine.moveItem(item, beforeItem: beforeItem)
  }
  public mutating func moveItem(_ item: Int, afterItem: Int) throws(SnapshotError) {
    try engine.moveItem(item, afterItem: afterItem)
  }
  public mutating func reloadItems(_ ids: [Int]) throws(SnapshotError) {
    try engine.reloadItems(ids)
  }
  public mutating func reconfigureItems(_ ids: [Int]) throws(SnapshotError) {
    try engine.reconfigureItems(ids)
  }
  public mutating func appendSections(_ ids: [Int]) throws(SnapshotError) {
    try engine.appendSections(ids)
  }
  public mutating func insertSections(_ ids: [Int], beforeSection: Int) throws(SnapshotError) {
    try engine.insertSections(ids, beforeSection: beforeSection)
  }
  public mutating func insertSections(_ ids: [Int], afterSection: Int) throws(SnapshotError) {
    try engine.insertSections(ids, afterSection: afterSection)
  }
  public mutating func deleteSections(_ ids: [Int]) throws(SnapshotError) {
    try engine.deleteSections(ids)
  }
  public mutating func moveSection(_ section: Int, beforeSection: Int) throws(SnapshotError) {
    try engine.moveSection(section, beforeSection: beforeSection)
  }
  public mutating func moveSection(_ section: Int, afterSection: Int) throws(SnapshotError) {
    try engine.moveSection(section, afterSection: afterSection)
  }
  public mutating func reloadSections(_ ids: [Int]) throws(SnapshotError) {
    try engine.reloadSections(ids)
  }
  public mutating func removeAllMarks() { engine.removeAllMarks() }
  public func invariantViolations() -> [String] { engine.invariantViolations() }
}

/// The reimplementation's section snapshot: no inserting a snapshot, no
/// `replace(childrenOf:using:)`, no `deleteAll()`, no `index(of:)`.
public struct PartialSectionSnapshot<Bug: ReimplementationBug>: SectionSnapshotProtocol {
  public var engine = EngineSectionSnapshot<Int>()

  public static var capabilities: SectionSnapshotCapabilities {
    SectionSnapshotCapabilities.all.subtracting([
      .insertSnapshot, .replaceChildren, .deleteAll, .indexOf,
    ])
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.engine == rhs.engine }

  public init() {}
  public init(engine: EngineSectionSnapshot<Int>) { self.engine = engine }

  public var items: [Int] { engine.items }
  public var rootItems: [Int] { engine.rootItems }
  public var visibleItems: [Int] { engine.visibleItems }
  public var expandedItems: [Int] { engine.expandedItems }
  public func level(of item: Int) throws(SnapshotError) -> Int { try engine.level(of: item) }
  public func parent(of item: Int) throws(SnapshotError) -> Int? { try engine.parent(of: item) }
  public func contains(_ item: Int) -> Bool { engine.contains(item) }
  public func isExpanded(_ item: Int) throws(SnapshotError) -> Bool { try engine.isExpanded(item) }
  public func isVisible(_ item: Int) throws(SnapshotError) -> Bool { try engine.isVisible(item) }
  public func snapshot(of parent: Int, includingParent: Bool) throws(SnapshotError) -> Self {
    Self(engine: try engine.snapshot(of: parent, includingParent: includingParent))
  }
  public func visualDescription() -> String { engine.visualDescription() }
  public mutating func append(_ items: [Int], to parent: Int?) throws(SnapshotError) {
    try engine.append(items, to: parent)
  }
  public mutating func insert(_ items: [Int], before item: Int) throws(SnapshotError) {
    try engine.insert(items, before: item)
  }
  public mutating func insert(_ items: [Int], after item: Int) throws(SnapshotError) {
    try engine.insert(items, after: item)
  }
  public mutating func delete(_ items: [Int]) throws(SnapshotError) { try engine.delete(items) }
  public mutating func expand(_ items: [Int]) {
    engine.expand(Bug.expandDropsLast ? Array(items.dropLast()) : items)
  }
  public mutating func collapse(_ items: [Int]) { engine.collapse(items) }
  public func invariantViolations() -> [String] { engine.invariantViolations() }
}

/// A bug planted in the reimplementation fixtures.
public protocol ReimplementationBug: Sendable {
  /// `reloadedItemIdentifiers` also lists the reconfigured items.
  static var reconfigureMarksReload: Bool { get }
  /// `expand(_:)` ignores its last id.
  static var expandDropsLast: Bool { get }
}

extension ReimplementationBug {
  public static var reconfigureMarksReload: Bool { false }
  public static var expandDropsLast: Bool { false }
}

/// No bug.
public enum NoReimplementationBug: ReimplementationBug {}

/// Reconfigure marks show up as reload marks.
public enum ReconfigureShowsAsReload: ReimplementationBug {
  public static var reconfigureMarksReload: Bool { true }
}

/// `expand(_:)` drops its last id.
public enum ExpandDropsLast: ReimplementationBug {
  public static var expandDropsLast: Bool { true }
}

/// The reimplementation's differ: the engine's, on the snapshot's storage.
public struct SetMarksDiffer<Bug: ReimplementationBug>: DifferProtocol, Sendable {
  public init() {}

  public func changeset(
    from old: SetMarksSnapshot<Bug>, to new: SetMarksSnapshot<Bug>, options: DiffOptions<Int>
  ) -> Changeset {
    EngineDiffer<Int, Int>().changeset(from: old.engine, to: new.engine, options: options)
  }
}

/// A user with only a differ, written over plain layouts (sections with
/// their items), the marks and the items whose content changed. `Bug` may
/// plant a bug.
public struct LayoutOnlyDiffer<Bug: DifferOnlyBug>: Sendable {
  public typealias Layout = [(section: Int, items: [Int])]

  public func diff(
    old: Layout, new: Layout, reloaded: [Int], reconfigured: [Int], reloadedSections: [Int],
    updated: [Int], reconfigureUpdates: Bool
  ) -> Changeset {
    func engine(_ layout: Layout, marked: Bool) -> EngineSnapshot<Int, Int> {
      var snapshot = EngineSnapshot<Int, Int>()
      try? snapshot.appendSections(layout.map(\.section))
      for (section, items) in layout where !items.isEmpty {
        try? snapshot.appendItems(items, toSection: section)
      }
      if marked {
        try? snapshot.reloadItems(reloaded)
        try? snapshot.reconfigureItems(reconfigured)
        try? snapshot.reloadSections(reloadedSections)
      }
      return snapshot
    }
    let options = DiffOptions<Int>(
      oldContent: Dictionary(uniqueKeysWithValues: old.flatMap(\.items).map { ($0, 0) }),
      newContent: Dictionary(
        uniqueKeysWithValues: new.flatMap(\.items).map { ($0, updated.contains($0) ? 1 : 0) }),
      contentUpdate: reconfigureUpdates ? .reconfigure : .reload)
    var changeset = EngineDiffer<Int, Int>().changeset(
      from: engine(old, marked: false), to: engine(new, marked: true), options: options)
    if Bug.dropsSectionReloads {
      for index in changeset.batches.indices { changeset.batches[index].sectionReloads = [] }
    }
    return changeset
  }
}

/// A bug planted in `LayoutOnlyDiffer`.
public protocol DifferOnlyBug: Sendable {
  /// Section reload marks are dropped.
  static var dropsSectionReloads: Bool { get }
}

extension DifferOnlyBug {
  public static var dropsSectionReloads: Bool { false }
}

/// No bug.
public enum NoDifferBug: DifferOnlyBug {}

/// Drops section reloads.
public enum DropsSectionReloads: DifferOnlyBug {
  public static var dropsSectionReloads: Bool { true }
}
