import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import TestSupport
import Testing

@testable import Verification

/// The data-source audits honour the capabilities of the data source's
/// snapshot types (issue 18): a data source whose snapshots lack marks,
/// `==`, `reconfigureItems`, `visualDescription()`, `expandedItems` and
/// `index(of:)` (the section snapshot's answering wrongly) is not judged on
/// them, and its real bugs are still found.
@Suite struct CapabilityDataSourceTests {
  static func implementation<Bug: ReimplementationBug>(_ bug: Bug.Type) -> Implementation<
    EngineSnapshot<Int, Int>, EngineSectionSnapshot<Int>, EngineDiffer<Int, Int>,
    LackingDataSource<Bug>
  > {
    Implementation(name: "lacking", dataSource: LackingDataSource<Bug>.self) {
      EngineDiffer<Int, Int>()
    }
  }

  @Test func aDataSourceWhoseSnapshotsLackCapabilitiesConforms() {
    let result = Conformance.check(
      Self.implementation(NoReimplementationBug.self), families: [.datasource, .reorder],
      includeContracts: true, seed: 0xDA7A, cases: 60)
    #expect(result.hasNoFailure, "\(result.summary)\n\(result.problems)")
  }

  @Test func scriptsMakeNoReconfigureMarkItLacks() throws {
    let filtered = CatalogBuilder<
      EngineSnapshot<Int, Int>, EngineSectionSnapshot<Int>, EngineDiffer<Int, Int>,
      LackingDataSource<NoReimplementationBug>
    >.dataSourceScripts
    let unfiltered = CatalogBuilder<
      EngineSnapshot<Int, Int>, EngineSectionSnapshot<Int>, EngineDiffer<Int, Int>,
      EngineDataSource<Int, Int>
    >.dataSourceScripts
    func reconfigures(_ generator: Gen<DataSourceScript>) -> Int {
      (0..<300).reduce(0) { count, index in
        let script = try? generator.generate(
          ChoiceSource(seed: UInt64(index), size: index % 100, caseIndex: index))
        return count
          + (script?.commands ?? []).count {
            guard case .apply(_, _, let marks) = $0 else { return false }
            return marks.contains { if case .reconfigureItems = $0 { true } else { false } }
          }
      }
    }
    #expect(reconfigures(unfiltered) > 0, "the generator makes reconfigure marks")
    #expect(reconfigures(filtered) == 0)
  }

  @Test func itsRenderedTestReadsNothingTheSectionSnapshotLacks() throws {
    let property = try #require(
      Catalog.properties(
        for: Self.implementation(NoReimplementationBug.self), families: [.datasource]
      ).first)
    let source = ChoiceSource(seed: 7, size: 50, caseIndex: 3)
    let script = try #require(property.generated(DataSourceScript.self, source))
    let code = property.render(script)
    #expect(!code.contains("visualDescription"), "\(code)")
    #expect(!code.contains("expandedItems"), "\(code)")
    #expect(code.contains("var d = DiffableDataSource<OpaqueMarksSnapshot"), "\(code)")
  }

  @Test func anExpandThatDropsItsItemIsStillCaught() throws {
    let property = try #require(
      Catalog.properties(for: Self.implementation(ExpandDropsLast.self), families: [.datasource])
        .first { $0.name == "datasource.differential" })
    let report = Runner(
      configuration: RunConfiguration(
        seed: 0xDA7A, cases: 300, shrinkBudget: ShrinkBudget(maxCalls: 2_000, maxSeconds: 10))
    ).run(property)
    let failure = try #require(report.counterexample)
    #expect(
      failure.message.contains("the data source differs from the reference"), "\(failure.report)")
  }
}
