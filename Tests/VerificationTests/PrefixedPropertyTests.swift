import Generators
import SnapshotCore
import TestSupport
import Testing
import Verification

/// `prefixed(_:)` lets several implementations' catalogs share one fuzz
/// executable: names change everywhere (reports, tokens), nothing else.
@Suite struct PrefixedPropertyTests {
  @Test func theNameChangesAndTheCheckStays() throws {
    let plain = Catalog.properties(
      for: .engine, families: [.diff, .misuse], includeContracts: true)
    let prefixed = plain.map { $0.prefixed("mine.") }
    #expect(prefixed.map(\.name) == plain.map { "mine." + $0.name })
    #expect(prefixed.map(\.tag) == plain.map(\.tag))
    #expect(prefixed.map(\.expectsTrap) == plain.map(\.expectsTrap))
    let runner = Runner(configuration: RunConfiguration(seed: 4, cases: 20))
    let report = runner.run(try #require(prefixed.first))
    #expect(report.property == "mine." + plain[0].name)
    #expect(report.passed, "\(report.summary)")
  }

  /// A failure of a prefixed property carries the prefixed name in its
  /// token, so it replays through the same list of properties.
  @Test func aFailureTokenNamesThePrefixedProperty() throws {
    let broken = Implementation(
      name: "local index", snapshot: PlantedFull.SectionLocalIndex.self,
      sectionSnapshot: EngineSectionSnapshotInt.self
    ) { LayoutDiffer<PlantedFull.SectionLocalIndex>() }
    let property = try #require(
      Catalog.property(named: "full.differential", for: broken, families: [.full])
    )
    .prefixed("local.")
    let failure = try #require(
      Runner(configuration: RunConfiguration(seed: 1, cases: 200)).run(property).counterexample)
    #expect(failure.token.hasPrefix("local.full.differential@v2."), "\(failure.token)")
    let replayed = Runner(
      configuration: RunConfiguration(replay: try ReplayToken.parse(failure.token))
    ).run(property)
    #expect(replayed.counterexample?.token == failure.token)
  }
}
