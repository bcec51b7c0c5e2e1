import SnapshotCore
import Testing

@testable import SnapshotModel

/// `ModelDataSource.userReorder(from:to:)`: flat and outline drags, the
/// transaction, handler order, refusals and bad paths.
@Suite struct ModelDataSourceReorderTests {
  typealias Fixture = DataSourceFixture
  typealias Transaction = SnapshotCore.Transaction<Fixture.Snapshot, Fixture.Tree>

  static func path(_ section: Int, _ item: Int) -> ItemPath {
    ItemPath(section: section, item: item)
  }

  /// Records `canReorder`, `willReorder` and `didReorder`, allowing every
  /// drag.
  static func record(_ dataSource: inout Fixture.DataSource, _ recorder: CallRecorder) {
    dataSource.reorderingHandlers = ReorderingHandlers(
      canReorderItem: {
        recorder.record("canReorder \($0)")
        return true
      },
      willReorder: { recorder.record("willReorder \($0.finalSnapshot.itemIdentifiers)") },
      didReorder: { recorder.record("didReorder \($0.finalSnapshot.itemIdentifiers)") })
  }

  /// Checks what every transaction must satisfy and that the data source
  /// now holds its final state.
  static func checkTransaction(
    _ transaction: Transaction?, of dataSource: Fixture.DataSource,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let transaction else {
      Issue.record("the drag was refused", sourceLocation: sourceLocation)
      return
    }
    let initial = transaction.initialSnapshot.itemIdentifiers
    #expect(
      initial.applying(transaction.difference) == transaction.finalSnapshot.itemIdentifiers,
      sourceLocation: sourceLocation)
    #expect(dataSource.snapshot() == transaction.finalSnapshot, sourceLocation: sourceLocation)
    let order = transaction.sectionTransactions.map {
      transaction.finalSnapshot.indexOfSection($0.sectionIdentifier) ?? -1
    }
    #expect(order == order.sorted(by: >), sourceLocation: sourceLocation)
    for section in transaction.sectionTransactions {
      #expect(
        section.initialSnapshot.visibleItems.applying(section.difference)
          == section.finalSnapshot.visibleItems,
        sourceLocation: sourceLocation)
      #expect(section.initialSnapshot != section.finalSnapshot, sourceLocation: sourceLocation)
      #expect(
        section.finalSnapshot.visibleItems
          == (try? transaction.finalSnapshot.itemIdentifiers(inSection: section.sectionIdentifier)),
        sourceLocation: sourceLocation)
    }
    #expect(Fixture.rowsMismatches(dataSource).isEmpty, sourceLocation: sourceLocation)
    #expect(dataSource.invariantViolations().isEmpty, sourceLocation: sourceLocation)
  }

  // MARK: Flat sections

  @Test func aDragWithinAFlatSection() throws {
    var dataSource = Fixture.dataSource(["A": ["a", "b", "c", "d"], "B": ["e"]])
    let recorder = CallRecorder()
    Self.record(&dataSource, recorder)
    let transaction = try dataSource.userReorder(from: Self.path(0, 0), to: Self.path(0, 2))
    Self.checkTransaction(transaction, of: dataSource)
    #expect(Fixture.rows(dataSource, "A") == ["b", "c", "a", "d"])
    #expect(
      recorder.calls == [
        "canReorder a", "willReorder [\"b\", \"c\", \"a\", \"d\", \"e\"]",
        "didReorder [\"b\", \"c\", \"a\", \"d\", \"e\"]",
      ])
    #expect(transaction?.sectionTransactions.map(\.sectionIdentifier) == ["A"])
    #expect(
      transaction?.sectionTransactions.first?.finalSnapshot == Fixture.tree(["b", "c", "a", "d"]))
    #expect(transaction?.difference.insertions.count == 1)
    #expect(transaction?.difference.removals.count == 1)
  }

  @Test func aDragAcrossSectionsGivesTwoSectionTransactionsLastFirst() throws {
    var dataSource = Fixture.dataSource(["A": ["a", "b"], "B": ["c"], "C": ["x"]])
    Self.record(&dataSource, CallRecorder())
    let transaction = try dataSource.userReorder(from: Self.path(0, 0), to: Self.path(1, 1))
    Self.checkTransaction(transaction, of: dataSource)
    #expect(
      dataSource.snapshot() == LayoutFixture.snapshot(["A": ["b"], "B": ["c", "a"], "C": ["x"]]))
    #expect(transaction?.sectionTransactions.map(\.sectionIdentifier) == ["B", "A"])
  }

  @Test func aDropAtTheRowsOwnPlaceChangesNothing() throws {
    var dataSource = Fixture.dataSource(["A": ["a", "b"]])
    Self.record(&dataSource, CallRecorder())
    let before = dataSource.snapshot()
    let transaction = try dataSource.userReorder(from: Self.path(0, 1), to: Self.path(0, 1))
    Self.checkTransaction(transaction, of: dataSource)
    #expect(dataSource.snapshot() == before)
    #expect(transaction?.difference.isEmpty == true)
    #expect(transaction?.sectionTransactions.isEmpty == true)
  }

  // MARK: Outline sections

  /// Section `A` backed by `p (expanded) → [p1 (expanded) → [h], p2], q`,
  /// `h` having a hidden child; section `B` backed by `r, s`; section `C`
  /// flat `[f]`.
  static func outlined() -> Fixture.DataSource {
    var dataSource = Fixture.dataSource(["A": [], "B": [], "C": ["f"]])
    _ = dataSource.apply(
      Fixture.tree(
        ["p", "q"], children: ["p": ["p1", "p2"], "p1": ["h"], "h": ["hidden"]],
        expanded: ["p", "p1"]),
      to: "A")
    _ = dataSource.apply(Fixture.tree(["r", "s"]), to: "B")
    return dataSource
  }

  @Test func aDraggedParentCarriesItsSubtreeAndFlagsToAnotherOutline() throws {
    var dataSource = Self.outlined()
    Self.record(&dataSource, CallRecorder())
    #expect(Fixture.rows(dataSource, "A") == ["p", "p1", "h", "p2", "q"])
    let transaction = try dataSource.userReorder(from: Self.path(0, 0), to: Self.path(1, 1))
    Self.checkTransaction(transaction, of: dataSource)
    #expect(Fixture.rows(dataSource, "A") == ["q"])
    #expect(Fixture.rows(dataSource, "B") == ["r", "p", "p1", "h", "p2", "s"])
    #expect(
      dataSource.snapshot(for: "B")
        == Fixture.tree(
          ["r", "p", "s"], children: ["p": ["p1", "p2"], "p1": ["h"], "h": ["hidden"]],
          expanded: ["p", "p1"]))
    #expect(transaction?.sectionTransactions.map(\.sectionIdentifier) == ["B", "A"])
    #expect(
      transaction?.sectionTransactions.last?.initialSnapshot == Self.outlined().snapshot(for: "A"))
  }

  @Test func aDraggedChildBecomesTheSiblingOfTheRowItLandsOn() throws {
    var dataSource = Self.outlined()
    Self.record(&dataSource, CallRecorder())
    let transaction = try dataSource.userReorder(from: Self.path(0, 4), to: Self.path(0, 2))
    Self.checkTransaction(transaction, of: dataSource)
    #expect(Fixture.rows(dataSource, "A") == ["p", "p1", "q", "h", "p2"])
    #expect(try dataSource.snapshot(for: "A").parent(of: "q") == "p1")
    #expect(transaction?.sectionTransactions.map(\.sectionIdentifier) == ["A"])
  }

  @Test func aDragToTheEndOfAnOutlineMakesTheLastRoot() throws {
    var dataSource = Self.outlined()
    Self.record(&dataSource, CallRecorder())
    let transaction = try dataSource.userReorder(from: Self.path(0, 1), to: Self.path(0, 3))
    Self.checkTransaction(transaction, of: dataSource)
    #expect(dataSource.snapshot(for: "A").rootItems == ["p", "q", "p1"])
    #expect(Fixture.rows(dataSource, "A") == ["p", "p2", "q", "p1", "h"])
  }

  @Test func aLeafMovesFromAnOutlineToAFlatSection() throws {
    var dataSource = Self.outlined()
    Self.record(&dataSource, CallRecorder())
    let transaction = try dataSource.userReorder(from: Self.path(1, 1), to: Self.path(2, 0))
    Self.checkTransaction(transaction, of: dataSource)
    #expect(Fixture.rows(dataSource, "C") == ["s", "f"])
    #expect(dataSource.snapshot(for: "B") == Fixture.tree(["r"]))
    #expect(transaction?.sectionTransactions.first?.finalSnapshot == Fixture.tree(["s", "f"]))
  }

  // MARK: Refusals and bad paths

  @Test func aDragWithoutCanReorderItemIsRefused() throws {
    var dataSource = Self.outlined()
    let before = dataSource.snapshot()
    #expect(try dataSource.userReorder(from: Self.path(0, 4), to: Self.path(0, 0)) == nil)
    #expect(dataSource.snapshot() == before)
  }

  @Test func aDragRefusedByCanReorderItemRunsNoOtherHandler() throws {
    var dataSource = Self.outlined()
    let recorder = CallRecorder()
    Self.record(&dataSource, recorder)
    dataSource.reorderingHandlers.canReorderItem = {
      recorder.record("canReorder \($0)")
      return false
    }
    #expect(try dataSource.userReorder(from: Self.path(0, 4), to: Self.path(0, 0)) == nil)
    #expect(recorder.calls == ["canReorder q"])
  }

  @Test func aParentCannotGoToAFlatSection() throws {
    var dataSource = Self.outlined()
    let recorder = CallRecorder()
    Self.record(&dataSource, recorder)
    let before = (dataSource.snapshot(), dataSource.snapshot(for: "A"))
    #expect(try dataSource.userReorder(from: Self.path(0, 1), to: Self.path(2, 1)) == nil)
    #expect(recorder.calls == ["canReorder p1"])
    #expect(dataSource.snapshot() == before.0)
    #expect(dataSource.snapshot(for: "A") == before.1)
  }

  @Test(arguments: [
    (ItemPath(section: 3, item: 0), ItemPath(section: 0, item: 0), true),
    (ItemPath(section: 2, item: 1), ItemPath(section: 0, item: 0), true),
    (ItemPath(section: 0, item: 0), ItemPath(section: 3, item: 0), false),
    (ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 2), false),
    (ItemPath(section: 0, item: 4), ItemPath(section: 0, item: 5), false),
    (ItemPath(section: 2, item: 0), ItemPath(section: 1, item: 3), false),
    (ItemPath(section: 2, item: 0), ItemPath(section: 2, item: 1), false),
  ])
  func aPathThatIsNoRowOrDropPositionThrows(
    source: ItemPath, destination: ItemPath, sourceIsBad: Bool
  ) {
    var dataSource = Self.outlined()
    let recorder = CallRecorder()
    Self.record(&dataSource, recorder)
    #expect(throws: SnapshotError.indexPathOutOfRange(sourceIsBad ? source : destination)) {
      try dataSource.userReorder(from: source, to: destination)
    }
    #expect(recorder.calls.isEmpty)
  }
}
