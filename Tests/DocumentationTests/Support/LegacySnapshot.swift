import SnapshotCore

/// The stand-in for a pre-iOS 15 backport in the article's "Partial
/// implementations" section: Apple's API without mark getters,
/// `reconfigureItems` and `==` (it holds a class it cannot compare); it
/// traps where Apple raises (through `BackportSnapshot`) except on a
/// delete that repeats an id, which it ignores.
struct LegacySnapshot {
  /// A reference the type cannot compare.
  final class Cache {}

  private var base = BackportSnapshot<Int, Int>()
  private var cache = Cache()

  init() {}

  var numberOfItems: Int { base.numberOfItems }
  var numberOfSections: Int { base.numberOfSections }
  var sectionIdentifiers: [Int] { base.sectionIdentifiers }
  var itemIdentifiers: [Int] { base.itemIdentifiers }
  func numberOfItems(inSection section: Int) -> Int { base.numberOfItems(inSection: section) }
  func itemIdentifiers(inSection section: Int) -> [Int] { base.itemIdentifiers(inSection: section) }
  func sectionIdentifier(containingItem item: Int) -> Int? {
    base.sectionIdentifier(containingItem: item)
  }
  func indexOfItem(_ item: Int) -> Int? { base.indexOfItem(item) }
  func indexOfSection(_ section: Int) -> Int? { base.indexOfSection(section) }

  mutating func appendItems(_ items: [Int], toSection section: Int? = nil) {
    base.appendItems(items, toSection: section)
  }
  mutating func insertItems(_ items: [Int], beforeItem: Int) {
    base.insertItems(items, beforeItem: beforeItem)
  }
  mutating func insertItems(_ items: [Int], afterItem: Int) {
    base.insertItems(items, afterItem: afterItem)
  }
  /// Ignores a list that repeats an id.
  mutating func deleteItems(_ items: [Int]) {
    if Set(items).count == items.count { base.deleteItems(items) }
  }
  mutating func deleteAllItems() { base.deleteAllItems() }
  mutating func moveItem(_ item: Int, beforeItem: Int) {
    base.moveItem(item, beforeItem: beforeItem)
  }
  mutating func moveItem(_ item: Int, afterItem: Int) { base.moveItem(item, afterItem: afterItem) }
  mutating func reloadItems(_ items: [Int]) { base.reloadItems(items) }
  mutating func appendSections(_ sections: [Int]) { base.appendSections(sections) }
  mutating func insertSections(_ sections: [Int], beforeSection: Int) {
    base.insertSections(sections, beforeSection: beforeSection)
  }
  mutating func insertSections(_ sections: [Int], afterSection: Int) {
    base.insertSections(sections, afterSection: afterSection)
  }
  /// Ignores a list that repeats an id.
  mutating func deleteSections(_ sections: [Int]) {
    if Set(sections).count == sections.count { base.deleteSections(sections) }
  }
  mutating func moveSection(_ section: Int, beforeSection: Int) {
    base.moveSection(section, beforeSection: beforeSection)
  }
  mutating func moveSection(_ section: Int, afterSection: Int) {
    base.moveSection(section, afterSection: afterSection)
  }
  mutating func reloadSections(_ sections: [Int]) { base.reloadSections(sections) }
  /// What the type calls clearing its marks.
  mutating func clearMarks() { base.clearMarks() }
}
