import SnapshotCore
import Testing

@testable import SnapshotEngine

/// The one-hash-per-id build path (`Storage.claim`): repeats rolled back
/// atomically, ids already present moved, slots reused and accounted for,
/// and contents stored with the items.
@Suite struct EngineBulkBuildTests {
  typealias Snap = EngineSnapshot<String, String>

  /// A snapshot with free slots (some items deleted) and marks.
  func worn() throws -> Snap {
    var snapshot = Snap()
    try snapshot.appendSections(["A", "B"])
    try snapshot.appendItems(["a", "b", "c", "d"], contents: [1, 2, 3, 4], toSection: "A")
    try snapshot.appendItems(["e", "f"], toSection: "B")
    try snapshot.deleteItems(["b", "e"])
    try snapshot.reloadItems(["c"])
    return snapshot
  }

  /// Everything observable about `snapshot`, for before/after comparisons.
  func state(_ snapshot: Snap) -> String {
    let indices = snapshot.itemIdentifiers.map { "\($0)@\(snapshot.indexOfItem($0) ?? -1)" }
    let contents = snapshot.itemIdentifiers.map { "\($0)=\(snapshot.content(of: $0) ?? -1)" }
    return "\(snapshot) \(indices) \(contents) \(snapshot.reloadedItemIdentifiers)"
  }

  @Test func appendWithARepeatChangesNothing() throws {
    var snapshot = try worn()
    let before = state(snapshot)
    // New ids, present ids and a repeat, in both orders.
    for ids in [["x", "a", "y", "x"], ["a", "x", "f", "a"], ["x", "x"], ["c", "d", "c"]] {
      #expect(throws: SnapshotError.self) { try snapshot.appendItems(ids, toSection: "B") }
      #expect(state(snapshot) == before)
      #expect(snapshot.invariantViolations().isEmpty)
    }
    #expect(throws: SnapshotError.duplicateInArgument(.item, ["x", "a"])) {
      try snapshot.appendItems(["x", "a", "x", "a", "x"], contents: [0, 0, 0, 0, 0], toSection: "A")
    }
    #expect(state(snapshot) == before)
    // The rolled-back slots are free again and are used correctly.
    try snapshot.appendItems(["x", "y", "z"], toSection: "A")
    #expect(snapshot.itemIdentifiers == ["a", "c", "d", "x", "y", "z", "f"])
    #expect(snapshot.content(of: "d") == 4)
    #expect(snapshot.content(of: "x") == nil)
    #expect(snapshot.invariantViolations().isEmpty)
  }

  @Test func insertWithARepeatChangesNothing() throws {
    var snapshot = try worn()
    let before = state(snapshot)
    #expect(throws: SnapshotError.duplicateInArgument(.item, ["a"])) {
      try snapshot.insertItems(["f", "a", "q", "a"], beforeItem: "c")
    }
    #expect(throws: SnapshotError.duplicateInArgument(.item, ["q"])) {
      try snapshot.insertItems(["q", "c", "q"], afterItem: "c")
    }
    #expect(throws: SnapshotError.duplicateInArgument(.item, ["q"])) {
      try snapshot.insertItems(["q", "q"], afterItem: "missing")
    }
    #expect(state(snapshot) == before)
    #expect(snapshot.invariantViolations().isEmpty)
  }

  @Test func appendOfPresentIdsMovesThemInOrder() throws {
    var snapshot = try worn()
    try snapshot.appendItems(["a", "n", "f"], toSection: "A")
    #expect(try snapshot.itemIdentifiers(inSection: "A") == ["c", "d", "a", "n", "f"])
    #expect(try snapshot.itemIdentifiers(inSection: "B") == [])
    #expect(snapshot.indexOfItem("f") == 4)
    #expect(snapshot.reloadedItemIdentifiers == ["c"])
    // A moved item has no content unless it is given again.
    #expect(snapshot.content(of: "a") == nil)
    #expect(snapshot.content(of: "c") == 3)
    try snapshot.insertItems(["d", "m"], beforeItem: "c")
    #expect(try snapshot.itemIdentifiers(inSection: "A") == ["d", "m", "c", "a", "n", "f"])
    #expect(snapshot.invariantViolations().isEmpty)
  }

  @Test func appendToAnEmptySectionSharesNothingVisible() throws {
    var ids = ["a", "b", "c"]
    var snapshot = Snap()
    try snapshot.appendSections(["A"])
    try snapshot.appendItems(ids, toSection: "A")
    ids.append("d")
    #expect(snapshot.itemIdentifiers == ["a", "b", "c"])
    let copy = snapshot
    try snapshot.appendItems(["d"], toSection: "A")
    #expect(copy.itemIdentifiers == ["a", "b", "c"])
    #expect(snapshot.itemIdentifiers == ["a", "b", "c", "d"])
  }

  @Test func reserveCapacityKeepsTheValue() throws {
    var snapshot = try worn()
    let before = state(snapshot)
    let copy = snapshot
    snapshot.reserveCapacity(1_000)
    #expect(state(snapshot) == before)
    #expect(snapshot == copy)
    try snapshot.appendItems((0..<500).map { "n\($0)" }, toSection: "B")
    #expect(snapshot.numberOfItems == 504)
    #expect(snapshot.invariantViolations().isEmpty)
  }

  /// Planted bug: a slot both used and free, and a slot neither, are
  /// reported; a sound snapshot reports nothing.
  @Test func slotAccountingIsChecked() throws {
    let sound = try worn()
    #expect(sound.invariantViolations().isEmpty)
    var doubled = try worn()
    doubled.makeUnique()
    doubled.storage.freeSlots.append(doubled.storage.sections[0].slots[0])
    #expect(doubled.invariantViolations().contains { $0.contains("used twice") })
    var leaked = try worn()
    leaked.makeUnique()
    leaked.storage.freeSlots.removeAll()
    #expect(leaked.invariantViolations().contains { $0.contains("neither used nor free") })
  }
}
