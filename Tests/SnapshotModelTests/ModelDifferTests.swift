import SnapshotCore
import Testing

@testable import SnapshotModel

/// Example tables for `ModelDiffer`: exact changesets, each also replayed
/// through `BatchInterpreter`.
@Suite struct ModelDifferTests {
  typealias Batch = Changeset.Batch
  typealias Snapshot = LayoutFixture.Snapshot

  static func path(_ section: Int, _ item: Int) -> ItemPath {
    ItemPath(section: section, item: item)
  }

  /// The changeset, after checking that it replays correctly.
  static func diff(
    _ old: Snapshot, _ new: Snapshot,
    options: DiffOptions<String> = DiffOptions()
  ) -> Changeset {
    let changeset = ModelDiffer().changeset(from: old, to: new, options: options)
    let update = BatchInterpreter.replay(changeset, from: old, to: new)
    #expect(update.isCorrect, "\(changeset)\n\(update.problems)")
    #expect(update.shapeViolations.isEmpty)
    return changeset
  }

  @Test func sectionsAreDeletedInsertedAndMoved() {
    let old = LayoutFixture.snapshot(["A": ["a"], "B": ["b"], "C": ["c"]])
    let new = LayoutFixture.snapshot(["C": ["c"], "A": ["a"], "D": ["d"]])
    #expect(
      Self.diff(old, new).batches == [
        Batch(
          sectionDeletes: [1], sectionInserts: [2],
          sectionMoves: [.init(from: 0, to: 1), .init(from: 2, to: 0)],
          itemDeletes: [Self.path(1, 0)], itemInserts: [Self.path(2, 0)])
      ])
  }

  @Test func itemsChangingSectionAreMoved() {
    let old = LayoutFixture.snapshot(["A": ["a", "b"], "B": ["c"]])
    let new = LayoutFixture.snapshot(["A": ["b"], "B": ["c", "a"]])
    #expect(
      Self.diff(old, new).batches == [
        Batch(itemMoves: [
          .init(from: Self.path(0, 0), to: Self.path(1, 1)),
          .init(from: Self.path(0, 1), to: Self.path(0, 0)),
        ])
      ])
  }

  @Test func itemsOfDeletedSectionsAreDeletedOrMovedOut() {
    let old = LayoutFixture.snapshot(["A": ["a"], "B": ["b", "c"]])
    let new = LayoutFixture.snapshot(["C": ["c", "x"], "A": ["a"]])
    #expect(
      Self.diff(old, new).batches == [
        Batch(
          sectionDeletes: [1], sectionInserts: [0], sectionMoves: [.init(from: 0, to: 1)],
          itemDeletes: [Self.path(1, 0)], itemInserts: [Self.path(0, 1)],
          itemMoves: [.init(from: Self.path(1, 1), to: Self.path(0, 0))])
      ])
  }

  @Test func marksBecomeALaterBatchAtNewPaths() throws {
    let old = LayoutFixture.snapshot(["A": ["a", "b", "c"], "B": []])
    var new = LayoutFixture.snapshot(["B": ["x"], "A": ["c", "b", "a"]])
    try new.reloadItems(["a", "x"])
    try new.reconfigureItems(["b"])
    try new.reloadSections(["A"])
    let batches = Self.diff(old, new).batches
    #expect(batches.count == 2)
    #expect(
      batches.last
        == Batch(
          sectionReloads: [1], itemReloads: [Self.path(1, 2)],
          itemReconfigures: [Self.path(1, 1)]))
  }

  @Test func aReloadMarkWinsOverAReconfigureMark() throws {
    let old = LayoutFixture.snapshot(["A": ["a", "b"]])
    var new = old
    try new.reconfigureItems(["a", "b"])
    try new.reloadItems(["b"])
    #expect(
      Self.diff(old, new).batches == [
        Batch(itemReloads: [Self.path(0, 1)], itemReconfigures: [Self.path(0, 0)])
      ])
  }

  @Test(arguments: [ContentUpdateStyle.reload, .reconfigure])
  func contentChangesFollowTheStyle(style: ContentUpdateStyle) {
    let old = LayoutFixture.snapshot(["A": ["a", "b", "c", "d"]])
    let new = LayoutFixture.snapshot(["A": ["e", "c", "b", "a"]])
    let options = DiffOptions<String>(
      oldContent: ["a": 1, "b": 1, "c": 1, "d": 1],
      newContent: ["a": 2, "b": 1, "c": 2, "e": 5],
      contentUpdate: style)
    let refresh = Self.diff(old, new, options: options).batches.last
    let changed = [Self.path(0, 1), Self.path(0, 3)]
    #expect(
      refresh
        == (style == .reload
          ? Batch(itemReloads: changed) : Batch(itemReconfigures: changed)))
  }

  @Test func aReloadMarkWinsOverAContentReconfigure() throws {
    let old = LayoutFixture.snapshot(["A": ["a", "b"]])
    var new = old
    try new.reloadItems(["a"])
    let options = DiffOptions<String>(
      oldContent: ["a": 1, "b": 1], newContent: ["a": 2, "b": 2], contentUpdate: .reconfigure)
    #expect(
      Self.diff(old, new, options: options).batches == [
        Batch(itemReloads: [Self.path(0, 0)], itemReconfigures: [Self.path(0, 1)])
      ])
  }

  @Test func aContentReloadWinsOverAReconfigureMark() throws {
    let old = LayoutFixture.snapshot(["A": ["a"]])
    var new = old
    try new.reconfigureItems(["a"])
    let options = DiffOptions<String>(oldContent: ["a": 1], newContent: ["a": 2])
    #expect(
      Self.diff(old, new, options: options).batches == [Batch(itemReloads: [Self.path(0, 0)])])
  }

  @Test func diffOfASnapshotWithItselfIsEmpty() throws {
    let snapshot = LayoutFixture.snapshot(["A": ["a", "b"], "B": [], "C": ["c"]])
    #expect(Self.diff(snapshot, snapshot).isEmpty)
    #expect(Self.diff(Snapshot(), Snapshot()).isEmpty)
    var marked = snapshot
    try marked.reloadSections(["B"])
    #expect(Self.diff(snapshot, marked).batches == [Batch(sectionReloads: [1])])
  }

  @Test func theFirstApplyInsertsEverything() {
    let new = LayoutFixture.snapshot(["A": ["a", "b"], "B": ["c"]])
    #expect(
      Self.diff(Snapshot(), new).batches == [
        Batch(
          sectionInserts: [0, 1],
          itemInserts: [Self.path(0, 0), Self.path(0, 1), Self.path(1, 0)])
      ])
  }
}
