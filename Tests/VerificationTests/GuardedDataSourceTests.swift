import Foundation
import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import Testing
import Verification

/// `GuardedDataSource` never hands a trapping data source a call the
/// reference model rejects (were it handed one, this process would trap):
/// it throws the model's error instead and leaves the data source as it
/// was; every accepted call reaches it.
@Suite struct GuardedDataSourceTests {
  typealias TrappingInts = TrappingDataSource<Int, Int>

  /// A section 0 holding the tree 1(2), 3 with 1 expanded, and lazy
  /// children that repeat item 3 (already in the tree).
  static func prepared<D: DataSourceProtocol>(_ type: D.Type) -> D
  where D.Section == Int, D.Item == Int {
    var dataSource = D()
    var tree = D.SectionSnapshot()
    try? tree.append([1, 3], to: nil)
    try? tree.append([2], to: 1)
    tree.expand([1])
    _ = dataSource.apply(tree, to: 0)
    var handlers = SectionSnapshotHandlers<D.SectionSnapshot>()
    handlers.snapshotForExpandingParent = { _, _ in
      var loaded = D.SectionSnapshot()
      try? loaded.append([3], to: nil)
      return loaded
    }
    dataSource.sectionSnapshotHandlers = handlers
    dataSource.reorderingHandlers = ReorderingHandlers(canReorderItem: { _ in true })
    return dataSource
  }

  static func outcome<D: DataSourceProtocol>(_ dataSource: inout D, _ command: DataSourceCommand)
    -> String where D.Section == Int, D.Item == Int
  {
    do throws(SnapshotError) {
      _ = try command.perform(on: &dataSource)
      return "ok \(dataSource.snapshot().layout.map(\.items))"
    } catch {
      return "\(error) \(dataSource.snapshot().layout.map(\.items))"
    }
  }

  @Test func rejectedCallsThrowTheModelsErrorAndChangeNothing() {
    let calls: [(String, DataSourceCommand)] = [
      ("lazy children already in the tree", .userToggle(2, in: 0)),
      (
        "drag from a path that is not a row",
        .userReorder(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 0, item: 0))
      ),
      (
        "drop beyond the rows left after the drag",
        .userReorder(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))
      ),
      (
        "drop at the end after the drag",
        .userReorder(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1))
      ),
    ]
    for (name, command) in calls {
      var guarded = Self.prepared(GuardedDataSource<TrappingInts>.self)
      var model = Self.prepared(ModelDataSource<Int, Int>.self)
      let expected = Self.outcome(&model, command)
      #expect(Self.outcome(&guarded, command) == expected, "\(name)")
      #expect(
        expected.hasPrefix("ok") == (name == "drop at the end after the drag"),
        "\(name): \(expected)")
      #expect(
        guarded.snapshot(for: 0).visibleItems == model.snapshot(for: 0).visibleItems, "\(name)")
    }
  }
}
