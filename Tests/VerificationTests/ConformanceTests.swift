import Foundation
import Generators
import SnapshotCore
import TestSupport
import Testing
import Verification

/// The conformance API runs the catalog on any implementation.
@Suite struct ConformanceTests {
  /// The engine's own contracts (move-minimal changesets) that the naive
  /// model is not asked to meet (semantics E.2).
  static let engineOnly: Set<String> = [
    "diff.minimalMoves", "expansion.toggleChangeset", "datasource.minimalMoves",
  ]

  /// The rule properties (not the model-against-itself comparisons) hold
  /// for the reference model too: the semantics file, not the model, is
  /// the authority.
  @Test func theModelMeetsTheRules() {
    let comparisons = ["differential", "handlerOrder", "transaction"]
    let properties = Catalog.properties(for: .model).filter { property in
      !Self.engineOnly.contains(property.name)
        && !comparisons.contains { property.name.hasSuffix($0) }
    }
    let runner = Runner(configuration: RunConfiguration(seed: 11, cases: 80))
    for property in properties {
      let report = runner.run(property)
      #expect(report.counterexample == nil, "\(report.summary)")
    }
  }

  @Test func aBrokenImplementationDoesNotConform() throws {
    let broken = Implementation(
      name: "local index", snapshot: PlantedFull.SectionLocalIndex.self,
      sectionSnapshot: EngineSectionSnapshotInt.self
    ) { LayoutDiffer<PlantedFull.SectionLocalIndex>() }
    let result = Conformance.check(broken, families: [.full], seed: 1, cases: 200)
    guard case .counterexample(let failure) = result.verdict else {
      Issue.record("not caught: \(result.summary)")
      return
    }
    #expect(failure.property == "full.differential")
    #expect(failure.token.hasPrefix("full.differential@"))
    #expect(failure.swiftCode.contains("@Test func"))
    #expect(!failure.diff.isEmpty)
  }

  @Test func theEngineConformsOnASmallBudget() {
    let result = Conformance.check(.engine, families: [.full, .diff, .meta], seed: 3, cases: 100)
    #expect(result.passed, "\(result.summary)")
    let required = Catalog.properties(for: .engine, families: [.full, .diff, .meta])
      .filter { $0.tag == .required }
    #expect(result.reports.count == required.count)
  }

  @Test func namesAreUniqueAndDotted() {
    let names = Catalog.names
    #expect(Set(names).count == names.count)
    for name in names {
      let family = name.split(separator: ".").first.map(String.init) ?? ""
      #expect(Catalog.Family(rawValue: family) != nil, "\(name)")
      #expect(Catalog.property(named: name)?.name == name)
    }
  }
}
