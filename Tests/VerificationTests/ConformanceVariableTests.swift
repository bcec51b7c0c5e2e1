import Foundation
import Generators
import SnapshotCore
import TestSupport
import Testing
import Verification

/// `Conformance.check` honours the variables its messages print, and its
/// result reads in a few lines: verdict first, one line per cause.
@Suite struct ConformanceVariableTests {
  private let broken = Implementation(
    name: "local index", snapshot: PlantedFull.SectionLocalIndex.self,
    sectionSnapshot: EngineSectionSnapshotInt.self
  ) { LayoutDiffer<PlantedFull.SectionLocalIndex>() }

  /// The printed `DIFFABLE_REPLAY='…'` runs only that property and only
  /// that case: on the broken implementation it fails again with the same
  /// token; on the engine it passes.
  @Test func theReplayVariableRunsOnlyItsPropertyAndCase() throws {
    let first = Conformance.check(broken, families: [.full], seed: 1, cases: 200, environment: [:])
    let failure = try #require(first.counterexamples.first)
    #expect(first.summary.contains("replay: DIFFABLE_REPLAY='\(failure.token)'"))
    let replayed = Conformance.check(
      broken, families: Catalog.Family.allCases, seed: 1, cases: 200,
      environment: ["DIFFABLE_REPLAY": failure.token])
    #expect(replayed.reports.map(\.property) == [failure.property])
    #expect(replayed.reports.first?.casesRun == 1)
    #expect(replayed.counterexamples.first?.token == failure.token)
    // The token names the broken implementation's catalog: pasted into a
    // check of another implementation it runs nothing and says why.
    let elsewhere = Conformance.check(
      .engine, families: [.full], environment: ["DIFFABLE_REPLAY": failure.token])
    #expect(!elsewhere.passed && elsewhere.reports.isEmpty, "\(elsewhere)")
    #expect(elsewhere.configurationProblem?.contains("of catalog") == true, "\(elsewhere)")
  }

  /// `DIFFABLE_SEED` and `DIFFABLE_CASES` override the arguments.
  @Test func seedAndCasesVariablesOverrideTheArguments() {
    let result = Conformance.check(
      .engine, families: [.diff], seed: 3, cases: 100,
      environment: ["DIFFABLE_SEED": "9", "DIFFABLE_CASES": "7"])
    #expect(result.passed, "\(result)")
    #expect(!result.reports.isEmpty)
    for report in result.reports {
      #expect(report.seed == 9)
      #expect(report.casesRun == 7)
    }
  }

  /// A bad variable, or a token of a property the call does not run,
  /// runs nothing and says so; the result does not pass.
  @Test func aBadVariableRunsNothingAndSaysWhich() throws {
    let bad = Conformance.check(.engine, families: [.diff], environment: ["DIFFABLE_CASES": "zero"])
    #expect(bad.reports.isEmpty)
    #expect(!bad.passed && !bad.hasNoFailure)
    #expect(
      bad.summary
        == "engine: not checked: DIFFABLE_CASES='zero' is invalid: expected a positive integer")
    #expect(bad.problems == [bad.summary])
    let full = try #require(Catalog.property(named: "full.differential"))
    let elsewhere = Conformance.check(
      .engine, families: [.diff],
      environment: ["DIFFABLE_REPLAY": full.token(for: full.run(seed: 1))])
    #expect(elsewhere.reports.isEmpty)
    #expect(elsewhere.configurationProblem?.contains("names full.differential") == true)
  }

  /// The summary is a few lines with the verdict first (the details and
  /// one message per failure are apart), and `"\(result)"` is the summary.
  @Test func theSummaryIsShortAndFirst() throws {
    let result = Conformance.check(broken, families: [.full], seed: 1, cases: 200, environment: [:])
    let lines = result.summary.split(separator: "\n")
    #expect(lines.first?.hasPrefix("local index: does NOT conform: ") == true)
    #expect(lines.count <= 2 + 3 * result.counterexamples.count)
    #expect(result.summary.count < 2_000, "\(result.summary)")
    #expect("\(result)" == result.summary)
    #expect(result.details.count > result.summary.count)
    #expect(result.problems.count == result.causes.count)
    #expect(result.problems.first?.contains("Swift test:") == true)
    let clean = Conformance.check(.engine, families: [.diff], cases: 20, environment: [:])
    #expect(clean.summary == "engine: conforms (\(clean.reports.count) properties)")
  }
}
