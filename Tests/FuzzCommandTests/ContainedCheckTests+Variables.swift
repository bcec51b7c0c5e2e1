import Foundation
import SnapshotFuzzCommand
import Testing
import Verification

/// `ContainedCheck.run`, the one call a user's test makes, over the
/// fixture (a user's fuzz executable): the `DIFFABLE_*` variables its
/// messages print are honoured, the summary is short with the cause
/// first, and two properties that shrink to one case are one cause.
@Suite struct ContainedCheckVariableTests {
  private let fixture = ContainedCheck(executable: FuzzExecutable.fixtureURL, jobs: 2)
  private let properties = ["fixture.count", "fixture.drain", "fixture.roundTrip"]

  /// The trap is contained: both trapping properties fail with the trap's
  /// message and the fixture's replay line, as one cause; the clean one
  /// passes; `description` is the short summary.
  @Test func aTrapIsOneCauseInAShortSummary() throws {
    let result = fixture.run(
      properties, configuration: RunConfiguration(seed: 11, cases: 150), variables: [:])
    #expect(result.verdicts.map(\.name) == properties)
    #expect(result.failedNames == ["fixture.drain", "fixture.roundTrip"])
    #expect(result.problems.count == 2)
    for problem in result.problems {
      #expect(problem.contains("fixture trap: popped 50"))
      #expect(
        problem.contains("replay: swift run -c release snapshot-fuzz-fixture replay 'fixture."))
    }
    let lines = result.summary.split(separator: "\n").map(String.init)
    #expect(lines.first == "snapshot-fuzz-fixture: FAILED: 2 of 3 (1 cause)")
    #expect(lines.count == 4, "\(result.summary)")
    #expect(lines[1].hasPrefix("- fixture.drain, fixture.roundTrip: crash: trapped (SIG"))
    #expect(lines[2].contains("shared shrunk case"))
    #expect(
      lines[3].hasPrefix(
        "  replay: swift run -c release snapshot-fuzz-fixture replay 'fixture.drain@v1:"))
    #expect("\(result)" == result.summary)
    #expect(result.summary.count < 600)
  }

  /// `DIFFABLE_SEED` and `DIFFABLE_CASES` override the configuration.
  @Test func seedAndCasesVariablesAreHonoured() throws {
    let result = fixture.run(
      ["fixture.count"], configuration: RunConfiguration(seed: 11, cases: 150),
      variables: ["DIFFABLE_SEED": "0x2A", "DIFFABLE_CASES": "37"])
    #expect(result.passed)
    #expect(result.summary == "snapshot-fuzz-fixture: passed: 1 of 1")
    let summary = try #require(result.verdicts.first?.summary)
    #expect(summary.hasPrefix("fixture.count: 37 cases"))
    #expect(summary.hasSuffix("seed 42"))
  }

  /// `DIFFABLE_REPLAY` runs only its token's case, of its property, in a
  /// child; the others are skipped. A bad variable runs nothing and says
  /// which it is.
  @Test func aReplayTokenRunsOnlyItsCaseAndABadVariableIsNamed() throws {
    let token = ReplayToken(property: "fixture.roundTrip", choices: [1, 50, 0]).description
    let replay = fixture.run(properties, variables: ["DIFFABLE_REPLAY": token])
    #expect(replay.failedNames == ["fixture.roundTrip"])
    let problem = try #require(replay.problems.first)
    #expect(problem.contains("CRASH: trapped"))
    #expect(problem.contains("fixture trap: popped 50"))
    #expect(replay.verdicts[0].summary == "fixture.count: skipped (replaying fixture.roundTrip)")

    let elsewhere = fixture.run(
      properties, variables: ["DIFFABLE_REPLAY": "fixture.popToEmpty@v1:AA"])
    #expect(elsewhere.problems.first?.hasPrefix("DIFFABLE_REPLAY names fixture.popToEmpty") == true)

    let bad = fixture.run(properties, variables: ["DIFFABLE_CASES": "many"])
    #expect(bad.problems == ["DIFFABLE_CASES='many' is invalid: expected a positive integer"])
    #expect(!bad.passed)
  }

  /// With no list, every property the executable lists runs (the ones
  /// expecting a trap included).
  @Test func everyListedPropertyRunsByDefault() {
    let result = fixture.run(configuration: RunConfiguration(seed: 5, cases: 10), variables: [:])
    #expect(
      result.verdicts.map(\.name) == [
        "fixture.count", "fixture.drain", "fixture.popPastEnd", "fixture.popToEmpty",
        "fixture.roundTrip", "fixture.twoKinds", "misuse.traps.datasource",
        "staged.diff.roundTrip", "twoBugs.full.differential",
      ])
    #expect(result.failedNames.contains("fixture.popToEmpty"))
    #expect(!result.failedNames.contains("fixture.popPastEnd"))
  }

  /// A missing executable is one clear problem, not a crash.
  @Test func aMissingExecutableIsOneProblem() {
    let missing = ContainedCheck(product: "no-such-fuzz-executable")
    let result = missing.run(variables: [:])
    #expect(result.problems.count == 1)
    #expect(result.problems.first?.contains("no-such-fuzz-executable") == true)
  }

  /// In the reports of a run, the two properties sharing the trap are one
  /// cause: a section in summary.md and report.html, a note in each JUnit
  /// failure and the console, and `causes` in report.json.
  @Test func reportsGroupPropertiesThatShareAShrunkCase() throws {
    let out = FuzzExecutable.temporaryFolder().appendingPathComponent("out")
    defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
    let result = try FuzzExecutable.run(
      ["run", "--seed", "11", "--cases", "150", "--jobs", "2", "--out", out.path, "--no-corpus"]
        + properties.flatMap { ["--property", $0] },
      executable: FuzzExecutable.fixtureURL)
    #expect(result.status == 1)
    #expect(result.output.contains("  fixture.drain, fixture.roundTrip crash: trapped"))
    #expect(result.output.contains("shared shrunk case (same choice sequence) of 2 properties"))
    let read = { (name: String) in
      try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
    }
    #expect(try read("summary.md").contains("## Shared causes"))
    #expect(try read("summary.md").contains("- Same shrunk case as: `fixture.roundTrip`"))
    #expect(try read("summary.md").contains("**failures**: failing cases found"))
    #expect(try read("report.html").contains("<h2>Shared causes</h2>"))
    #expect(try read("report.html").contains("<b>failures</b>: failing cases found"))
    #expect(try read("junit.xml").contains("same shrunk case as: fixture.drain"))
    #expect(try read("junit.xml").contains("failures: failing cases found"))
    let json =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: out.appendingPathComponent("report.json"))) as? [String: Any]
    #expect(json?["causes"] as? [[String]] == [["fixture.drain", "fixture.roundTrip"]])
  }
}
