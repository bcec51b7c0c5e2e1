import Generators
import SnapshotCore
import SnapshotEngine
import Testing
import Verification

/// Independent oracles: bugs planted where model and engine used to share
/// code (the data source) are caught by rule audits that compute the
/// expected outcome themselves, with no comparison against the reference;
/// bugs at the generators' boundaries are caught on the cases they now
/// draw. Each at the CI budget, shrunk to at most 3 commands.
extension CatalogPlantedBugTests {
  @Test func vetoAuditCatchesAVetoedCollapseThatCollapses() throws {
    let bug = Self.dataSource("ignores collapse veto", PlantedDataSource.IgnoresCollapseVeto.self)
    let failure = try #require(Self.failure(bug, "datasource.vetoes", cases: 250))
    #expect(try Self.sessionCommands(failure) <= 3)
  }

  @Test func vetoAuditCatchesAVetoedExpandThatExpands() throws {
    let bug = Self.dataSource("ignores expand veto", PlantedDataSource.IgnoresExpandVeto.self)
    let failure = try #require(Self.failure(bug, "datasource.vetoes", cases: 250))
    #expect(try Self.sessionCommands(failure) <= 3)
  }

  @Test func rebaseAuditCatchesADroppedTree() throws {
    let bug = Self.dataSource("drops tree on apply", PlantedOracle.DropsTreeOnApply.self)
    let failure = try #require(Self.failure(bug, "datasource.rebase", cases: 250))
    #expect(try Self.sessionCommands(failure) <= 3)
  }

  @Test func lazyChildrenAuditCatchesKeptChildren() throws {
    let bug = Self.dataSource("keeps existing children", PlantedOracle.KeepsExistingChildren.self)
    let failure = try #require(Self.failure(bug, "datasource.lazyChildren", cases: 250))
    #expect(try Self.sessionCommands(failure) <= 3)
  }

  @Test func theRuleAuditsPassTheCleanEngine() {
    let clean = Self.dataSource("engine", EngineDataSource<Int, Int>.self)
    for name in ["datasource.vetoes", "datasource.rebase", "datasource.lazyChildren"] {
      #expect(Self.failure(clean, name, cases: 250) == nil, "\(name)")
    }
  }

  @Test func fullDifferentialCatchesALenientEmptyInsert() throws {
    let bug = Self.implementation("lenient empty insert", PlantedOracle.LenientEmptyInsert.self, EngineSection.self)
    let failure = try #require(Self.failure(bug, "full.differential", cases: 600))
    #expect(try Self.fullCommands(failure) <= 3)
  }

  @Test func sectionDifferentialCatchesAStrictEmptyInsert() throws {
    let bug = Self.implementation("strict empty insert", EngineFull.self, PlantedOracle.StrictEmptyInsert.self)
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
