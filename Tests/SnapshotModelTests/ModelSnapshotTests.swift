import SnapshotCore
import Testing

@testable import SnapshotModel

/// Model-specific tests of `ModelSnapshot`: invariants along scripted
/// sequences, value semantics, and that the invariant checker catches
/// planted corruption.
@Suite struct ModelSnapshotTests {
  typealias S = ModelSnapshot<String, String>

  /// One scripted step: a name for the trace and the mutation.
  typealias Step = (name: String, run: @Sendable (inout S) throws -> Void)

  static let script: [Step] = [
    ("appendSections", { try $0.appendSections(["A", "B", "C"]) }),
    ("appendItems A", { try $0.appendItems(["a", "b", "c"], toSection: "A") }),
    ("appendItems last", { try $0.appendItems(["d", "e"]) }),
    ("reloadItems", { try $0.reloadItems(["a", "e"]) }),
    ("reconfigureItems", { try $0.reconfigureItems(["b", "a"]) }),
    ("reloadSections", { try $0.reloadSections(["C", "A"]) }),
    ("appendItems existing", { try $0.appendItems(["a", "d"], toSection: "B") }),
    ("insertItems before", { try $0.insertItems(["x", "c"], beforeItem: "b") }),
    ("insertItems after", { try $0.insertItems(["y"], afterItem: "e") }),
    ("moveItem across", { try $0.moveItem("x", afterItem: "y") }),
    ("moveSection", { try $0.moveSection("C", beforeSection: "A") }),
    ("insertSections", { try $0.insertSections(["D"], afterSection: "A") }),
    ("deleteItems", { try $0.deleteItems(["a", "zz", "y"]) }),
    ("failed insert", { try? $0.insertItems(["q", "q"], afterItem: "b") }),
    ("deleteSections", { try $0.deleteSections(["B", "ZZ"]) }),
    ("failed move", { try? $0.moveSection("A", afterSection: "ZZ") }),
    ("removeAllMarks", { $0.removeAllMarks() }),
    ("reloadItems again", { try $0.reloadItems(["c"]) }),
    ("deleteAllItems", { $0.deleteAllItems() }),
    ("appendSections again", { try $0.appendSections(["A"]) }),
  ]

  @Test func invariantsHoldAfterEveryStep() throws {
    var snapshot = S()
    for step in Self.script {
      try step.run(&snapshot)
      #expect(snapshot.invariantViolations() == [], "after \(step.name): \(snapshot)")
      #expect(snapshot.numberOfItems == snapshot.itemIdentifiers.count)
      for item in snapshot.itemIdentifiers {
        let section = try #require(snapshot.sectionIdentifier(containingItem: item))
        #expect(try snapshot.itemIdentifiers(inSection: section).contains(item))
        #expect(snapshot.indexOfItem(item) == snapshot.itemIdentifiers.firstIndex(of: item))
      }
    }
    #expect(snapshot.description == "A:[]")
  }

  @Test func scriptEndState() throws {
    var snapshot = S()
    for step in Self.script.prefix(17) { try step.run(&snapshot) }
    #expect(snapshot.description == "C:[e, x] A:[c, b] D:[]")
  }

  @Test func everyPrefixIsIndependentOfItsCopies() throws {
    var snapshot = S()
    var history: [(S, String)] = []
    for step in Self.script {
      history.append((snapshot, snapshot.description))
      try step.run(&snapshot)
    }
    for (copy, description) in history {
      #expect(copy.description == description)
    }
  }

  @Test func descriptionShowsMarks() throws {
    var snapshot = S()
    #expect(snapshot.description == "(no sections)")
    try snapshot.appendSections(["A", "B"])
    try snapshot.appendItems(["a", "b"], toSection: "A")
    try snapshot.reloadItems(["b"])
    try snapshot.reloadSections(["B"])
    try snapshot.reconfigureItems(["a"])
    #expect(
      snapshot.description
        == "A:[a, b] B:[] reload items [b] reload sections [B] reconfigure items [a]"
    )
  }

  /// Planted corruption: the checker must see each kind of broken state.
  @Test func invariantViolationsCatchCorruption() throws {
    var base = S()
    try base.appendSections(["A", "B"])
    try base.appendItems(["a", "b"], toSection: "A")
    #expect(base.invariantViolations() == [])

    var twiceItem = base
    twiceItem.itemsBySection[1] = ["a"]
    #expect(twiceItem.invariantViolations() == ["item a appears twice"])

    var twiceSection = base
    twiceSection.sections[1] = "A"
    #expect(twiceSection.invariantViolations() == ["section A appears twice"])

    var ragged = base
    ragged.itemsBySection.append([])
    #expect(ragged.invariantViolations() == ["2 sections but 3 item lists"])

    var staleMark = base
    staleMark.reloadedItems = ["z", "a", "a"]
    staleMark.reconfiguredItems = ["q"]
    staleMark.reloadedSections = ["Z"]
    #expect(
      staleMark.invariantViolations() == [
        "reloaded items list a twice",
        "reloaded items list z, which is missing",
        "reconfigured items list q, which is missing",
        "reloaded sections list Z, which is missing",
      ])
  }

  @Test func repeatedElements() {
    #expect([Int]().repeatedElements() == [])
    #expect([1, 2, 3].repeatedElements() == [])
    #expect([1, 2, 2, 1].repeatedElements() == [2, 1])
    #expect([1, 1, 1, 2, 1, 2].repeatedElements() == [1, 2])
  }
}
