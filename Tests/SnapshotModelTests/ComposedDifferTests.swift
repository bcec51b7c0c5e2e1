import SnapshotCore
import Testing

@testable import SnapshotModel

/// `ComposedDiffer`: a one-array differ composed per section round-trips
/// through the reference interpreter for every pair of small layouts,
/// keeps identity across sections, refreshes by the rule, and names its
/// base when the base is at fault.
@Suite struct ComposedDifferTests {
  typealias Snapshot = LayoutFixture.Snapshot

  /// The standard library's differ without move inference: every element
  /// whose order changes is deleted and re-inserted.
  struct NoMoves: ArrayDiffer {
    func changes<Element: Hashable>(from old: [Element], to new: [Element]) -> ArrayChanges {
      ArrayChanges(new.difference(from: old))
    }
  }

  /// A base whose last insert lands one slot too far.
  struct OffByOne: ArrayDiffer {
    func changes<Element: Hashable>(from old: [Element], to new: [Element]) -> ArrayChanges {
      var changes = StandardArrayDiffer().changes(from: old, to: new)
      if !changes.inserts.isEmpty { changes.inserts[changes.inserts.count - 1] += 1 }
      return changes
    }
  }

  /// The pairs `old → new` whose composed diff is not correct (or, with
  /// `identity` false, not valid and round-tripping), described; at most
  /// five.
  static func failures<Base: ArrayDiffer>(
    _ base: Base, from old: Snapshot, among layouts: [Snapshot], identity: Bool
  ) -> [String] {
    let differ = ComposedDiffer(base, snapshot: Snapshot.self)
    var failures: [String] = []
    for new in layouts where failures.count < 5 {
      let changeset = differ.changeset(from: old, to: new)
      let update = BatchInterpreter.replay(changeset, from: old, to: new)
      var problems =
        update.violations.map(\.description) + update.shapeViolations.map(\.description)
      if !update.roundTrips { problems.append("does not round-trip") }
      if identity { problems += update.identityViolations }
      problems += differ.inputProblems(from: old, to: new).map(\.description)
      if (old == new) != changeset.isEmpty { problems.append("emptiness") }
      if !problems.isEmpty {
        failures.append(
          "\(LayoutFixture.text(old)) → \(LayoutFixture.text(new))\n\(changeset)\n\(problems)")
      }
    }
    return failures
  }

  @Test(arguments: 0..<ModelDifferExhaustiveTests.fourItemLayouts.count)
  func theStandardDifferComposedIsCorrectForEveryPairOfFourItemLayouts(oldIndex: Int) {
    let layouts = ModelDifferExhaustiveTests.fourItemLayouts
    let failures = Self.failures(
      StandardArrayDiffer(), from: layouts[oldIndex], among: layouts, identity: true)
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
  }

  @Test(arguments: 0..<ModelDifferExhaustiveTests.threeItemLayouts.count)
  func theStandardDifferComposedIsCorrectAcrossDeletedAndInsertedSections(oldIndex: Int) {
    let layouts = ModelDifferExhaustiveTests.threeItemLayouts
    let failures = Self.failures(
      StandardArrayDiffer(), from: layouts[oldIndex], among: layouts, identity: true)
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
  }

  @Test(arguments: 0..<ModelDifferExhaustiveTests.threeItemLayouts.count)
  func aBaseWithoutMovesComposedIsValidAndRoundTrips(oldIndex: Int) {
    let layouts = ModelDifferExhaustiveTests.threeItemLayouts
    let failures = Self.failures(
      NoMoves(), from: layouts[oldIndex], among: layouts, identity: false)
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
  }

  @Test func anItemThatChangesSectionIsOneMoveEvenWhenTheBaseHasNoMoves() {
    let old = LayoutFixture.snapshot(["A": ["a", "b"], "B": ["c"]])
    let new = LayoutFixture.snapshot(["A": ["b"], "B": ["a", "c"]])
    let changeset = ComposedDiffer(NoMoves(), snapshot: Snapshot.self).changeset(from: old, to: new)
    #expect(
      changeset.batches == [
        Changeset.Batch(
          itemMoves: [.init(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))]
        )
      ])
  }

  @Test func anItemLeavingADeletedSectionForAnInsertedOneIsAMove() {
    let old = LayoutFixture.snapshot(["A": ["a"], "B": ["b"]])
    let new = LayoutFixture.snapshot(["C": ["a"], "B": ["b"]])
    let changeset = ComposedDiffer(StandardArrayDiffer(), snapshot: Snapshot.self)
      .changeset(from: old, to: new)
    let update = BatchInterpreter.replay(changeset, from: old, to: new)
    #expect(update.isCorrect, "\(update.problems)")
    #expect(changeset.itemMoveCount == 1, "\(changeset)")
  }

  @Test func refreshesComeInALaterBatchAtNewPaths() throws {
    let old = LayoutFixture.snapshot(["A": ["a", "b"], "B": ["c"]])
    var new = LayoutFixture.snapshot(["B": ["c"], "A": ["b", "a"]])
    try new.reconfigureItems(["a"])
    try new.reloadSections(["B"])
    let options = DiffOptions<String>(oldContent: ["c": 1], newContent: ["c": 2])
    let changeset = ComposedDiffer(StandardArrayDiffer(), snapshot: Snapshot.self)
      .changeset(from: old, to: new, options: options)
    #expect(changeset.batches.count == 2)
    #expect(
      changeset.batches.last
        == Changeset.Batch(
          sectionReloads: [0], itemReloads: [ItemPath(section: 0, item: 0)],
          itemReconfigures: [ItemPath(section: 1, item: 1)]))
  }

  @Test func aBaseAtFaultIsNamedAndTheCompositionDoesNotTrap() {
    let old = LayoutFixture.snapshot(["A": ["a", "b"]])
    let new = LayoutFixture.snapshot(["A": ["a", "c", "b"]])
    let differ = ComposedDiffer(OffByOne(), snapshot: Snapshot.self)
    let problems = differ.inputProblems(from: old, to: new)
    #expect(problems.map(\.operation) == ["changes(from:to:)"])
    #expect(problems.first?.message.contains("the items of section 0 → 0") == true, "\(problems)")
    let update = BatchInterpreter.replay(differ.changeset(from: old, to: new), from: old, to: new)
    #expect(!update.isCorrect)
    #expect(
      ComposedDiffer(StandardArrayDiffer(), snapshot: Snapshot.self)
        .inputProblems(from: old, to: new).isEmpty)
  }
}

/// `ArrayChanges`: the shapes differs return, and the check of a value
/// against the arrays it claims to connect.
@Suite struct ArrayChangesTests {
  static let old = ["a", "b", "c", "d"]
  static let new = ["c", "a", "e", "d"]

  @Test func aStandardDifferenceWithInferredMovesPairsRemovalsAndInsertions() {
    let changes = ArrayChanges(Self.new.difference(from: Self.old).inferringMoves())
    #expect(changes.problems(from: Self.old, to: Self.new).isEmpty, "\(changes)")
    #expect(changes.deletes == [1])
    #expect(changes.inserts == [2])
    #expect(changes.moves.count == 1)
  }

  @Test func batchStepsAreTakenAsTheyAre() {
    let changes = ArrayChanges(steps: [.delete(1), .move(from: 2, to: 0), .insert(2)])
    #expect(changes == ArrayChanges(deletes: [1], inserts: [2], moves: [.init(from: 2, to: 0)]))
    #expect(changes.problems(from: Self.old, to: Self.new).isEmpty)
  }

  @Test func sequentialStepsBecomeTheirBatchForm() {
    // a b c d → (delete b) a c d → (move c to front) c a d → (insert e) c a e d
    let changes = ArrayChanges(
      sequentialSteps: [.delete(1), .move(from: 1, to: 0), .insert(2)], oldCount: 4)
    #expect(changes == ArrayChanges(deletes: [1], inserts: [2], moves: [.init(from: 2, to: 0)]))
    #expect(changes.problems(from: Self.old, to: Self.new).isEmpty)
  }

  @Test func anElementInsertedThenMovedIsAnInsert() {
    let changes = ArrayChanges(
      sequentialSteps: [.insert(0), .move(from: 0, to: 1)], oldCount: 1)
    #expect(changes == ArrayChanges(inserts: [1]))
  }

  @Test(arguments: [
    (ArrayChanges(deletes: [4]), "outside the old array"),
    (ArrayChanges(inserts: [9]), "outside the new array"),
    (ArrayChanges(deletes: [1, 1]), "more than once"),
    (ArrayChanges(deletes: [1], inserts: [2, 2]), "more than once"),
    (ArrayChanges(deletes: [1], inserts: [2]), "another element"),
    (ArrayChanges(deletes: [1]), "are kept but"),
  ])
  func aWrongValueIsDescribed(changes: ArrayChanges, expected: String) {
    let problems = changes.problems(from: Self.old, to: Self.new)
    #expect(problems.contains { $0.contains(expected) }, "\(problems)")
  }
}

/// `Refreshes`, the refresh rule as a value, agrees with the reference
/// differ's refresh batch.
@Suite struct RefreshesTests {
  @Test func theRuleMatchesTheReferenceDiffersRefreshBatch() throws {
    let old = LayoutFixture.snapshot(["A": ["a", "b", "c"], "B": ["d", "e"]])
    var new = LayoutFixture.snapshot(["B": ["e", "d"], "A": ["a", "c", "f"]])
    try new.reloadItems(["a", "f"])
    try new.reconfigureItems(["a", "d"])
    try new.reloadSections(["A"])
    for style in [ContentUpdateStyle.reload, .reconfigure] {
      let options = DiffOptions<String>(
        oldContent: ["c": 1, "e": 1, "b": 1], newContent: ["c": 2, "e": 1], contentUpdate: style)
      let reference = ModelDiffer().changeset(from: old, to: new, options: options).batches.last
      let batch = Refreshes(from: old, to: new, options: options).batch(in: new)
      #expect(batch == reference, "\(style)")
    }
  }

  @Test func theRefreshesListIdsInTheNewSnapshotsOrder() throws {
    let old = LayoutFixture.snapshot(["A": ["a", "b", "c"]])
    var new = old
    try new.reconfigureItems(["c", "a"])
    try new.reloadItems(["b"])
    let refreshes = Refreshes(from: old, to: new)
    #expect(refreshes.reconfiguredItems == ["a", "c"])
    #expect(refreshes.reloadedItems == ["b"])
    #expect(refreshes.batch(in: old).itemReconfigures.count == 2)
  }
}
