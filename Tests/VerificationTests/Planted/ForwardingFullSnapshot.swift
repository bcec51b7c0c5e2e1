import SnapshotCore
import SnapshotEngine

/// A full snapshot that forwards everything to an `EngineSnapshot`; a
/// planted bug overrides the one operation it breaks.
protocol ForwardingFullSnapshot: SnapshotProtocol
where SectionIdentifier == Int, ItemIdentifier == Int {
  var base: EngineSnapshot<Int, Int> { get set }
  /// Called before every forwarded mutation except `removeAllMarks` (a
  /// recording fixture counts the calls it is handed); does nothing by
  /// default.
  mutating func willForwardMutation()
}

extension ForwardingFullSnapshot {
  mutating func willForwardMutation() {}

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
  func itemIdentifiers(at paths: [ItemPath]) -> [Int]? { base.itemIdentifiers(at: paths) }
  var reloadedItemIdentifiers: [Int] { base.reloadedItemIdentifiers }
  var reloadedSectionIdentifiers: [Int] { base.reloadedSectionIdentifiers }
  var reconfiguredItemIdentifiers: [Int] { base.reconfiguredItemIdentifiers }

  mutating func appendItems(_ ids: [Int], toSection section: Int?) throws(SnapshotError) {
    willForwardMutation()
    try base.appendItems(ids, toSection: section)
  }
  mutating func insertItems(_ ids: [Int], beforeItem: Int) throws(SnapshotError) {
    willForwardMutation()
    try base.insertItems(ids, beforeItem: beforeItem)
  }
  mutating func insertItems(_ ids: [Int], afterItem: Int) throws(SnapshotError) {
    willForwardMutation()
    try base.insertItems(ids, afterItem: afterItem)
  }
  mutating func deleteItems(_ ids: [Int]) throws(SnapshotError) {
    willForwardMutation()
    try base.deleteItems(ids)
  }
  mutating func deleteAllItems() {
    willForwardMutation()
    base.deleteAllItems()
  }
  mutating func moveItem(_ item: Int, beforeItem: Int) throws(SnapshotError) {
    willForwardMutation()
    try base.moveItem(item, beforeItem: beforeItem)
  }
  mutating func moveItem(_ item: Int, afterItem: Int) throws(SnapshotError) {
    willForwardMutation()
    try base.moveItem(item, afterItem: afterItem)
  }
  mutating func reloadItems(_ ids: [Int]) throws(SnapshotError) {
    willForwardMutation()
    try base.reloadItems(ids)
  }
  mutating func reconfigureItems(_ ids: [Int]) throws(SnapshotError) {
    willForwardMutation()
    try base.reconfigureItems(ids)
  }
  mutating func appendSections(_ ids: [Int]) throws(SnapshotError) {
    willForwardMutation()
    try base.appendSections(ids)
  }
  mutating func insertSections(_ ids: [Int], beforeSection: Int) throws(SnapshotError) {
    willForwardMutation()
    try base.insertSections(ids, beforeSection: beforeSection)
  }
  mutating func insertSections(_ ids: [Int], afterSection: Int) throws(SnapshotError) {
    willForwardMutation()
    try base.insertSections(ids, afterSection: afterSection)
  }
  mutating func deleteSections(_ ids: [Int]) throws(SnapshotError) {
    willForwardMutation()
    try base.deleteSections(ids)
  }
  mutating func moveSection(_ section: Int, beforeSection: Int) throws(SnapshotError) {
    willForwardMutation()
    try base.moveSection(section, beforeSection: beforeSection)
  }
  mutating func moveSection(_ section: Int, afterSection: Int) throws(SnapshotError) {
    willForwardMutation()
    try base.moveSection(section, afterSection: afterSection)
  }
  mutating func reloadSections(_ ids: [Int]) throws(SnapshotError) {
    willForwardMutation()
    try base.reloadSections(ids)
  }
  mutating func removeAllMarks() { base.removeAllMarks() }
  func invariantViolations() -> [String] { base.invariantViolations() }
}
