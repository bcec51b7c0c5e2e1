import Generators
import SnapshotCore
import SnapshotEngine
import TestSupport
import Testing
import Verification

/// Independent oracles: bugs planted where model and engine used to share
/// code (the data source) are caught by rule audits that compute the
/// expected outcome themselves, with no comparison against the reference;
/// bugs at the generators' boundaries are caught on the cases they now
/// draw. Each at the CI budget, shrunk to at most 3 commands.
extension CatalogPlantedBugTests {
  /// Expects the rule property `name` to catch the planted data source
  /// `type` within 250 cases and to shrink it to at most 3 commands.
  static func expectCaught<DS: DataSourceProtocol>(_ type: DS.Type, by name: String) throws
  where DS.Section == Int, DS.Item == Int {
    let failure = try #require(Self.failure(Self.dataSource("\(type)", type), name, cases: 250))
    #expect(try Self.sessionCommands(failure) <= 3)
  }

  @Test func vetoAuditCatchesAVetoedCollapseThatCollapses() throws {
    try Self.expectCaught(PlantedDataSource.IgnoresCollapseVeto.self, by: "datasource.vetoes")
  }

  @Test func vetoAuditCatchesAVetoedExpandThatExpands() throws {
    try Self.expectCaught(PlantedDataSource.IgnoresExpandVeto.self, by: "datasource.vetoes")
  }

  @Test func rebaseAuditCatchesADroppedTree() throws {
    try Self.expectCaught(PlantedOracle.DropsTreeOnApply.self, by: "datasource.rebase")
  }

  @Test func lazyChildrenAuditCatchesKeptChildren() throws {
    try Self.expectCaught(PlantedOracle.KeepsExistingChildren.self, by: "datasource.lazyChildren")
  }

  @Test func theRuleAuditsPassTheCleanEngine() {
    let clean = Self.dataSource("engine", EngineDataSource<Int, Int>.self)
    for name in ["datasource.vetoes", "datasource.rebase", "datasource.lazyChildren"] {
      #expect(Self.failure(clean, name, cases: 250) == nil, "\(name)")
    }
  }

  @Test func fullDifferentialCatchesALenientEmptyInsert() throws {
    let bug = Self.implementation(
      "lenient empty insert", PlantedOracle.LenientEmptyInsert.self, EngineSection.self)
    let failure = try #require(Self.failure(bug, "full.differential", cases: 600))
    #expect(try Self.fullCommands(failure) <= 3)
  }

  @Test func sectionDifferentialCatchesAStrictEmptyInsert() throws {
    let bug = Self.implementation(
      "strict empty insert", EngineFull.self, PlantedOracle.StrictEmptyInsert.self)
    let failure = try #require(Self.failure(bug, "section.differential", cases: 400))
    #expect(try Self.sectionCommands(failure) <= 3)
  }

  @Test func fullDifferentialCatchesAFailedClaimAfterBulkDeletes() throws {
    let bug = Self.implementation(
      "failed claim after deletes", PlantedOracle.FailedClaimAfterDeletes.self, EngineSection.self)
    let failure = try #require(Self.failure(bug, "full.differential", cases: 600))
    #expect(try Self.fullCommands(failure) <= 3)
  }
}
