import SnapshotCore
import Testing

@testable import SnapshotEngine

/// The one-hash-per-id build path (`Storage.claim`): repeats rolled back
/// atomically, ids already present moved, the table accounted for, and
/// contents stored with the items.
@Suite struct EngineBulkBuildTests {
  typealias Snap = EngineSnapshot<String, String>

  /// A snapshot with freed buckets (some items deleted) and marks.
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
      try snapshot.appendItems(
        ["x", "a", "x", "a", "x"], contents: [0, 0, 0, 0, 0], toSection: "A")
    }
    #expect(state(snapshot) == before)
    // The rolled-back buckets are free again and are used correctly.
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

  /// Planted bug: a miscounted table, an item whose bucket is free, an
  /// item filed at another index and a control byte that means nothing
  /// are reported; a sound snapshot reports nothing.
  @Test func tableAccountingIsChecked() throws {
    let sound = try worn()
    #expect(sound.invariantViolations().isEmpty)
    var miscounted = try worn()
    miscounted.makeUnique()
    miscounted.storage.table.count += 1
    #expect(miscounted.invariantViolations().contains { $0.contains("the table counts") })
    var freed = try worn()
    freed.makeUnique()
    freed.storage.table.vacate(Int(freed.storage.sections[0].buckets[0]))
    #expect(freed.invariantViolations().contains { $0.contains("has no used bucket") })
    var shifted = try worn()
    shifted.makeUnique()
    // Further from the item's index (1) than its section's drift (the one
    // deleted item) allows.
    shifted.storage.table.setLocation(
      ItemLocation(token: shifted.storage.sections[0].token, index: 1 + 2),
      at: Int(shifted.storage.sections[0].buckets[1]), pagesUnique: false)
    #expect(shifted.invariantViolations().contains { $0.contains("is filed at token") })
    var garbled = try worn()
    garbled.makeUnique()
    let free = (0..<garbled.storage.table.bucketCount).first { !garbled.storage.table.isUsed($0) }!
    garbled.storage.table.setControl(free, 0x90)
    #expect(garbled.invariantViolations().contains { $0.contains("no tag, empty or deleted") })
  }

  /// Planted bug: a section token pointing at the wrong position, an item
  /// filed under another section's token and a token neither live nor free
  /// are reported.
  @Test func sectionTokensAreChecked() throws {
    var moved = try worn()
    moved.makeUnique()
    moved.storage.tokenPositions.swapAt(0, 1)
    #expect(
      moved.invariantViolations().contains { $0.contains("token") && $0.contains("is not at") })
    var misfiled = try worn()
    misfiled.makeUnique()
    let bucket = Int(misfiled.storage.sections[0].buckets[0])
    misfiled.storage.table.setLocation(
      ItemLocation(token: misfiled.storage.sections[1].token, index: 0), at: bucket,
      pagesUnique: false)
    #expect(misfiled.invariantViolations().contains { $0.contains("is filed at token") })
    var leaked = try worn()
    leaked.makeUnique()
    leaked.storage.tokenPositions.append(-1)
    #expect(leaked.invariantViolations().contains { $0.contains("live tokens") })
  }

  /// Tokens of deleted sections are reused by new sections; items keep
  /// answering with the right section through moves, deletes and reuse.
  @Test func sectionTokensSurviveMovesAndReuse() throws {
    var snapshot = try worn()
    try snapshot.appendSections(["C"])
    try snapshot.appendItems(["g"], toSection: "C")
    try snapshot.moveSection("C", beforeSection: "A")
    try snapshot.deleteSections(["B"])
    try snapshot.appendSections(["D"])
    try snapshot.appendItems(["h", "f"], toSection: "D")
    try snapshot.moveItem("a", afterItem: "h")
    #expect(snapshot.storage.tokenPositions.count == 3)
    #expect("\(snapshot)" == "[C: [g], A: [c, d], D: [h, a, f]]")
    for (item, section) in [("g", "C"), ("c", "A"), ("d", "A"), ("h", "D"), ("a", "D"), ("f", "D")]
    {
      #expect(snapshot.sectionIdentifier(containingItem: item) == section)
    }
    #expect(snapshot.indexPath(of: "f") == ItemPath(section: 2, item: 2))
    #expect(snapshot.invariantViolations().isEmpty)
  }

  /// Contents appended after deletes, into sections with and without
  /// stored contents, land on their items.
  @Test func contentsLandOnTheirItemsAfterDeletes() throws {
    var snapshot = try worn()
    try snapshot.appendItems(["p", "q", "r"], contents: [7, 8, 9], toSection: "B")
    try snapshot.appendItems(["s", "t"], contents: [10, 11], toSection: "A")
    try snapshot.deleteItems(["q", "a", "s"])
    try snapshot.appendItems(["u", "v", "w", "x"], contents: [12, 13, 14, 15], toSection: "B")
    let contents = snapshot.itemIdentifiers.map { "\($0)=\(snapshot.content(of: $0) ?? -1)" }
    #expect(
      contents == ["c=3", "d=4", "t=11", "f=-1", "p=7", "r=9", "u=12", "v=13", "w=14", "x=15"])
    #expect(snapshot.invariantViolations().isEmpty)
  }

  /// Moves come out sorted whether the walk listed them sorted, reversed
  /// or mixed (the one-pass shortcuts of `sortMoves`).
  @Test func movesAreSortedWhateverTheirListedOrder() {
    typealias Move = Changeset.ItemMove
    func move(_ from: Int, _ to: Int, section: Int = 0) -> Move {
      Move(from: ItemPath(section: section, item: from), to: ItemPath(section: 0, item: to))
    }
    let differ = EngineDiffer<String, String>()
    for list in [
      [move(0, 3), move(1, 2), move(2, 1)], [move(2, 1), move(1, 2), move(0, 3)],
      [move(1, 0), move(0, 2), move(2, 1, section: 1), move(0, 4, section: 1)], [move(3, 3)], [],
    ] {
      var sorted = list
      differ.sortMoves(&sorted)
      #expect(sorted == list.sorted())
    }
  }
}
