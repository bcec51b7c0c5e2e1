import Foundation
import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import TestSupport
import Testing

@testable import Verification

/// Users' data sources (issue 9): any identifier type through
/// `MappedDataSource`, trapping ones behind `GuardedDataSource`. A `String`
/// data source conforms with no false positive; a trapping one conforms
/// when declared `.traps` (a call handed to it that Apple rejects would
/// kill this process), its skipped calls counted; a planted bug is found,
/// shrunk, and rendered in the user's types and literals, and that
/// rendered test, compiled, fails on the bug and passes on a correct data
/// source.
@Suite(.serialized) struct DataSourceFixtureTests {
  static let seed: UInt64 = 0x5EED_DA7A
  static let families: [Catalog.Family] = [.datasource, .reorder, .expansion]

  typealias DataSource = EngineDataSource<String, String>

  /// The engine's snapshots and differ with `String` ids, and `type` as the
  /// data source.
  static func strings<D: DataSourceProtocol>(
    _ name: String, _ type: D.Type, misuse: MisuseBehavior = .throws
  ) -> Implementation<
    MappedSnapshot<EngineSnapshot<String, String>, StringIdentifiers>,
    MappedSectionSnapshot<EngineSectionSnapshot<String>, StringIdentifiers>,
    MappedDiffer<EngineDiffer<String, String>, StringIdentifiers>,
    MappedDataSource<D, StringIdentifiers>
  > where D.Section == String, D.Item == String {
    .mapped(
      name: name, snapshot: EngineSnapshot<String, String>.self,
      sectionSnapshot: EngineSectionSnapshot<String>.self, dataSource: type,
      identifiers: StringIdentifiers.self, misuse: misuse
    ) { EngineDiffer<String, String>() }
  }

  @Test func aStringDataSourceConforms() {
    let result = Conformance.check(
      Self.strings("engine strings", DataSource.self), families: Self.families,
      includeContracts: true, seed: Self.seed, cases: 40)
    #expect(result.hasNoFailure, "\(result.summary)")
  }

  @Test func aUUIDDataSourceConforms() {
    let uuids = Implementation.mapped(
      name: "uuid data source", snapshot: EngineSnapshot<UUID, UUID>.self,
      sectionSnapshot: EngineSectionSnapshot<UUID>.self,
      dataSource: EngineDataSource<UUID, UUID>.self,
      identifiers: UUIDIdentifiers.self
    ) { EngineDiffer<UUID, UUID>() }
    let result = Conformance.check(
      uuids, families: [.datasource, .reorder], seed: Self.seed, cases: 20)
    #expect(result.hasNoFailure, "\(result.summary)")
  }

  @Test func aTrappingStringDataSourceConformsWhenDeclaredTraps() throws {
    let trapping = Self.strings(
      "trapping strings", TrappingDataSource<String, String>.self, misuse: .traps)
    let result = Conformance.check(trapping, families: Self.families, seed: Self.seed, cases: 40)
    #expect(result.hasNoFailure, "\(result.summary)")
    // The calls it was spared are counted, per property.
    let property = try #require(
      Catalog.properties(for: trapping, families: [.datasource]).first {
        $0.name == "datasource.differential"
      })
    let report = Runner(configuration: RunConfiguration(seed: Self.seed, cases: 80)).run(property)
    #expect(report.passed, "\(report.summary)")
    #expect(report.statistics.skippedCalls > 0)
    #expect(report.statistics.table.contains("skipped calls"), "\(report.statistics.table)")
    // The engine (`.throws`) is handed every call: nothing is counted.
    let engine = try #require(Catalog.properties(for: .engine, families: [.datasource]).first)
    let engineReport = Runner(configuration: RunConfiguration(seed: Self.seed, cases: 20)).run(
      engine)
    #expect(engineReport.statistics.histograms[Statistics.skippedCallsHistogram] == nil)
  }

  @Test func aTrappingDataSourcesRenderedTestSkipsRejectedCalls() {
    let script = DataSourceScript(commands: [
      .apply([FullScript.Layout(section: 0, items: [1, 2])], changed: []),
      .userReorder(from: ItemPath(section: 3, item: 0), to: ItemPath(section: 0, item: 0)),
    ])
    let trapping = Self.strings(
      "trapping strings", TrappingDataSource<String, String>.self, misuse: .traps)
    let code =
      Catalog.properties(for: trapping, families: [.datasource]).first?.render(script) ?? ""
    #expect(
      code.contains("// skipped: `d.userReorder(from: ItemPath(section: 3"),
      "\(code)")
    #expect(!code.contains("{ try d."), "\(code)")
    #expect(code.contains(#"arg0.appendSections(["s0"])"#), "\(code)")
  }

  @Test func aDataSourceForgettingItsSectionSnapshotIsCaughtInTheUsersTypes() throws {
    let bug = Self.strings("forgets", StringDataSources.ForgetsSectionSnapshot.self)
    let failure = try #require(
      CatalogPlantedBugTests.failure(bug, "datasource.differential", cases: 300))
    let script = try #require(try failure.script?.decode(DataSourceScript.self))
    #expect(script.commands.count <= 3, "\(failure.report)")
    let code = failure.swiftCode
    // Called through the protocol (`Check.run`), on the user's type.
    #expect(code.contains("var d = DS()"), "\(code)")
    #expect(code.contains("try Check.run(ForgetsSectionSnapshot.self)"), "\(code)")
    #expect(code.contains("DS.SectionSnapshot()"), "\(code)")
    #expect(code.contains(#", to: "s"#), "\(code)")
    #expect(code.contains(#".append(["i"#), "\(code)")
    #expect(!code.contains("ModelDataSource"), "\(code)")
  }

  @Test func theRenderedStringTestReproducesTheFailure() throws {
    let bug = Self.strings("forgets", StringDataSources.ForgetsSectionSnapshot.self)
    let failure = try #require(
      CatalogPlantedBugTests.failure(
        bug, "datasource.differential", cases: 300,
        shrink: ShrinkBudget(maxCalls: 200, maxSeconds: 5)))
    let clean = try #require(
      Catalog.properties(for: Self.strings("clean", DataSource.self), families: [.datasource])
        .first { $0.name == "datasource.differential" })
    let run = clean.run(choices: failure.choices)
    #expect(!run.verdict.isFailure)
    let tests = [
      RenderedReproductionTests.renamed(failure.swiftCode, to: "stringsOnBug"),
      RenderedReproductionTests.renamed(
        clean.counterexample(for: run).swiftCode, to: "stringsOnClean"),
    ]
    let (results, output) = try RenderedReproductionTests.compileAndRun(
      tests,
      aliases: [
        "import Verification",
        "typealias ForgetsSectionSnapshot = StringDataSources.ForgetsSectionSnapshot",
      ])
    #expect(results["stringsOnBug"] == false, "\(output)\n\(tests[0])")
    #expect(results["stringsOnClean"] == true, "\(output)\n\(tests[1])")
  }
}
