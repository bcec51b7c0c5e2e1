import SnapshotCore
import Testing

@testable import SnapshotEngine

/// The section snapshot's id table (`Storage.table`, an `ItemTable` of
/// slot numbers) in pages: a copy's first edits copy the pages they
/// write, not the table, and neither side sees the other's edits.
@Suite struct EngineSectionSnapshotTableTests {
  typealias Tree = EngineSectionSnapshot<String>

  /// 100 roots `r0`… with `perRoot` children `r0.0`… each, all expanded.
  func outline(perRoot: Int) throws -> Tree {
    var tree = Tree()
    let roots = (0..<100).map { "r\($0)" }
    try tree.append(roots, to: nil)
    for root in roots {
      try tree.append((0..<perRoot).map { "\(root).\($0)" }, to: root)
    }
    tree.expand(roots)
    return tree
  }

  /// An append, a delete and an insert on a copy of a 20,100-item tree
  /// copy at most two pages each. Planted: a table never cut into pages
  /// (one page, copied whole by the first edit) fails it.
  @Test func aCopysEditsCopyTheWrittenPages() throws {
    let original = try outline(perRoot: 200)
    let visible = original.visibleItems
    var derived = original
    try derived.append(["new"], to: "r5")
    try derived.delete(["r7.3"])
    try derived.insert(["other"], before: "r90.10")
    let (mine, theirs) = (derived.storage.table.pages, original.storage.table.pages)
    #expect(mine.count == theirs.count && mine.count > 10)
    let copied = zip(mine, theirs).count { $0 !== $1 }
    #expect(copied >= 1 && copied <= 6)
    #expect(original.visibleItems == visible)
    #expect(original.contains("r7.3") && !original.contains("new") && !original.contains("other"))
    #expect(!derived.contains("r7.3") && derived.contains("new") && derived.contains("other"))
    #expect(try derived.parent(of: "new") == "r5" && derived.parent(of: "other") == "r90")
    #expect(original.invariantViolations().isEmpty && derived.invariantViolations().isEmpty)
  }

  /// Deleting subtrees frees their slots and table entries; appending as
  /// many again reuses the slots and finds every id, the table counting
  /// exactly the items shown.
  @Test func freedSlotsAreReusedAndFound() throws {
    var tree = try outline(perRoot: 30)
    let slotsBefore = tree.storage.nodes.count
    try tree.delete((0..<50).map { "r\($0)" })
    #expect(tree.storage.count == 50 * 31)
    try tree.append((0..<1_550).map { "n\($0)" }, to: "r60")
    #expect(tree.storage.nodes.count == slotsBefore)
    #expect(tree.storage.count == 100 * 31)
    #expect((0..<1_550).allSatisfy { tree.contains("n\($0)") })
    #expect(!tree.contains("r3") && !tree.contains("r3.4") && tree.contains("r77.29"))
    #expect(tree.invariantViolations().isEmpty)
  }
}
