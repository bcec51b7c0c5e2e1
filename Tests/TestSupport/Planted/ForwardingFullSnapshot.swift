import SnapshotCore
import SnapshotEngine

/// A full snapshot that forwards everything to an `EngineSnapshot`; a
/// planted bug overrides the one operation it breaks.
public protocol ForwardingFullSnapshot: SnapshotProtocol
where SectionIdentifier == Int, ItemIdentifier == Int {
  var base: EngineSnapshot<Int, Int> { get set }
  /// Called before every forwarded mutation except `removeAllMarks` (a
  /// recording fixture counts the calls it is handed); does nothing by
  /// default.
  mutating func willForwardMutation()
}

extension ForwardingFullSnapshot {
  public mutating func willForwardMutation() {}

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.base == rhs.base }

  public var numberOfItems: Int { base.numberOfItems }
  public var numberOfSections: Int { base.numberOfSections }
  public var sectionIdentifiers: [Int] { base.sectionIdentifiers }
  public var itemIdentifiers: [Int] { base.itemIdentifiers }
  public func numberOfItems(inSection section: Int) throws(SnapshotError) -> Int {
    try base.numberOfItems(inSection: section)
  }
  public func itemIdentifiers(inSection section: Int) throws(SnapshotError) -> [Int] {
    try base.itemIdentifiers(inSection: section)
  }
  public func sectionIdentifier(containingItem item: Int) -> Int? {
    base.sectionIdentifier(containingItem: item)
  }
  public func indexOfItem(_ item: Int) -> Int? { base.indexOfItem(item) }
  public func indexOfSection(_ section: Int) -> Int? { base.indexOfSection(section) }
  public func itemIdentifiers(at paths: [ItemPath]) -> [Int]? { base.itemIdentifiers(at: paths) }
  public var reloadedItemIdentifiers: [Int] { base.reloadedItemIdentifiers }
  public var reloadedSectionIdentifiers: [Int] { base.reloadedSectionIdentifiers }
  public var reconfiguredItemIdentifiers: [Int] { base.reconfiguredItemIdentifiers }

  public mutating func appendItems(_ ids: [Int], toSection section: Int?) throws(SnapshotError) {
    willForwardMutation()
    try base.appendItems(ids, toSection: section)
  }
  public mutating func insertItems(_ ids: [Int], beforeItem: Int) throws(SnapshotError) {
    willForwardMutation()
    try base.insertItems(ids, beforeItem: beforeItem)
  }
  public mutating func insertItems(_ ids: [Int], afterItem: Int) throws(SnapshotError) {
    willForwardMutation()
    try base.insertItems(ids, afterItem: afterItem)
  }
  public mutating func deleteItems(_ ids: [Int]) throws(SnapshotError) {
    willForwardMutation()
    try base.deleteItems(ids)
  }
  public mutating func deleteAllItems() {
    willForwardMutation()
    base.deleteAllItems()
  }
  public mutating func moveItem(_ item: Int, beforeItem: Int) throws(SnapshotError) {
    willForwardMutation()
    try base.moveItem(item, beforeItem: beforeItem)
  }
  public mutating func moveItem(_ item: Int, afterItem: Int) throws(SnapshotError) {
    willForwardMutation()
    try base.moveItem(item, afterItem: afterItem)
  }
  public mutating func reloadItems(_ ids: [Int]) throws(SnapshotError) {
    willForwardMutation()
    try base.reloadItems(ids)
  }
  public mutating func reconfigureItems(_ ids: [Int]) throws(SnapshotError) {
    willForwardMutation()
    try base.reconfigureItems(ids)
  }
  public mutating func appendSections(_ ids: [Int]) throws(SnapshotError) {
    willForwardMutation()
    try base.appendSections(ids)
  }
  public mutating func insertSections(_ ids: [Int], beforeSection: Int) throws(SnapshotError) {
    willForwardMutation()
    try base.insertSections(ids, beforeSection: beforeSection)
  }
  public mutating func insertSections(_ ids: [Int], afterSection: Int) throws(SnapshotError) {
    willForwardMutation()
    try base.insertSections(ids, afterSection: afterSection)
  }
  public mutating func deleteSections(_ ids: [Int]) throws(SnapshotError) {
    willForwardMutation()
    try base.deleteSections(ids)
  }
  public mutating func moveSection(_ section: Int, beforeSection: Int) throws(SnapshotError) {
    willForwardMutation()
    try base.moveSection(section, beforeSection: beforeSection)
  }
  public mutating func moveSection(_ section: Int, afterSection: Int) throws(SnapshotError) {
    willForwardMutation()
    try base.moveSection(section, afterSection: afterSection)
  }
  public mutating func reloadSections(_ ids: [Int]) throws(SnapshotError) {
    willForwardMutation()
    try base.reloadSections(ids)
  }
  public mutating func removeAllMarks() { base.removeAllMarks() }
  public func invariantViolations() -> [String] { base.invariantViolations() }
}
