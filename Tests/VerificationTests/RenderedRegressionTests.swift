// swift-format-ignore-file
// Rendered counterexample code, pasted VERBATIM from
// `RenderedCodeSamples.full.swiftTest(named: "renderedFullScript")` and
// `RenderedCodeSamples.section.swiftTest(named: "renderedSectionScript")` and
// `SwiftCode.test(named: "renderedDataSourceScript", body:
// RenderedCodeSamples.dataSource.swiftStatements(on: "ds"))` and
// `RenderedCodeSamples.diffPair.swiftTest(named: "renderedDiffPair")`.
// `RenderedCodeTests` checks that rendering still produces exactly this
// text, so the shapes the engine prints are known to compile and run.
import SnapshotCore
import SnapshotModel
import TestSupport
import Testing

@Test func renderedFullScript() throws {
  var s = ModelSnapshot<Int, Int>()
  try s.appendSections([0, 1])
  try s.appendItems([0], toSection: 0)
  try s.appendItems([1], toSection: 1)
  try s.moveItem(0, afterItem: 1)
  #expect(throws: SnapshotError.self) { try s.moveItem(0, afterItem: 0) }  // Destination for the item move is the same as the source: 0
  #expect(throws: SnapshotError.self) { try s.appendSections([0]) }  // Section identifiers already exist in the snapshot: [0]
  #expect(throws: SnapshotError.self) { try s.deleteItems([1, 1]) }  // Supplied item identifiers are not unique. Duplicate identifiers: [1]
  try s.insertSections([2], beforeSection: 0)
  try s.reloadItems([0])
  s.deleteAllItems()
  #expect(throws: SnapshotError.self) { try s.appendItems([2], toSection: nil) }  // There are currently no sections in the snapshot. Please add a section first.
}

@Test func renderedSectionScript() throws {
  var t = ModelSectionSnapshot<Int>()
  try t.append([0])
  try t.append([1], to: 0)
  try t.insert([2], after: 0)
  var tArg1 = ModelSectionSnapshot<Int>()
  try tArg1.append([5])
  try tArg1.append([6], to: 5)
  tArg1.expand([5])
  try t.insert(tArg1, before: 1)
  var tArg2 = ModelSectionSnapshot<Int>()
  try tArg2.append([7])
  try t.replace(childrenOf: 0, using: tArg2)
  t.expand([0, 9])
  _ = try t.snapshot(of: 0, includingParent: true)
  #expect(throws: SnapshotError.self) { try t.snapshot(of: 42, includingParent: false) }  // Parent item identifier does not exist in section snapshot: 42
  #expect(throws: SnapshotError.self) { try t.delete([42]) }  // Failed to find index of item 42; nothing was deleted
  t.collapse([0])
  #expect(throws: SnapshotError.self) { try t.append([8], to: 41) }  // Parent item identifier does not exist in section snapshot: 41
  t.deleteAll()
}

@Test func renderedDataSourceScript() throws {
  var ds = ModelDataSource<Int, Int>()
  ds.sectionSnapshotHandlers.shouldExpandItem = { item in return ![4].contains(item) }
  ds.sectionSnapshotHandlers.willExpandItem = { _ in }
  ds.sectionSnapshotHandlers.snapshotForExpandingParent = { item, children in
    let lazy: [Int: Int] = [2: 102, 4: 104, 9: 109]
    guard children.items.isEmpty, let child = lazy[item] else { return children }
    var loaded = type(of: children).init()
    try? loaded.append([child], to: nil)
    return loaded
  }
  ds.sectionSnapshotHandlers.shouldCollapseItem = { item in return ![4].contains(item) }
  ds.sectionSnapshotHandlers.willCollapseItem = { _ in }
  ds.reorderingHandlers.canReorderItem = { item in return ![3].contains(item) }
  ds.reorderingHandlers.willReorder = { _ in }
  ds.reorderingHandlers.didReorder = { _ in }
  var dsArg0 = ModelSnapshot<Int, Int>()
  try dsArg0.appendSections([0, 1])
  try dsArg0.appendItems([0, 1], toSection: 0)
  let dsArg0Contents: ContentMap<Int> = [0: 0, 1: 1]
  _ = ds.apply(dsArg0, contents: dsArg0Contents)
  var dsArg1 = ModelSectionSnapshot<Int>()
  try dsArg1.append([2, 4])
  try dsArg1.append([3], to: 2)
  try dsArg1.append([5], to: 4)
  _ = ds.apply(dsArg1, to: 1)
  _ = try ds.userToggle(2, in: 1)
  _ = try ds.userToggle(4, in: 1)
  _ = try ds.userToggle(9, in: 7)
  _ = try ds.userReorder(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 1))
  _ = try ds.userReorder(from: ItemPath(section: 1, item: 1), to: ItemPath(section: 0, item: 0))
  #expect(throws: SnapshotError.self) { try ds.userReorder(from: ItemPath(section: 5, item: 0), to: ItemPath(section: 0, item: 0)) }  // Index path [5, 0] is not a row of the data source
}

@Test func renderedDiffPair() throws {
  var old = ModelSnapshot<Int, Int>()
  try old.appendSections([0, 1])
  try old.appendItems([0, 1, 2], toSection: 0)
  try old.appendItems([3], toSection: 1)
  var new = old
  try new.moveItem(2, beforeItem: 0)
  try new.moveItem(1, afterItem: 3)
  try new.moveSection(1, beforeSection: 0)
  try new.reloadItems([0])
  #expect(throws: SnapshotError.self) { try new.moveItem(9, afterItem: 0) }  // Source item identifier for the move was not found: 9
  let options = DiffOptions<Int>(oldContent: [0: 0, 1: 0, 2: 0, 3: 0], newContent: [3: 1, 1: 0, 2: 0, 0: 0], contentUpdate: .reconfigure)
  let changeset = ModelDiffer<Int, Int>().changeset(from: old, to: new, options: options)
  #expect(old == new || !changeset.isEmpty)
}
