import SnapshotCore
import SnapshotEngine

/// The stand-in for a user's own snapshot type in the articles: Apple's
/// `NSDiffableDataSourceSnapshot` API (no `throws`), trapping wherever
/// Apple raises, and not yet conforming to `SnapshotProtocol` (the article
/// adds the conformance). It keeps its state in the engine's snapshot.
struct BackportSnapshot<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>:
  Equatable
{
  typealias Section = SectionIdentifierType
  typealias Item = ItemIdentifierType

  private var base = EngineSnapshot<Section, Item>()

  init() {}

  /// Runs a call that throws where Apple raises, trapping instead.
  private static func raise<T>(_ body: () throws(SnapshotError) -> T) -> T {
    do throws(SnapshotError) { return try body() } catch { preconditionFailure("\(error)") }
  }

  var numberOfItems: Int { base.numberOfItems }
  var numberOfSections: Int { base.numberOfSections }
  var sectionIdentifiers: [Section] { base.sectionIdentifiers }
  var itemIdentifiers: [Item] { base.itemIdentifiers }
  var reloadedItemIdentifiers: [Item] { base.reloadedItemIdentifiers }
  var reloadedSectionIdentifiers: [Section] { base.reloadedSectionIdentifiers }
  var reconfiguredItemIdentifiers: [Item] { base.reconfiguredItemIdentifiers }
  func numberOfItems(inSection section: Section) -> Int {
    Self.raise { () throws(SnapshotError) in try base.numberOfItems(inSection: section) }
  }
  func itemIdentifiers(inSection section: Section) -> [Item] {
    Self.raise { () throws(SnapshotError) in try base.itemIdentifiers(inSection: section) }
  }
  func sectionIdentifier(containingItem item: Item) -> Section? {
    base.sectionIdentifier(containingItem: item)
  }
  func indexOfItem(_ item: Item) -> Int? { base.indexOfItem(item) }
  func indexOfSection(_ section: Section) -> Int? { base.indexOfSection(section) }

  mutating func appendItems(_ items: [Item], toSection section: Section? = nil) {
    Self.raise { () throws(SnapshotError) in try base.appendItems(items, toSection: section) }
  }
  mutating func insertItems(_ items: [Item], beforeItem: Item) {
    Self.raise { () throws(SnapshotError) in try base.insertItems(items, beforeItem: beforeItem) }
  }
  mutating func insertItems(_ items: [Item], afterItem: Item) {
    Self.raise { () throws(SnapshotError) in try base.insertItems(items, afterItem: afterItem) }
  }
  mutating func deleteItems(_ items: [Item]) {
    Self.raise { () throws(SnapshotError) in try base.deleteItems(items) }
  }
  mutating func deleteAllItems() { base.deleteAllItems() }
  mutating func moveItem(_ item: Item, beforeItem: Item) {
    Self.raise { () throws(SnapshotError) in try base.moveItem(item, beforeItem: beforeItem) }
  }
  mutating func moveItem(_ item: Item, afterItem: Item) {
    Self.raise { () throws(SnapshotError) in try base.moveItem(item, afterItem: afterItem) }
  }
  mutating func reloadItems(_ items: [Item]) {
    Self.raise { () throws(SnapshotError) in try base.reloadItems(items) }
  }
  mutating func reconfigureItems(_ items: [Item]) {
    Self.raise { () throws(SnapshotError) in try base.reconfigureItems(items) }
  }
  mutating func appendSections(_ sections: [Section]) {
    Self.raise { () throws(SnapshotError) in try base.appendSections(sections) }
  }
  mutating func insertSections(_ sections: [Section], beforeSection: Section) {
    Self.raise { () throws(SnapshotError) in
      try base.insertSections(sections, beforeSection: beforeSection)
    }
  }
  mutating func insertSections(_ sections: [Section], afterSection: Section) {
    Self.raise { () throws(SnapshotError) in
      try base.insertSections(sections, afterSection: afterSection)
    }
  }
  mutating func deleteSections(_ sections: [Section]) {
    Self.raise { () throws(SnapshotError) in try base.deleteSections(sections) }
  }
  mutating func moveSection(_ section: Section, beforeSection: Section) {
    Self.raise { () throws(SnapshotError) in
      try base.moveSection(section, beforeSection: beforeSection)
    }
  }
  mutating func moveSection(_ section: Section, afterSection: Section) {
    Self.raise { () throws(SnapshotError) in
      try base.moveSection(section, afterSection: afterSection)
    }
  }
  mutating func reloadSections(_ sections: [Section]) {
    Self.raise { () throws(SnapshotError) in try base.reloadSections(sections) }
  }

  /// What the user's type calls clearing its reload and reconfigure marks.
  mutating func clearMarks() { base.removeAllMarks() }

  /// The user's own differ's input: the engine snapshot behind the stand-in.
  var storage: EngineSnapshot<Section, Item> { base }
}

/// The stand-in for a user's own differ over `BackportSnapshot`, with its
/// own method name (here the engine's differ on the snapshot's storage).
struct BackportDiffer<Section: Hashable & Sendable, Item: Hashable & Sendable>: Sendable {
  func batchUpdates(
    from old: BackportSnapshot<Section, Item>, to new: BackportSnapshot<Section, Item>,
    options: DiffOptions<Item>
  ) -> Changeset {
    EngineDiffer<Section, Item>().changeset(from: old.storage, to: new.storage, options: options)
  }
}
