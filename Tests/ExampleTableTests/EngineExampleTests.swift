import SnapshotCore
import SnapshotEngine
import Testing

/// The shared full-snapshot example tables, run against `EngineSnapshot`.
@Suite struct EngineFullSnapshotExampleTests {
  typealias S = EngineSnapshot<String, String>
  typealias E = FullSnapshotExamples
  typealias X = FullSnapshotErrorExamples

  @Test func emptySnapshot() { E.emptySnapshot(S.self) }
  @Test func counts() throws { try E.counts(S.self) }
  @Test func identifiers() throws { try E.identifiers(S.self) }
  @Test func sectionContainingItem() { E.sectionContainingItem(S.self) }
  @Test func indexOfItemIsGlobal() { E.indexOfItemIsGlobal(S.self) }
  @Test func indexOfSection() { E.indexOfSection(S.self) }
  @Test func separateNamespaces() throws { try E.separateNamespaces(S.self) }
  @Test func equality() throws { try E.equality(S.self) }
  @Test func appendItems() throws { try E.appendItems(S.self) }
  @Test func insertItemsBefore() throws { try E.insertItemsBefore(S.self) }
  @Test func insertItemsAfter() throws { try E.insertItemsAfter(S.self) }
  @Test func deleteItems() throws { try E.deleteItems(S.self) }
  @Test func deleteItemsDropsMarks() throws { try E.deleteItemsDropsMarks(S.self) }
  @Test func deleteAllItems() { E.deleteAllItems(S.self) }
  @Test func moveItemBefore() throws { try E.moveItemBefore(S.self) }
  @Test func moveItemAfter() throws { try E.moveItemAfter(S.self) }
  @Test func movesKeepMarks() throws { try E.movesKeepMarks(S.self) }
  @Test func reloadItems() throws { try E.reloadItems(S.self) }
  @Test func reconfigureItems() throws { try E.reconfigureItems(S.self) }
  @Test func reloadSections() throws { try E.reloadSections(S.self) }
  @Test func removeAllMarks() { E.removeAllMarks(S.self) }
  @Test func appendSections() throws { try E.appendSections(S.self) }
  @Test func insertSectionsBefore() throws { try E.insertSectionsBefore(S.self) }
  @Test func insertSectionsAfter() throws { try E.insertSectionsAfter(S.self) }
  @Test func deleteSections() throws { try E.deleteSections(S.self) }
  @Test func deleteSectionsDropsMarks() throws { try E.deleteSectionsDropsMarks(S.self) }
  @Test func moveSectionBefore() throws { try E.moveSectionBefore(S.self) }
  @Test func moveSectionAfter() throws { try E.moveSectionAfter(S.self) }
  @Test func valueSemantics() throws { try E.valueSemantics(S.self) }

  @Test func noSections() { X.noSections(S.self) }
  @Test func duplicateItemInArgument() { X.duplicateItemInArgument(S.self) }
  @Test func duplicateSectionInArgument() { X.duplicateSectionInArgument(S.self) }
  @Test func sectionAlreadyExists() { X.sectionAlreadyExists(S.self) }
  @Test func sectionNotFound() { X.sectionNotFound(S.self) }
  @Test func destinationNotFound() { X.destinationNotFound(S.self) }
  @Test func sourceNotFound() { X.sourceNotFound(S.self) }
  @Test func destinationInArgument() { X.destinationInArgument(S.self) }
  @Test func moveOntoSelf() { X.moveOntoSelf(S.self) }
  @Test func reloadMissing() { X.reloadMissing(S.self) }
  @Test func itemCheckOrder() { X.itemCheckOrder(S.self) }
  @Test func sectionCheckOrder() { X.sectionCheckOrder(S.self) }
}

/// The shared section-snapshot example tables, run against
/// `EngineSectionSnapshot`.
@Suite struct EngineSectionSnapshotExampleTests {
  typealias T = EngineSectionSnapshot<String>
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
