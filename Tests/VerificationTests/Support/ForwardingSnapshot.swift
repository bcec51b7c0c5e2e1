import SnapshotCore
import SnapshotModel

/// A `SnapshotProtocol` wrapper around the reference model with one planted
/// bug: a cross-section `moveItem(_:afterItem:)` lands one position early
/// (directly *before* the destination).
struct OffByOneMoveSnapshot: SnapshotProtocol {
  var base = ModelSnapshot<Int, Int>()

  init() {}

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.base == rhs.base }

  var numberOfItems: Int { base.numberOfItems }
  var numberOfSections: Int { base.numberOfSections }
  var sectionIdentifiers: [Int] { base.sectionIdentifiers }
  var itemIdentifiers: [Int] { base.itemIdentifiers }
  func numberOfItems(inSection section: Int) throws(SnapshotError) -> Int {
    try base.numberOfItems(inSection: section)
  }
  func itemIdentifiers(inSection section: Int) throws(SnapshotError) -> [Int] {
    try base.itemIdentifiers(inSection: section)
  }
  func sectionIdentifier(containingItem item: Int) -> Int? {
    base.sectionIdentifier(containingItem: item)
  }
  func indexOfItem(_ item: Int) -> Int? { base.indexOfItem(item) }
  func indexOfSection(_ section: Int) -> Int? { base.indexOfSection(section) }
  var reloadedItemIdentifiers: [Int] { base.reloadedItemIdentifiers }
  var reloadedSectionIdentifiers: [Int] { base.reloadedSectionIdentifiers }
  var reconfiguredItemIdentifiers: [Int] { base.reconfiguredItemIdentifiers }

  mutating func appendItems(_ ids: [Int], toSection section: Int?) throws(SnapshotError) {
    try base.appendItems(ids, toSection: section)
  }
  mutating func insertItems(_ ids: [Int], beforeItem: Int) throws(SnapshotError) {
    try base.insertItems(ids, beforeItem: beforeItem)
  }
  mutating func insertItems(_ ids: [Int], afterItem: Int) throws(SnapshotError) {
    try base.insertItems(ids, afterItem: afterItem)
  }
  mutating func deleteItems(_ ids: [Int]) throws(SnapshotError) { try base.deleteItems(ids) }
  mutating func deleteAllItems() { base.deleteAllItems() }
  mutating func moveItem(_ item: Int, beforeItem: Int) throws(SnapshotError) {
    try base.moveItem(item, beforeItem: beforeItem)
  }
  mutating func moveItem(_ item: Int, afterItem: Int) throws(SnapshotError) {
    let from = base.sectionIdentifier(containingItem: item)
    let to = base.sectionIdentifier(containingItem: afterItem)
    if let from, let to, from != to {
      try base.moveItem(item, beforeItem: afterItem)
    } else {
      try base.moveItem(item, afterItem: afterItem)
    }
  }
  mutating func reloadItems(_ ids: [Int]) throws(SnapshotError) { try base.reloadItems(ids) }
  mutating func reconfigureItems(_ ids: [Int]) throws(SnapshotError) {
    try base.reconfigureItems(ids)
  }
  mutating func appendSections(_ ids: [Int]) throws(SnapshotError) { try base.appendSections(ids) }
  mutating func insertSections(_ ids: [Int], beforeSection: Int) throws(SnapshotError) {
    try base.insertSections(ids, beforeSection: beforeSection)
  }
  mutating func insertSections(_ ids: [Int], afterSection: Int) throws(SnapshotError) {
    try base.insertSections(ids, afterSection: afterSection)
  }
  mutating func deleteSections(_ ids: [Int]) throws(SnapshotError) { try base.deleteSections(ids) }
  mutating func moveSection(_ section: Int, beforeSection: Int) throws(SnapshotError) {
    try base.moveSection(section, beforeSection: beforeSection)
  }
  mutating func moveSection(_ section: Int, afterSection: Int) throws(SnapshotError) {
    try base.moveSection(section, afterSection: afterSection)
  }
  mutating func reloadSections(_ ids: [Int]) throws(SnapshotError) { try base.reloadSections(ids) }
  mutating func removeAllMarks() { base.removeAllMarks() }
  func invariantViolations() -> [String] { base.invariantViolations() }
}
