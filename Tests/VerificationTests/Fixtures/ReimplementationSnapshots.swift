import SnapshotCore
import SnapshotEngine

/// A fixture in the style of a fast diffable reimplementation (issue 18):
/// its snapshot throws like the engine but keeps marks in `Set`s under
/// Apple's names (so mark order is not its promise); it conforms with no
/// renaming wrapper. `Bug` may plant a bug.
struct SetMarksSnapshot<Bug: ReimplementationBug>: SnapshotProtocol {
  var engine = EngineSnapshot<Int, Int>()

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.engine == rhs.engine }

  var numberOfItems: Int { engine.numberOfItems }
  var numberOfSections: Int { engine.numberOfSections }
  var sectionIdentifiers: [Int] { engine.sectionIdentifiers }
  var itemIdentifiers: [Int] { engine.itemIdentifiers }
  func numberOfItems(inSection section: Int) throws(SnapshotError) -> Int {
    try engine.numberOfItems(inSection: section)
  }
  func itemIdentifiers(inSection section: Int) throws(SnapshotError) -> [Int] {
    try engine.itemIdentifiers(inSection: section)
  }
  func sectionIdentifier(containingItem item: Int) -> Int? {
    engine.sectionIdentifier(containingItem: item)
  }
  func indexOfItem(_ item: Int) -> Int? { engine.indexOfItem(item) }
  func indexOfSection(_ section: Int) -> Int? { engine.indexOfSection(section) }
  var reloadedItemIdentifiers: Set<Int> {
    Set(
      engine.reloadedItemIdentifiers
        + (Bug.reconfigureMarksReload ? engine.reconfiguredItemIdentifiers : []))
  }
  var reloadedSectionIdentifiers: Set<Int> { Set(engine.reloadedSectionIdentifiers) }
  var reconfiguredItemIdentifiers: Set<Int> { Set(engine.reconfiguredItemIdentifiers) }

  mutating func appendItems(_ ids: [Int], toSection section: Int?) throws(SnapshotError) {
    try engine.appendItems(ids, toSection: section)
  }
  mutating func insertItems(_ ids: [Int], beforeItem: Int) throws(SnapshotError) {
    try engine.insertItems(ids, beforeItem: beforeItem)
  }
  mutating func insertItems(_ ids: [Int], afterItem: Int) throws(SnapshotError) {
    try engine.insertItems(ids, afterItem: afterItem)
  }
  mutating func deleteItems(_ ids: [Int]) throws(SnapshotError) { try engine.deleteItems(ids) }
  mutating func deleteAllItems() { engine.deleteAllItems() }
  mutating func moveItem(_ item: Int, beforeItem: Int) throws(SnapshotError) {
    try engine.moveItem(item, beforeItem: beforeItem)
  }
  mutating func moveItem(_ item: Int, afterItem: Int) throws(SnapshotError) {
    try engine.moveItem(item, afterItem: afterItem)
  }
  mutating func reloadItems(_ ids: [Int]) throws(SnapshotError) { try engine.reloadItems(ids) }
  mutating func reconfigureItems(_ ids: [Int]) throws(SnapshotError) {
    try engine.reconfigureItems(ids)
  }
  mutating func appendSections(_ ids: [Int]) throws(SnapshotError) {
    try engine.appendSections(ids)
  }
  mutating func insertSections(_ ids: [Int], beforeSection: Int) throws(SnapshotError) {
    try engine.insertSections(ids, beforeSection: beforeSection)
  }
  mutating func insertSections(_ ids: [Int], afterSection: Int) throws(SnapshotError) {
    try engine.insertSections(ids, afterSection: afterSection)
  }
  mutating func deleteSections(_ ids: [Int]) throws(SnapshotError) {
    try engine.deleteSections(ids)
  }
  mutating func moveSection(_ section: Int, beforeSection: Int) throws(SnapshotError) {
    try engine.moveSection(section, beforeSection: beforeSection)
  }
  mutating func moveSection(_ section: Int, afterSection: Int) throws(SnapshotError) {
    try engine.moveSection(section, afterSection: afterSection)
  }
  mutating func reloadSections(_ ids: [Int]) throws(SnapshotError) {
    try engine.reloadSections(ids)
  }
  mutating func removeAllMarks() { engine.removeAllMarks() }
  func invariantViolations() -> [String] { engine.invariantViolations() }
}

/// The reimplementation's section snapshot: no inserting a snapshot, no
/// `replace(childrenOf:using:)`, no `deleteAll()`, no `index(of:)`.
struct PartialSectionSnapshot<Bug: ReimplementationBug>: SectionSnapshotProtocol {
  var engine = EngineSectionSnapshot<Int>()

  static var capabilities: SectionSnapshotCapabilities {
    SectionSnapshotCapabilities.all.subtracting([
      .insertSnapshot, .replaceChildren, .deleteAll, .indexOf,
    ])
  }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.engine == rhs.engine }

  init() {}
  init(engine: EngineSectionSnapshot<Int>) { self.engine = engine }

  var items: [Int] { engine.items }
  var rootItems: [Int] { engine.rootItems }
  var visibleItems: [Int] { engine.visibleItems }
  var expandedItems: [Int] { engine.expandedItems }
  func level(of item: Int) throws(SnapshotError) -> Int { try engine.level(of: item) }
  func parent(of item: Int) throws(SnapshotError) -> Int? { try engine.parent(of: item) }
  func contains(_ item: Int) -> Bool { engine.contains(item) }
  func isExpanded(_ item: Int) throws(SnapshotError) -> Bool { try engine.isExpanded(item) }
  func isVisible(_ item: Int) throws(SnapshotError) -> Bool { try engine.isVisible(item) }
  func snapshot(of parent: Int, includingParent: Bool) throws(SnapshotError) -> Self {
    Self(engine: try engine.snapshot(of: parent, includingParent: includingParent))
  }
  func visualDescription() -> String { engine.visualDescription() }
  mutating func append(_ items: [Int], to parent: Int?) throws(SnapshotError) {
    try engine.append(items, to: parent)
  }
  mutating func insert(_ items: [Int], before item: Int) throws(SnapshotError) {
    try engine.insert(items, before: item)
  }
  mutating func insert(_ items: [Int], after item: Int) throws(SnapshotError) {
    try engine.insert(items, after: item)
  }
  mutating func delete(_ items: [Int]) throws(SnapshotError) { try engine.delete(items) }
  mutating func expand(_ items: [Int]) {
    engine.expand(Bug.expandDropsLast ? Array(items.dropLast()) : items)
  }
  mutating func collapse(_ items: [Int]) { engine.collapse(items) }
  func invariantViolations() -> [String] { engine.invariantViolations() }
}

/// A bug planted in the reimplementation fixtures.
protocol ReimplementationBug: Sendable {
  /// `reloadedItemIdentifiers` also lists the reconfigured items.
  static var reconfigureMarksReload: Bool { get }
  /// `expand(_:)` ignores its last id.
  static var expandDropsLast: Bool { get }
}

extension ReimplementationBug {
  static var reconfigureMarksReload: Bool { false }
  static var expandDropsLast: Bool { false }
}

/// No bug.
enum NoReimplementationBug: ReimplementationBug {}

/// Reconfigure marks show up as reload marks.
enum ReconfigureShowsAsReload: ReimplementationBug {
  static var reconfigureMarksReload: Bool { true }
}

/// `expand(_:)` drops its last id.
enum ExpandDropsLast: ReimplementationBug {
  static var expandDropsLast: Bool { true }
}

/// The reimplementation's differ: the engine's, on the snapshot's storage.
struct SetMarksDiffer<Bug: ReimplementationBug>: DifferProtocol, Sendable {
  func changeset(
    from old: SetMarksSnapshot<Bug>, to new: SetMarksSnapshot<Bug>, options: DiffOptions<Int>
  ) -> Changeset {
    EngineDiffer<Int, Int>().changeset(from: old.engine, to: new.engine, options: options)
  }
}

/// A user with only a differ, written over plain layouts (sections with
/// their items), the marks and the items whose content changed. `Bug` may
/// plant a bug.
struct LayoutOnlyDiffer<Bug: DifferOnlyBug>: Sendable {
  typealias Layout = [(section: Int, items: [Int])]

  func diff(
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
protocol DifferOnlyBug: Sendable {
  /// Section reload marks are dropped.
  static var dropsSectionReloads: Bool { get }
}

extension DifferOnlyBug {
  static var dropsSectionReloads: Bool { false }
}

/// No bug.
enum NoDifferBug: DifferOnlyBug {}

/// Drops section reloads.
enum DropsSectionReloads: DifferOnlyBug {
  static var dropsSectionReloads: Bool { true }
}
