import SnapshotCore
import SnapshotEngine
import Testing

@Suite struct EngineSnapshotTests {
  typealias Snap = EngineSnapshot<String, String>

  func make(_ layout: [(String, [String])]) throws -> Snap {
    var snapshot = Snap()
    for (section, items) in layout {
      try snapshot.appendSections([section])
      try snapshot.appendItems(items, toSection: section)
    }
    return snapshot
  }

  @Test func appendOfAnExistingItemMovesIt() throws {
    var snapshot = try make([("A", ["a", "b"]), ("B", ["c"])])
    try snapshot.appendItems(["a"], toSection: "B")
    #expect(try snapshot.itemIdentifiers(inSection: "A") == ["b"])
    #expect(try snapshot.itemIdentifiers(inSection: "B") == ["c", "a"])
    #expect(snapshot.indexOfItem("a") == 2)
    #expect(snapshot.invariantViolations().isEmpty)
  }

  @Test func checkOrderOfAppendItems() throws {
    var empty = Snap()
    #expect(throws: SnapshotError.noSections) { try empty.appendItems([]) }
    var snapshot = try make([("A", ["a"])])
    #expect(throws: SnapshotError.duplicateInArgument(.item, ["x", "y"])) {
      try snapshot.appendItems(["x", "y", "x", "y", "x"], toSection: "Z")
    }
    #expect(throws: SnapshotError.sectionNotFound("Z")) {
      try snapshot.appendItems(["x"], toSection: "Z")
    }
  }

  @Test func globalIndexFollowsEdits() throws {
    var snapshot = try make([("A", ["a", "b", "c"]), ("B", ["d", "e"]), ("C", ["f"])])
    #expect(snapshot.indexOfItem("f") == 5)
    try snapshot.insertItems(["x", "y"], beforeItem: "b")
    #expect(snapshot.itemIdentifiers == ["a", "x", "y", "b", "c", "d", "e", "f"])
    for (index, item) in snapshot.itemIdentifiers.enumerated() {
      #expect(snapshot.indexOfItem(item) == index)
    }
    try snapshot.moveItem("a", afterItem: "e")
    try snapshot.deleteItems(["c", "nope"])
    try snapshot.moveSection("C", beforeSection: "A")
    #expect(snapshot.itemIdentifiers == ["f", "x", "y", "b", "d", "e", "a"])
    for (index, item) in snapshot.itemIdentifiers.enumerated() {
      #expect(snapshot.indexOfItem(item) == index)
    }
    #expect(snapshot.invariantViolations().isEmpty)
  }

  @Test func failedOperationsChangeNothing() throws {
    var snapshot = try make([("A", ["a", "b"]), ("B", [])])
    try snapshot.reloadItems(["b"])
    let before = snapshot
    #expect(throws: SnapshotError.reloadMissing(.reloadItem, "q")) {
      try snapshot.reloadItems(["a", "q", "r"])
    }
    #expect(throws: SnapshotError.sectionAlreadyExists(["A"])) {
      try snapshot.insertSections(["N", "A"], afterSection: "B")
    }
    #expect(throws: SnapshotError.destinationInArgument(.section, "A")) {
      try snapshot.insertSections(["B", "A"], afterSection: "A")
    }
    #expect(throws: SnapshotError.moveOntoSelf(.item, "a")) {
      try snapshot.moveItem("a", beforeItem: "a")
    }
    #expect(snapshot == before)
    #expect(snapshot.reloadedItemIdentifiers == ["b"])
  }

  @Test func marksAreDroppedWithTheirIds() throws {
    var snapshot = try make([("A", ["a", "b"]), ("B", ["c"])])
    try snapshot.reloadItems(["c", "a"])
    try snapshot.reloadItems(["a", "b"])
    try snapshot.reconfigureItems(["c"])
    try snapshot.reloadSections(["B", "A"])
    #expect(snapshot.reloadedItemIdentifiers == ["c", "a", "b"])
    try snapshot.deleteSections(["B"])
    #expect(snapshot.reloadedItemIdentifiers == ["a", "b"])
    #expect(snapshot.reconfiguredItemIdentifiers == [])
    #expect(snapshot.reloadedSectionIdentifiers == ["A"])
    snapshot.deleteAllItems()
    #expect(snapshot.numberOfSections == 0 && snapshot.reloadedItemIdentifiers.isEmpty)
  }

  @Test func copiesAreIndependent() throws {
    let original = try make([("A", ["a", "b"])])
    var copy = original
    try copy.deleteItems(["a"])
    #expect(original.itemIdentifiers == ["a", "b"])
    #expect(original.indexOfItem("b") == 1)
    #expect(copy.indexOfItem("b") == 0)
    #expect(original != copy)
  }
}
