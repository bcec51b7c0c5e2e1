import SnapshotCore
import Testing

@testable import SnapshotModel

/// `ModelDataSource.userToggle(_:in:)`: the part D handler sequence, vetoes,
/// lazy children and ignored taps.
@Suite struct ModelDataSourceToggleTests {
  typealias Fixture = DataSourceFixture
  typealias Batch = Changeset.Batch

  /// Section `A` flat `[z]`; section `B` backed by
  /// `p (expanded) → [p1 → [h]], q`.
  static func outlined(recording recorder: CallRecorder) -> Fixture.DataSource {
    var dataSource = Fixture.dataSource(["A": ["z"]])
    _ = dataSource.apply(
      Fixture.tree(["p", "q"], children: ["p": ["p1"], "p1": ["h"]], expanded: ["p"]),
      to: "B")
    dataSource.sectionSnapshotHandlers = SectionSnapshotHandlers(
      shouldExpandItem: {
        recorder.record("shouldExpand \($0)")
        return true
      },
      willExpandItem: { recorder.record("willExpand \($0)") },
      shouldCollapseItem: {
        recorder.record("shouldCollapse \($0)")
        return true
      },
      willCollapseItem: { recorder.record("willCollapse \($0)") },
      snapshotForExpandingParent: { item, children in
        recorder.record("snapshotForExpandingParent \(item) \(children.items)")
        return children
      })
    return dataSource
  }

  static func path(_ section: Int, _ item: Int) -> ItemPath {
    ItemPath(section: section, item: item)
  }

  @Test func expandRunsTheHandlersInOrderThenApplies() throws {
    let recorder = CallRecorder()
    var dataSource = Self.outlined(recording: recorder)
    var outcome = ToggleOutcome.ignored
    Fixture.checked(&dataSource) { dataSource in
      outcome = try! dataSource.userToggle("p1", in: "B")
      guard case .expanded(let changeset) = outcome else { return Changeset() }
      return changeset
    }
    // The naive diff also moves `q`, whose index changed.
    #expect(
      outcome
        == .expanded(
          Changeset(batches: [
            Batch(
              itemInserts: [Self.path(1, 2)],
              itemMoves: [.init(from: Self.path(1, 2), to: Self.path(1, 3))])
          ])))
    #expect(
      recorder.calls == [
        "shouldExpand p1", "willExpand p1", "snapshotForExpandingParent p1 [\"h\"]",
      ])
    #expect(Fixture.rows(dataSource, "B") == ["p", "p1", "h", "q"])
    #expect(try dataSource.snapshot(for: "B").isExpanded("p1"))
  }

  @Test func collapseRunsTheHandlersInOrderThenApplies() throws {
    let recorder = CallRecorder()
    var dataSource = Self.outlined(recording: recorder)
    let outcome = try dataSource.userToggle("p", in: "B")
    #expect(
      outcome
        == .collapsed(
          Changeset(batches: [
            Batch(
              itemDeletes: [Self.path(1, 1)],
              itemMoves: [.init(from: Self.path(1, 2), to: Self.path(1, 1))])
          ])))
    #expect(recorder.calls == ["shouldCollapse p", "willCollapse p"])
    #expect(Fixture.rows(dataSource, "B") == ["p", "q"])
  }

  @Test(arguments: ["p", "p1"])
  func aVetoChangesNothing(item: String) throws {
    let recorder = CallRecorder()
    var dataSource = Self.outlined(recording: recorder)
    dataSource.sectionSnapshotHandlers.shouldExpandItem = {
      recorder.record("shouldExpand \($0)")
      return false
    }
    dataSource.sectionSnapshotHandlers.shouldCollapseItem = {
      recorder.record("shouldCollapse \($0)")
      return false
    }
    let before = (dataSource.snapshot(), dataSource.snapshot(for: "B"))
    #expect(try dataSource.userToggle(item, in: "B") == .vetoed)
    #expect(recorder.calls == [item == "p" ? "shouldCollapse p" : "shouldExpand p1"])
    #expect(dataSource.snapshot() == before.0)
    #expect(dataSource.snapshot(for: "B") == before.1)
  }

  @Test func lazyChildrenReplaceTheChildren() throws {
    let recorder = CallRecorder()
    var dataSource = Self.outlined(recording: recorder)
    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { item, children in
      recorder.record("load \(item) \(children.items)")
      return Fixture.tree(["q1", "q2"], children: ["q1": ["deep"]], expanded: ["q1"])
    }
    let outcome = try dataSource.userToggle("q", in: "B")
    #expect(recorder.calls == ["shouldExpand q", "willExpand q", "load q []"])
    #expect(Fixture.rows(dataSource, "B") == ["p", "p1", "q", "q1", "deep", "q2"])
    #expect(
      outcome
        == .expanded(
          Changeset(batches: [
            Batch(itemInserts: [Self.path(1, 3), Self.path(1, 4), Self.path(1, 5)])
          ])))
  }

  @Test func lazyChildrenShownElsewhereAreMovedIn() throws {
    let recorder = CallRecorder()
    var dataSource = Self.outlined(recording: recorder)
    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { _, _ in
      Fixture.tree(["z"])
    }
    var outcome = ToggleOutcome.ignored
    Fixture.checked(&dataSource) { dataSource in
      outcome = try! dataSource.userToggle("q", in: "B")
      guard case .expanded(let changeset) = outcome else { return Changeset() }
      return changeset
    }
    #expect(Fixture.rows(dataSource, "A") == [])
    #expect(Fixture.rows(dataSource, "B") == ["p", "p1", "q", "z"])
    #expect(
      outcome
        == .expanded(
          Changeset(batches: [
            Batch(itemMoves: [.init(from: Self.path(0, 0), to: Self.path(1, 3))])
          ])))
  }

  @Test func lazyChildrenThatDuplicateAnIdThrowAndChangeNothing() {
    let recorder = CallRecorder()
    var dataSource = Self.outlined(recording: recorder)
    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { _, _ in
      Fixture.tree(["h"])
    }
    let before = (dataSource.snapshot(), dataSource.snapshot(for: "B"))
    #expect(throws: SnapshotError.treeDuplicate(["h"])) {
      try dataSource.userToggle("q", in: "B")
    }
    #expect(dataSource.snapshot() == before.0)
    #expect(dataSource.snapshot(for: "B") == before.1)
  }

  @Test func collapseThenExpandRestoresTheRows() throws {
    let recorder = CallRecorder()
    var dataSource = Self.outlined(recording: recorder)
    _ = try dataSource.userToggle("p1", in: "B")
    let rows = Fixture.rows(dataSource, "B")
    #expect(rows == ["p", "p1", "h", "q"])
    _ = try dataSource.userToggle("p", in: "B")
    #expect(Fixture.rows(dataSource, "B") == ["p", "q"])
    _ = try dataSource.userToggle("p", in: "B")
    #expect(Fixture.rows(dataSource, "B") == rows)
  }

  @Test(arguments: [("z", "A"), ("h", "B"), ("x", "B"), ("p", "Z")])
  func aTapOutsideAnOutlineRowIsIgnored(item: String, section: String) throws {
    let recorder = CallRecorder()
    var dataSource = Self.outlined(recording: recorder)
    let before = dataSource.snapshot(for: "B")
    #expect(try dataSource.userToggle(item, in: section) == .ignored)
    #expect(recorder.calls.isEmpty)
    #expect(dataSource.snapshot(for: "B") == before)
  }
}
