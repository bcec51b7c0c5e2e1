import SnapshotCore
import Testing

@testable import SnapshotModel

/// Example tables for `BatchInterpreter`: every named violation, the rule
/// for deleted and inserted sections, provenance, identity and multi-batch
/// replay.
@Suite struct InterpreterTests {
  typealias Batch = Changeset.Batch
  typealias Origin = BatchInterpreter.ItemOrigin

  static func path(_ section: Int, _ item: Int) -> ItemPath {
    ItemPath(section: section, item: item)
  }

  static func move(_ from: ItemPath, _ to: ItemPath) -> Changeset.ItemMove {
    .init(from: from, to: to)
  }

  /// `A: [a, b, c] | B: [d, e]`.
  static let old = LayoutFixture.snapshot(["A": ["a", "b", "c"], "B": ["d", "e"]])

  // MARK: Violations

  /// One batch over `old` that breaks the rule `expected` names.
  struct ViolationCase: Sendable, CustomTestStringConvertible {
    var name: String
    var batch: Batch
    var new: [(String, [String])]
    var expected: BatchViolation

    var testDescription: String { name }
  }

  static let same: [(String, [String])] = [("A", ["a", "b", "c"]), ("B", ["d", "e"])]
  static let swapped: [(String, [String])] = [("B", ["d", "e"]), ("A", ["a", "b", "c"])]
  static let threeSections: [(String, [String])] = same + [("C", [])]

  static let violationCases: [ViolationCase] = [
    .init(
      name: "section delete out of range", batch: Batch(sectionDeletes: [5]), new: same,
      expected: .sectionIndexOutOfRange(batch: 0, .delete, section: 5)),
    .init(
      name: "section insert out of range", batch: Batch(sectionInserts: [3]),
      new: threeSections, expected: .sectionIndexOutOfRange(batch: 0, .insert, section: 3)),
    .init(
      name: "section move source out of range",
      batch: Batch(sectionMoves: [.init(from: 2, to: 0)]), new: same,
      expected: .sectionIndexOutOfRange(batch: 0, .moveFrom, section: 2)),
    .init(
      name: "section move destination out of range",
      batch: Batch(sectionMoves: [.init(from: 0, to: 2)]), new: same,
      expected: .sectionIndexOutOfRange(batch: 0, .moveTo, section: 2)),
    .init(
      name: "section reload out of range", batch: Batch(sectionReloads: [2]), new: same,
      expected: .sectionIndexOutOfRange(batch: 0, .reload, section: 2)),
    .init(
      name: "section deleted twice", batch: Batch(sectionDeletes: [1, 1]),
      new: [("A", ["a", "b", "c"])], expected: .sectionDeletedTwice(batch: 0, section: 1)),
    .init(
      name: "section inserted twice", batch: Batch(sectionInserts: [2, 2]),
      new: threeSections, expected: .sectionInsertedTwice(batch: 0, section: 2)),
    .init(
      name: "section moved from twice",
      batch: Batch(sectionMoves: [.init(from: 0, to: 1), .init(from: 0, to: 0)]),
      new: swapped, expected: .sectionMovedFromTwice(batch: 0, section: 0)),
    .init(
      name: "section moved to twice",
      batch: Batch(sectionMoves: [.init(from: 0, to: 1), .init(from: 1, to: 1)]),
      new: swapped, expected: .sectionMovedToTwice(batch: 0, section: 1)),
    .init(
      name: "section reloaded twice", batch: Batch(sectionReloads: [0, 0]), new: same,
      expected: .sectionReloadedTwice(batch: 0, section: 0)),
    .init(
      name: "section deleted and moved",
      batch: Batch(sectionDeletes: [0], sectionMoves: [.init(from: 0, to: 0)]),
      new: [("B", ["d", "e"])], expected: .sectionDeleteAndMove(batch: 0, section: 0)),
    .init(
      name: "section inserted and moved to",
      batch: Batch(sectionInserts: [0], sectionMoves: [.init(from: 1, to: 0)]),
      new: [("C", [])] + same, expected: .sectionInsertAndMove(batch: 0, section: 0)),
    .init(
      name: "section reloaded and deleted",
      batch: Batch(sectionDeletes: [1], sectionReloads: [1]),
      new: [("A", ["a", "b", "c"])],
      expected: .sectionReloadOfMovedOrDeleted(batch: 0, section: 1)),
    .init(
      name: "section reloaded and moved",
      batch: Batch(sectionMoves: [.init(from: 1, to: 0)], sectionReloads: [1]),
      new: swapped, expected: .sectionReloadOfMovedOrDeleted(batch: 0, section: 1)),
    .init(
      name: "section count", batch: Batch(sectionDeletes: [1]), new: same,
      expected: .sectionCountMismatch(batch: 0, expected: 2, actual: 1)),
    .init(
      name: "item delete out of range", batch: Batch(itemDeletes: [path(0, 3)]),
      new: same, expected: .indexOutOfRange(batch: 0, .delete, path(0, 3))),
    .init(
      name: "item delete in a missing section", batch: Batch(itemDeletes: [path(2, 0)]),
      new: same, expected: .indexOutOfRange(batch: 0, .delete, path(2, 0))),
    .init(
      name: "item insert out of range", batch: Batch(itemInserts: [path(1, 3)]),
      new: [("A", ["a", "b", "c"]), ("B", ["d", "e", "x"])],
      expected: .indexOutOfRange(batch: 0, .insert, path(1, 3))),
    .init(
      name: "item move source out of range",
      batch: Batch(itemMoves: [move(path(1, 2), path(1, 0))]), new: same,
      expected: .indexOutOfRange(batch: 0, .moveFrom, path(1, 2))),
    .init(
      name: "item move destination out of range",
      batch: Batch(itemMoves: [move(path(1, 0), path(1, 2))]), new: same,
      expected: .indexOutOfRange(batch: 0, .moveTo, path(1, 2))),
    .init(
      name: "item reload out of range", batch: Batch(itemReloads: [path(1, 2)]),
      new: same, expected: .indexOutOfRange(batch: 0, .reload, path(1, 2))),
    .init(
      name: "item reconfigure out of range", batch: Batch(itemReconfigures: [path(3, 0)]),
      new: same, expected: .indexOutOfRange(batch: 0, .reconfigure, path(3, 0))),
    .init(
      name: "item deleted twice", batch: Batch(itemDeletes: [path(0, 1), path(0, 1)]),
      new: [("A", ["a", "c"]), ("B", ["d", "e"])],
      expected: .deletedTwice(batch: 0, path(0, 1))),
    .init(
      name: "item inserted twice", batch: Batch(itemInserts: [path(1, 2), path(1, 2)]),
      new: [("A", ["a", "b", "c"]), ("B", ["d", "e", "x"])],
      expected: .insertedTwice(batch: 0, path(1, 2))),
    .init(
      name: "item moved from twice",
      batch: Batch(itemMoves: [move(path(0, 0), path(0, 2)), move(path(0, 0), path(0, 1))]),
      new: same, expected: .movedFromTwice(batch: 0, path(0, 0))),
    .init(
      name: "item moved to twice",
      batch: Batch(itemMoves: [move(path(0, 0), path(0, 2)), move(path(0, 1), path(0, 2))]),
      new: same, expected: .movedToTwice(batch: 0, path(0, 2))),
    .init(
      name: "item reloaded twice", batch: Batch(itemReloads: [path(0, 0), path(0, 0)]),
      new: same, expected: .reloadedTwice(batch: 0, path(0, 0))),
    .init(
      name: "item reconfigured twice",
      batch: Batch(itemReconfigures: [path(1, 1), path(1, 1)]), new: same,
      expected: .reconfiguredTwice(batch: 0, path(1, 1))),
    .init(
      name: "item deleted and moved",
      batch: Batch(itemDeletes: [path(0, 0)], itemMoves: [move(path(0, 0), path(0, 1))]),
      new: [("A", ["b", "c"]), ("B", ["d", "e"])],
      expected: .deleteAndMoveFromSame(batch: 0, path(0, 0))),
    .init(
      name: "item inserted and moved to",
      batch: Batch(itemInserts: [path(0, 1)], itemMoves: [move(path(0, 0), path(0, 1))]),
      new: [("A", ["x", "a", "b", "c"]), ("B", ["d", "e"])],
      expected: .insertAndMoveToSame(batch: 0, path(0, 1))),
    .init(
      name: "item reloaded and deleted",
      batch: Batch(itemDeletes: [path(0, 0)], itemReloads: [path(0, 0)]),
      new: [("A", ["b", "c"]), ("B", ["d", "e"])],
      expected: .reloadOfMovedOrDeletedItem(batch: 0, .reload, path(0, 0))),
    .init(
      name: "item reconfigured and moved",
      batch: Batch(
        itemMoves: [move(path(0, 0), path(0, 2))], itemReconfigures: [path(0, 0)]),
      new: [("A", ["b", "c", "a"]), ("B", ["d", "e"])],
      expected: .reloadOfMovedOrDeletedItem(batch: 0, .reconfigure, path(0, 0))),
    .init(
      name: "item reloaded in a deleted section",
      batch: Batch(sectionDeletes: [1], itemReloads: [path(1, 0)]),
      new: [("A", ["a", "b", "c"])],
      expected: .reloadOfMovedOrDeletedItem(batch: 0, .reload, path(1, 0))),
    .init(
      name: "item count", batch: Batch(itemDeletes: [path(0, 0)]), new: same,
      expected: .countMismatch(batch: 0, section: 0, expected: 3, actual: 2)),
    .init(
      name: "item count after a section move",
      batch: Batch(sectionMoves: [.init(from: 1, to: 0)], itemInserts: [path(0, 0)]),
      new: swapped, expected: .countMismatch(batch: 0, section: 0, expected: 2, actual: 3)),
  ]

  @Test(arguments: violationCases)
  func eachViolationIsReported(_ example: ViolationCase) {
    let new = LayoutFixture.snapshot(example.new)
    let update = BatchInterpreter.replay(
      Changeset(batches: [example.batch]), from: Self.old, to: new)
    #expect(update.violations.contains(example.expected), "\(update.violations)")
    #expect(!update.roundTrips)
    #expect(!update.isCorrect)
    #expect(update.problems.contains(example.expected.description))
  }

  /// Reloading and reconfiguring one item is the project's shape rule, not
  /// a batch rule: Apple's behaviour there is unconfirmed (A.3), so the
  /// update still round-trips.
  @Test func reloadingAndReconfiguringOneItemIsAShapeViolation() {
    let batch = Batch(itemReloads: [Self.path(0, 2)], itemReconfigures: [Self.path(0, 2)])
    let update = BatchInterpreter.replay(
      Changeset(batches: [batch]), from: Self.old, to: LayoutFixture.snapshot(Self.same))
    #expect(update.violations.isEmpty, "\(update.violations)")
    #expect(update.shapeViolations == [.reloadAndReconfigureSame(batch: 0, Self.path(0, 2))])
    #expect(update.roundTrips)
  }

  @Test func everyViolationHasADescription() {
    for example in Self.violationCases {
      #expect(example.expected.description.hasPrefix("batch 0: "))
    }
  }

  @Test func shapeViolationsAreReportedApartFromUIKitRules() {
    let new = LayoutFixture.snapshot(["A": ["c", "a", "b"], "B": ["d", "e"]])
    let mixed = Batch(
      itemMoves: [
        Self.move(Self.path(0, 2), Self.path(0, 0)),
        Self.move(Self.path(0, 0), Self.path(0, 1)),
      ],
      itemReloads: [Self.path(1, 0)])
    let update = BatchInterpreter.replay(Changeset(batches: [mixed]), from: Self.old, to: new)
    #expect(update.isCorrect, "\(update.problems)")
    #expect(
      update.shapeViolations == [.reloadInStructuralBatch(batch: 0), .unsortedBatch(batch: 0)])
    let clean = BatchInterpreter.replay(
      Changeset(batches: [mixed]).normalized(), from: Self.old, to: new)
    #expect(clean.shapeViolations == [.reloadInStructuralBatch(batch: 0)])
  }

  // MARK: Application and provenance

  /// `A: [a, b, c] | B: [d, e]` → `B: [e, x] | A: [c, a, d]`.
  static let reordering = Batch(
    sectionMoves: [.init(from: 1, to: 0)],
    itemDeletes: [path(0, 1)], itemInserts: [path(0, 1)],
    itemMoves: [move(path(0, 0), path(1, 1)), move(path(1, 0), path(1, 2))])
  static let reordered = LayoutFixture.snapshot(["B": ["e", "x"], "A": ["c", "a", "d"]])

  @Test func appliesMovesInsertsAndDeletesWithProvenance() {
    let update = BatchInterpreter.replay(
      Changeset(batches: [Self.reordering]), from: Self.old, to: Self.reordered)
    #expect(update.violations.isEmpty)
    #expect(update.isCorrect, "\(update.problems)")
    #expect(update.resultSections == ["B", "A"])
    #expect(update.resultItems == [["e", "x"], ["c", "a", "d"]])
    #expect(update.sectionOrigins == [.moved(from: 1), .kept(from: 0)])
    #expect(
      update.itemOrigins == [
        [.kept(from: Self.path(1, 1)), .inserted],
        [
          .kept(from: Self.path(0, 2)), .moved(from: Self.path(0, 0)),
          .moved(from: Self.path(1, 0)),
        ],
      ])
  }

  @Test func reloadBatchNamesTheStateAfterTheStructuralBatch() {
    let refresh = Batch(
      sectionReloads: [0], itemReloads: [Self.path(1, 1)],
      itemReconfigures: [Self.path(0, 0)])
    let update = BatchInterpreter.replay(
      Changeset(batches: [Self.reordering, refresh]), from: Self.old, to: Self.reordered)
    #expect(update.isCorrect, "\(update.problems)")
    #expect(update.reloadedItems == ["a"])
    #expect(update.reconfiguredItems == ["e"])
    #expect(update.reloadedSections == ["B"])
    #expect(update.itemOrigins[1][1] == .moved(from: Self.path(0, 0)))
  }

  @Test func theSecondBatchIsCheckedAgainstTheFirstBatchsResult() {
    let refresh = Batch(itemReloads: [Self.path(0, 2)])
    let update = BatchInterpreter.replay(
      Changeset(batches: [Self.reordering, refresh]), from: Self.old, to: Self.reordered)
    #expect(update.violations == [.indexOutOfRange(batch: 1, .reload, Self.path(0, 2))])
    #expect(update.resultItems == [["e", "x"], ["c", "a", "d"]])
  }

  @Test func anInvalidBatchStopsTheReplay() {
    let update = BatchInterpreter.replay(
      Changeset(batches: [Batch(itemDeletes: [Self.path(0, 0)]), Self.reordering]),
      from: Self.old, to: Self.reordered)
    #expect(update.violations.allSatisfy { "\($0)".hasPrefix("batch 0") })
    #expect(!update.violations.isEmpty)
    #expect(update.resultItems == [["a", "b", "c"], ["d", "e"]])
  }

  @Test func anEmptyChangesetKeepsEverything() {
    let update = BatchInterpreter.replay(Changeset(), from: Self.old, to: Self.old)
    #expect(update.isCorrect)
    #expect(update.sectionOrigins == [.kept(from: 0), .kept(from: 1)])
    #expect(update.itemOrigins[1] == [.kept(from: Self.path(1, 0)), .kept(from: Self.path(1, 1))])
  }

  // MARK: Deleted and inserted sections (the chosen rule)

  @Test func movesOutOfADeletedSectionIntoAnInsertedOneAreAccepted() {
    let old = LayoutFixture.snapshot(["A": ["a", "b"], "B": ["c"]])
    let new = LayoutFixture.snapshot(["A": ["a"], "C": ["c", "b"]])
    let batch = Batch(
      sectionDeletes: [1], sectionInserts: [1],
      itemMoves: [
        .init(from: Self.path(0, 1), to: Self.path(1, 1)),
        .init(from: Self.path(1, 0), to: Self.path(1, 0)),
      ])
    let update = BatchInterpreter.replay(Changeset(batches: [batch]), from: old, to: new)
    #expect(update.isCorrect, "\(update.problems)")
    #expect(update.sectionOrigins == [.kept(from: 0), .inserted])
    #expect(
      update.itemOrigins == [
        [.kept(from: Self.path(0, 0))],
        [.moved(from: Self.path(1, 0)), .moved(from: Self.path(0, 1))],
      ])
  }

  @Test(arguments: [false, true])
  func anInsertedSectionIsFilledFromTheTarget(explicitInserts: Bool) {
    let old = LayoutFixture.snapshot(["A": ["a"]])
    let new = LayoutFixture.snapshot(["A": ["a"], "C": ["x", "y"]])
    var batch = Batch(sectionInserts: [1])
    if explicitInserts { batch.itemInserts = [Self.path(1, 0), Self.path(1, 1)] }
    let update = BatchInterpreter.replay(Changeset(batches: [batch]), from: old, to: new)
    #expect(update.isCorrect, "\(update.problems)")
    #expect(update.itemOrigins[1] == [.inserted, .inserted])
  }

  @Test(arguments: [false, true])
  func aDeletedSectionTakesItsItems(explicitDeletes: Bool) {
    let old = LayoutFixture.snapshot(["A": ["a"], "B": ["b", "c"]])
    let new = LayoutFixture.snapshot(["A": ["a"]])
    var batch = Batch(sectionDeletes: [1])
    if explicitDeletes { batch.itemDeletes = [Self.path(1, 0), Self.path(1, 1)] }
    let update = BatchInterpreter.replay(Changeset(batches: [batch]), from: old, to: new)
    #expect(update.isCorrect, "\(update.problems)")
  }

  // MARK: Round trip and identity

  @Test func aWrongMoveFailsTheRoundTripWithoutViolations() {
    let old = LayoutFixture.snapshot(["A": ["a", "b", "c"]])
    let new = LayoutFixture.snapshot(["A": ["c", "a", "b"]])
    let wrong = Batch(itemMoves: [Self.move(Self.path(0, 0), Self.path(0, 2))])
    let update = BatchInterpreter.replay(Changeset(batches: [wrong]), from: old, to: new)
    #expect(update.violations.isEmpty)
    #expect(!update.roundTrips)
    #expect(update.resultItems == [["b", "c", "a"]])
    #expect(update.problems.first?.hasPrefix("the result is not the target") == true)
  }

  @Test func deleteAndReinsertOfASurvivingItemBreaksIdentity() {
    let old = LayoutFixture.snapshot(["A": ["a", "b"]])
    let new = LayoutFixture.snapshot(["A": ["b", "a"]])
    let batch = Batch(itemDeletes: [Self.path(0, 0)], itemInserts: [Self.path(0, 1)])
    let update = BatchInterpreter.replay(Changeset(batches: [batch]), from: old, to: new)
    #expect(update.violations.isEmpty)
    #expect(update.roundTrips)
    #expect(
      update.identityViolations == ["item a is in both snapshots but was deleted and re-inserted"])
    #expect(!update.isCorrect)
  }

  @Test func deleteAndReinsertOfASurvivingSectionBreaksIdentity() {
    let old = LayoutFixture.snapshot(["A": ["a"]])
    let batch = Batch(sectionDeletes: [0], sectionInserts: [0])
    let update = BatchInterpreter.replay(Changeset(batches: [batch]), from: old, to: old)
    #expect(update.roundTrips)
    #expect(
      update.identityViolations == [
        "section A is in both snapshots but was deleted and re-inserted",
        "item a is in both snapshots but was deleted and re-inserted",
      ])
  }

  @Test func anItemKeptInsteadOfDeletedBreaksIdentity() {
    let old = LayoutFixture.snapshot(["A": ["a", "b"]])
    let new = LayoutFixture.snapshot(["A": ["a", "x"]])
    let update = BatchInterpreter.replay(Changeset(), from: old, to: new)
    #expect(!update.roundTrips)
    #expect(
      update.identityViolations == [
        "item b is only in the old snapshot but was kept from [0, 1], not deleted"
      ])
  }

  @Test func aSurvivorMovedOutOfADeletedSectionMustBeMovedNotInserted() {
    let old = LayoutFixture.snapshot(["A": ["a"], "B": ["b"]])
    let new = LayoutFixture.snapshot(["B": ["b", "a"]])
    let batch = Batch(sectionDeletes: [0], itemInserts: [Self.path(0, 1)])
    let update = BatchInterpreter.replay(Changeset(batches: [batch]), from: old, to: new)
    #expect(update.roundTrips)
    #expect(
      update.identityViolations == ["item a is in both snapshots but was deleted and re-inserted"])
  }

  @Test func aSurvivorLeftOutBreaksIdentity() {
    let old = LayoutFixture.snapshot(["A": ["a", "b"]])
    let new = LayoutFixture.snapshot(["A": ["b"]])
    let batch = Batch(itemDeletes: [Self.path(0, 1)])
    let update = BatchInterpreter.replay(Changeset(batches: [batch]), from: old, to: new)
    #expect(!update.roundTrips)
    #expect(
      update.identityViolations == [
        "item a is only in the old snapshot but was kept from [0, 0], not deleted",
        "item b is in both snapshots but was deleted",
      ])
  }
}
