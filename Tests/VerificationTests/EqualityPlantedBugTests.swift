import TestSupport
import Testing
import Verification

/// The differential properties compare `==` with the state before every
/// step (the protocols' `Equatable` is part of the checked API): a wrong
/// `==` is caught and shrinks to one step. The engine passing the whole
/// catalog in `CatalogTests` is the clean case.
@Suite struct EqualityPlantedBugTests {
  typealias Planted = CatalogPlantedBugTests

  @Test func fullCatchesEqualityIgnoringSections() throws {
    let bug = Planted.implementation(
      "== ignores sections", PlantedEquality.FullIgnoresSections.self, Planted.EngineSection.self)
    // `==` is a spec decision (A.2): judged by the contract.
    let failure = try #require(Planted.failure(bug, "full.specDecisions"))
    #expect(failure.message.hasSuffix("differs from the reference in =="), "\(failure.message)")
    #expect(try Planted.fullCommands(failure) <= 1)
  }

  @Test func sectionCatchesEqualityIgnoringShape() throws {
    let bug = Planted.implementation(
      "== ignores shape", Planted.EngineFull.self, PlantedEquality.SectionIgnoresShape.self)
    // `==` of section snapshots is a spec decision (A.4): judged by the
    // contract, not by the required differential.
    let failure = try #require(Planted.failure(bug, "section.specDecisions", cases: 300))
    #expect(failure.message.hasSuffix("differs from the reference in =="), "\(failure.message)")
    #expect(try Planted.sectionCommands(failure) <= 1)
  }
}
