import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import TestSupport
import Testing

@testable import Verification

/// `expansion.userCollapseExpand` when `shouldExpandItem` vetoes the item
/// but no `shouldCollapseItem` is installed: the collapse goes through and
/// the way back is vetoed, so the collapse stands. The catalog once
/// expected the re-expanding to succeed (a false positive the one-minute
/// quick-start run found; the case is in `Tests/Regressions`).
@Suite struct CollapseExpandVetoTests {
  /// The shrunk case: a tree `0 > 1` with 0 expanded, applied to section
  /// 0, then a tap on 0; `shouldExpandItem` vetoes 0, `shouldCollapseItem`
  /// is absent.
  static let script = DataSourceScript(
    vetoedToggles: [0], absentHandlers: [.shouldCollapseItem],
    commands: [
      .applyTo(
        Forest(roots: [Forest.Node(0, expanded: true, children: [Forest.Node(1)])]), section: 0),
      .userToggle(0, in: 0),
    ])

  static func problems<D: DataSourceProtocol>(_ type: D.Type) -> [String]
  where D.Section == Int, D.Item == Int {
    let implementation = CatalogPlantedBugTests.dataSource("data source", type)
    guard
      let property = Catalog.property(
        named: "expansion.userCollapseExpand", for: implementation)
    else { return ["no expansion.userCollapseExpand"] }
    return property.check(script).failures.map(\.message)
  }

  @Test func theEngineAndTheModelPass() {
    #expect(Self.problems(EngineDataSource<Int, Int>.self) == [])

  }

  @Test func aDataSourceIgnoringTheExpandVetoIsCaught() {
    let problems = Self.problems(PlantedDataSource.IgnoresExpandVeto.self)
    #expect(problems.count == 1)
    #expect(problems.first?.contains("which shouldExpandItem vetoes, was not vetoed") == true)
  }
}
