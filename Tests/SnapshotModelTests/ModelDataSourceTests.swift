import SnapshotCore
import Testing

@testable import SnapshotModel

/// `ModelDataSource` applies: full and per-section, `snapshot(for:)`, marks,
/// content, and the B.5 carry-through of stored section snapshots.
@Suite struct ModelDataSourceTests {
  typealias Fixture = DataSourceFixture
  typealias Batch = Changeset.Batch

  static func path(_ section: Int, _ item: Int) -> ItemPath {
    ItemPath(section: section, item: item)
  }

  // MARK: Full apply

  @Test func theFirstApplyIsDiffedFromTheEmptySnapshot() {
    var dataSource = Fixture.DataSource()
    let new = LayoutFixture.snapshot(["A": ["a", "b"], "B": ["c"]])
    let changeset = Fixture.checked(&dataSource) { $0.apply(new) }
    #expect(changeset.batches == [ModelDiffer().changeset(from: .init(), to: new).batches[0]])
    #expect(dataSource.snapshot() == new)
  }

  @Test func reapplyingTheCurrentSnapshotChangesNothing() {
    var dataSource = Fixture.dataSource(["A": ["a", "b"]])
    let changeset = Fixture.checked(&dataSource) { $0.apply($0.snapshot()) }
    #expect(changeset.isEmpty)
  }

  @Test func marksAreReloadedThenDropped() throws {
    var dataSource = Fixture.dataSource(["A": ["a", "b"]])
    var marked = dataSource.snapshot()
    try marked.reloadItems(["b"])
    try marked.reconfigureItems(["a"])
    try marked.reloadSections(["A"])
    let changeset = Fixture.checked(&dataSource) { $0.apply(marked) }
    #expect(
      changeset.batches == [
        Batch(
          sectionReloads: [0], itemReloads: [Self.path(0, 1)],
          itemReconfigures: [Self.path(0, 0)])
      ])
    #expect(dataSource.snapshot().reloadedItemIdentifiers.isEmpty)
    #expect(dataSource.snapshot().reconfiguredItemIdentifiers.isEmpty)
    #expect(dataSource.snapshot().reloadedSectionIdentifiers.isEmpty)
    #expect(Fixture.checked(&dataSource) { $0.apply($0.snapshot()) }.isEmpty)
  }

  @Test(arguments: [ContentUpdateStyle.reload, .reconfigure])
  func contentChangesAreRefreshedPerStyle(style: ContentUpdateStyle) {
    var dataSource = Fixture.DataSource()
    dataSource.contentUpdateStyle = style
    let snapshot = LayoutFixture.snapshot(["A": ["a", "b", "c"]])
    Fixture.checked(&dataSource) { $0.apply(snapshot, contents: ["a": 1, "b": 1, "c": 1]) }
    let changeset = Fixture.checked(&dataSource) {
      $0.apply(snapshot, contents: ["a": 1, "b": 2])
    }
    let refresh = [Self.path(0, 1)]
    #expect(
      changeset.batches == [
        style == .reload ? Batch(itemReloads: refresh) : Batch(itemReconfigures: refresh)
      ])
    #expect(dataSource.contentMap == ["a": 1, "b": 2, "c": 1])
    Fixture.checked(&dataSource) {
      $0.apply(LayoutFixture.snapshot(["A": ["a"]]), contents: [:])
    }
    #expect(dataSource.contentMap == ["a": 1])
  }

  // MARK: Section apply and snapshot(for:)

  @Test func sectionApplyThenSnapshotForReturnsExactlyWhatWasApplied() {
    var dataSource = Fixture.dataSource(["A": ["x"]])
    let tree = Fixture.tree(
      ["a", "b"], children: ["a": ["a1", "a2"], "a1": ["h"], "b": ["b1"]],
      expanded: ["a", "a1", "b1"])
    Fixture.checked(&dataSource) { $0.apply(tree, to: "B") }
    #expect(dataSource.snapshot(for: "B") == tree)
    #expect(dataSource.snapshot().sectionIdentifiers == ["A", "B"])
    #expect(Fixture.rows(dataSource, "B") == ["a", "a1", "h", "a2", "b"])
  }

  @Test func snapshotForIsFlatForAFullSnapshotSectionAndEmptyForAnUnknownOne() {
    let dataSource = Fixture.dataSource(["A": ["a", "b"]])
    #expect(dataSource.snapshot(for: "A") == Fixture.tree(["a", "b"]))
    #expect(dataSource.snapshot(for: "Z") == Fixture.Tree())
  }

  @Test func sectionApplyMovesItemsFromOtherSections() {
    var dataSource = Fixture.dataSource(["A": ["a"], "B": ["x", "y"]])
    let changeset = Fixture.checked(&dataSource) {
      $0.apply(Fixture.tree(["a", "x"]), to: "A")
    }
    #expect(dataSource.snapshot() == LayoutFixture.snapshot(["A": ["a", "x"], "B": ["y"]]))
    // `y` moves too: the naive diff moves every survivor whose index changed.
    #expect(
      changeset.batches == [
        Batch(itemMoves: [
          .init(from: Self.path(1, 0), to: Self.path(0, 1)),
          .init(from: Self.path(1, 1), to: Self.path(1, 0)),
        ])
      ])
  }

  @Test func sectionApplyDoesNotMergeExpansionState() {
    var dataSource = Fixture.DataSource()
    let expandedTree = Fixture.tree(["a"], children: ["a": ["a1"]], expanded: ["a"])
    Fixture.checked(&dataSource) { $0.apply(expandedTree, to: "A") }
    let changeset = Fixture.checked(&dataSource) {
      $0.apply(Fixture.tree(["a"], children: ["a": ["a1"]]), to: "A")
    }
    #expect(try! dataSource.snapshot(for: "A").isExpanded("a") == false)
    #expect(changeset.batches == [Batch(itemDeletes: [Self.path(0, 1)])])
  }

  @Test func anExpansionOnlyChangeInsertsOrDeletesOnlyDescendants() {
    var dataSource = Fixture.dataSource(["A": ["z"], "B": ["q"]])
    var tree = Fixture.tree(["a", "b"], children: ["a": ["a1", "a2"]])
    Fixture.checked(&dataSource) { $0.apply(tree, to: "A") }
    tree.expand(["a"])
    let changeset = Fixture.checked(&dataSource) { $0.apply(tree, to: "A") }
    let batch = changeset.batches.first
    #expect(changeset.batches.count == 1)
    #expect(batch?.itemInserts == [Self.path(0, 1), Self.path(0, 2)])
    #expect(batch?.itemDeletes == [])
    #expect(batch?.sectionDeletes == [] && batch?.sectionInserts == [])
    // The naive diff is not move-minimal: `b` shifted, so it is moved.
    #expect(batch?.itemMoves == [.init(from: Self.path(0, 1), to: Self.path(0, 3))])
  }

  // MARK: B.5 carry-through on a full apply

  /// Section `A` backed by `a (→ a1 hidden), b`, and section `B`.
  static func outlined() -> Fixture.DataSource {
    var dataSource = Fixture.dataSource(["A": [], "B": ["q"]])
    _ = dataSource.apply(Fixture.tree(["a", "b"], children: ["a": ["a1"]]), to: "A")
    return dataSource
  }

  @Test func aFullApplyKeepsTheTreeWhenTheRowsAreItsVisibleItems() {
    var dataSource = Self.outlined()
    let stored = dataSource.snapshot(for: "A")
    Fixture.checked(&dataSource) {
      $0.apply(LayoutFixture.snapshot(["B": ["q", "r"], "A": ["a", "b"]]))
    }
    #expect(dataSource.snapshot(for: "A") == stored)
  }

  @Test func aFullApplyRebasesTheTree() {
    var dataSource = Self.outlined()
    Fixture.checked(&dataSource) {
      $0.apply(LayoutFixture.snapshot(["A": ["n", "a", "m"], "B": ["q"]]))
    }
    #expect(
      dataSource.snapshot(for: "A")
        == Fixture.tree(["n", "a", "m"], children: ["a": ["a1"]]))
  }

  @Test func aRebasedItemJoinsItsPredecessorsLevel() {
    var dataSource = Fixture.dataSource(["A": []])
    _ = dataSource.apply(
      Fixture.tree(["a", "b"], children: ["a": ["a1"]], expanded: ["a"]), to: "A")
    Fixture.checked(&dataSource) {
      $0.apply(LayoutFixture.snapshot(["A": ["a", "a1", "n", "b"]]))
    }
    #expect(
      dataSource.snapshot(for: "A")
        == Fixture.tree(["a", "b"], children: ["a": ["a1", "n"]], expanded: ["a"]))
  }

  @Test func aFullApplyThatEmptiesTheSectionKeepsAnEmptyTree() {
    var dataSource = Fixture.dataSource(["A": []])
    _ = dataSource.apply(Fixture.tree(["a"], children: ["a": ["b"]], expanded: ["a"]), to: "A")
    Fixture.checked(&dataSource) { $0.apply(LayoutFixture.snapshot(["A": []])) }
    #expect(dataSource.sectionsWithStoredSnapshots == ["A"])
    #expect(dataSource.snapshot(for: "A") == Fixture.Tree())
  }

  @Test func aFullApplyDropsTheTreeWhenTheRebaseCannotMatch() {
    var dataSource = Self.outlined()
    Fixture.checked(&dataSource) {
      $0.apply(LayoutFixture.snapshot(["A": ["b", "a"], "B": ["q"]]))
    }
    #expect(dataSource.sectionsWithStoredSnapshots.isEmpty)
    #expect(dataSource.snapshot(for: "A") == Fixture.tree(["b", "a"]))
  }

  @Test func aFullApplyDropsTheTreeOfADeletedSection() {
    var dataSource = Self.outlined()
    Fixture.checked(&dataSource) { $0.apply(LayoutFixture.snapshot(["B": ["q"]])) }
    #expect(dataSource.sectionsWithStoredSnapshots.isEmpty)
    #expect(dataSource.snapshot(for: "A") == Fixture.Tree())
    Fixture.checked(&dataSource) {
      $0.apply(LayoutFixture.snapshot(["B": ["q"], "A": ["a", "b"]]))
    }
    #expect(dataSource.snapshot(for: "A") == Fixture.tree(["a", "b"]))
  }

  @Test func aSectionApplyRebasesOtherOutlinesItTakesItemsFrom() {
    var dataSource = Self.outlined()
    Fixture.checked(&dataSource) { $0.apply(Fixture.tree(["q", "b"]), to: "B") }
    #expect(dataSource.snapshot(for: "A") == Fixture.tree(["a"], children: ["a": ["a1"]]))
    #expect(Fixture.rows(dataSource, "A") == ["a"])
  }
}

/// The invariant checker of `ModelDataSource` catches planted corruption.
@Suite struct ModelDataSourceInvariantTests {
  typealias Fixture = DataSourceFixture

  @Test func aSoundDataSourceHasNoViolations() {
    var dataSource = Fixture.dataSource(["A": ["a"], "B": ["b"]])
    _ = dataSource.apply(Fixture.tree(["x"], children: ["x": ["y"]]), to: "B")
    #expect(dataSource.invariantViolations().isEmpty)
  }

  @Test func plantedCorruptionIsReported() throws {
    var dataSource = Fixture.dataSource(["A": ["a"], "B": ["b"]])
    _ = dataSource.apply(Fixture.tree(["x"], children: ["x": ["y"]]), to: "B")
    var marked = dataSource
    try marked.current.reloadItems(["a"])
    #expect(marked.invariantViolations() == ["the stored snapshot carries marks"])
    var stale = dataSource
    stale.storedSections[0].snapshot.expand(["x"])
    #expect(
      stale.invariantViolations() == [
        "section B shows [\"x\"], but its section snapshot's visible items are [\"x\", \"y\"]"
      ])
    var orphan = dataSource
    orphan.storedSections.append(("Z", Fixture.Tree()))
    #expect(
      orphan.invariantViolations() == ["section Z has a stored section snapshot but is missing"])
    var stray = dataSource
    stray.contents["gone"] = 1
    #expect(stray.invariantViolations() == ["content is kept for items not shown: [\"gone\"]"])
  }
}
