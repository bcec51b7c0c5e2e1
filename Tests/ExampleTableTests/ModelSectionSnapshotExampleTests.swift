import SnapshotCore
import SnapshotModel
import Testing

/// The shared section-snapshot example tables, run against
/// `ModelSectionSnapshot`.
@Suite struct ModelSectionSnapshotExampleTests {
  typealias T = ModelSectionSnapshot<String>
  typealias E = SectionSnapshotExamples
  typealias X = SectionSnapshotErrorExamples

  @Test func emptySnapshot() { E.emptySnapshot(T.self) }
  @Test func itemsAndRoots() { E.itemsAndRoots(T.self) }
  @Test func visibleItems() { E.visibleItems(T.self) }
  @Test func expandedItems() { E.expandedItems(T.self) }
  @Test func indexOf() { E.indexOf(T.self) }
  @Test func levelAndParent() throws { try E.levelAndParent(T.self) }
  @Test func containsExpandedVisible() throws { try E.containsExpandedVisible(T.self) }
  @Test func snapshotOfParent() throws { try E.snapshotOfParent(T.self) }
  @Test func visualDescription() { E.visualDescription(T.self) }
  @Test func equality() { E.equality(T.self) }
  @Test func append() throws { try E.append(T.self) }
  @Test func appendUnderExpandedChildlessItem() throws {
    try E.appendUnderExpandedChildlessItem(T.self)
  }
  @Test func insertBefore() throws { try E.insertBefore(T.self) }
  @Test func insertAfter() throws { try E.insertAfter(T.self) }
  @Test func insertNothing() { E.insertNothing(T.self) }
  @Test func insertSnapshotBefore() throws { try E.insertSnapshotBefore(T.self) }
  @Test func insertSnapshotAfter() throws { try E.insertSnapshotAfter(T.self) }
  @Test func delete() throws { try E.delete(T.self) }
  @Test func reinsertedItemsComeBackCollapsed() throws {
    try E.reinsertedItemsComeBackCollapsed(T.self)
  }
  @Test func deleteAll() throws { try E.deleteAll(T.self) }
  @Test func expandAndCollapse() { E.expandAndCollapse(T.self) }
  @Test func collapseKeepsInnerLayout() { E.collapseKeepsInnerLayout(T.self) }
  @Test func expandThenCollapse() { E.expandThenCollapse(T.self) }
  @Test func replaceChildren() throws { try E.replaceChildren(T.self) }
  @Test func valueSemantics() throws { try E.valueSemantics(T.self) }

  @Test func treeDuplicate() { X.treeDuplicate(T.self) }
  @Test func parentNotFound() { X.parentNotFound(T.self) }
  @Test func insertDestinationNotFound() { X.insertDestinationNotFound(T.self) }
  @Test func deleteMissing() { X.deleteMissing(T.self) }
  @Test func itemNotFound() { X.itemNotFound(T.self) }
}
