import SnapshotCore
import SnapshotModel
import Testing

/// `BatchInterpreter` on staged changesets and on plain arrays (the public
/// validator): each stage against its own data, identity across stages,
/// repeated ids reported as such.
@Suite struct InterpreterStagedTests {
  typealias Staged = StagedChangeset<String, String>
  typealias Batch = Changeset.Batch

  static func path(_ section: Int, _ item: Int) -> ItemPath {
    ItemPath(section: section, item: item)
  }

  /// `A: [a, b] | B: [c]`, as arrays.
  static let sections = ["A", "B"]
  static let items = [["a", "b"], ["c"]]

  /// Delete `a`, then move `b` to `B` after `c`: two stages, each with data.
  static let twoStages = Staged(stages: [
    .init(batch: Batch(itemDeletes: [Self.path(0, 0)]), data: [("A", ["b"]), ("B", ["c"])]),
    .init(
      batch: Batch(itemMoves: [.init(from: Self.path(0, 0), to: Self.path(1, 1))]),
      data: [("A", []), ("B", ["c", "b"])]),
  ])

  @Test func aCorrectStagedChangesetValidates() {
    let update = BatchInterpreter.validate(
      Self.twoStages, sections: Self.sections, items: Self.items)
    #expect(update.isCorrect, "\(update.problems)")
    #expect(update.resultItems == [[], ["c", "b"]])
    #expect(update.itemOrigins[1][1] == .moved(from: Self.path(0, 1)))
  }

  @Test func theSameStagesAsOneBatchAgainstTheFinalDataAreRejected() {
    // Batch 0 read against the final data breaks the count rule: the stage
    // data, not the target, is what the collection view reads.
    let flat = Staged(
      stages: Self.twoStages.stages.map {
        .init(batch: $0.batch, sections: ["A", "B"], items: [[], ["c", "b"]])
      })
    let update = BatchInterpreter.validate(flat, sections: Self.sections, items: Self.items)
    #expect(
      update.violations.contains {
        if case .countMismatch(batch: 0, _, _, _) = $0 { true } else { false }
      })
  }

  @Test func aRepeatedIdInAStagesDataIsExactlyThatViolation() {
    // The historical staged-differ crash: the move stage's data holds `b`
    // in both sections.
    let staged = Staged(stages: [
      .init(
        batch: Batch(itemInserts: [Self.path(1, 1)]),
        data: [("A", ["a", "b"]), ("B", ["c", "b"])])
    ])
    let update = BatchInterpreter.validate(staged, sections: Self.sections, items: Self.items)
    #expect(update.violations == [.repeatedItemInData(batch: 0, item: "b")])
    #expect(!update.isCorrect)
  }

  @Test func aRepeatedIdInTheInputIsReportedNotReadAsAMove() {
    let update = BatchInterpreter.validate(
      Staged(stages: [.init(batch: Batch(), data: [("A", ["a", "b"]), ("B", ["a"])])]),
      sections: Self.sections, items: [["a", "b"], ["a"]])
    #expect(update.violations == [.repeatedItemInData(batch: nil, item: "a")])
    let sections = BatchInterpreter.validate(Staged(), sections: ["A", "A"], items: [[], []])
    #expect(sections.violations == [.repeatedSectionInData(batch: nil, section: "A")])
  }

  @Test func aSurvivorDeletedInOneStageAndReinsertedLaterIsAnIdentityBreach() {
    let staged = Staged(stages: [
      .init(batch: Batch(itemDeletes: [Self.path(1, 0)]), data: [("A", ["a", "b"]), ("B", [])]),
      .init(
        batch: Batch(itemInserts: [Self.path(1, 0)]), data: [("A", ["a", "b"]), ("B", ["c"])]),
    ])
    let update = BatchInterpreter.validate(staged, sections: Self.sections, items: Self.items)
    #expect(update.violations.isEmpty)
    #expect(update.roundTrips)
    #expect(
      update.identityViolations == ["item c is in both snapshots but was deleted and re-inserted"])
  }

  @Test func aStageWhoseDataIsNotReachedIsReported() {
    // The batch moves nothing, yet the data claims `b` moved to the front.
    let staged = Staged(stages: [
      .init(batch: Batch(itemReloads: [Self.path(0, 0)]), data: [("A", ["b", "a"]), ("B", ["c"])])
    ])
    let update = BatchInterpreter.validate(staged, sections: Self.sections, items: Self.items)
    #expect(
      update.violations == [
        .stageDataNotReached(
          batch: 0, reached: "A: [\"a\", \"b\"] | B: [\"c\"]",
          reported: "A: [\"b\", \"a\"] | B: [\"c\"]")
      ])
  }

  @Test func theLastStageMustBeTheNewSnapshot() throws {
    var old = ModelSnapshot<String, String>()
    try old.appendSections(["A"])
    try old.appendItems(["a"], toSection: "A")
    var new = old
    try new.appendItems(["b"], toSection: "A")
    let stopsShort = Staged(stages: [.init(batch: Batch(), data: [("A", ["a"])])])
    #expect(
      BatchInterpreter.replay(stopsShort, from: old, to: new).violations == [
        .lastStageIsNotTarget(batch: 0)
      ])
    let reaches = Staged(stages: [
      .init(batch: Batch(itemInserts: [Self.path(0, 1)]), data: [("A", ["a", "b"])])
    ])
    #expect(BatchInterpreter.replay(reaches, from: old, to: new).isCorrect)
  }

  @Test func aPlainChangesetAsStagesReplaysAsBefore() throws {
    var old = ModelSnapshot<String, String>()
    try old.appendSections(["A", "B"])
    try old.appendItems(["a", "b"], toSection: "A")
    var new = old
    try new.moveItem("a", afterItem: "b")
    try new.reloadItems(["b"])
    let changeset = ModelDiffer<String, String>().changeset(from: old, to: new)
    let plain = BatchInterpreter.replay(changeset, from: old, to: new)
    let staged = BatchInterpreter.replay(
      ModelDiffer<String, String>().stagedChangeset(from: old, to: new), from: old, to: new)
    #expect(plain.isCorrect && staged.isCorrect)
    #expect(plain.reloadedItems == staged.reloadedItems)
    #expect(staged.reloadedItems == ["b"])
  }
}
