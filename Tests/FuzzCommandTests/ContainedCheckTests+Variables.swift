import Foundation
import SnapshotFuzzCommand
import Testing
import Verification

/// `ContainedCheck.run`, the one call a user's test makes, over the
/// fixture (a user's fuzz executable): the `DIFFABLE_*` variables its
/// messages print are honoured, the summary is short with the cause
/// first, and two properties whose failures share a culprit (a trap in the
/// stack's `pop()`) are one cause.
@Suite struct ContainedCheckVariableTests {
  private let fixture = ContainedCheck(executable: FuzzExecutable.fixtureURL, jobs: 2)
  private let properties = ["fixture.count", "fixture.drain", "fixture.roundTrip"]

  /// The trap is contained: both trapping properties fail with the trap's
  /// message and the fixture's replay line, as one cause (the trap in
  /// `pop()` both are blamed on); the clean one passes; `description` is
  /// the short summary.
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
    #expect(lines.first == "snapshot-fuzz-fixture: FAILED: 1 cause (2 failures) in 2 of 3")
    #expect(lines.count == 4, "\(result.summary)")
    #expect(lines[1].hasPrefix("- trap in stack: pop() [trap]: trapped (SIG"), "\(lines[1])")
    #expect(lines[2] == "  in fixture.drain, fixture.roundTrip")
    #expect(
      lines[3].hasPrefix(
        "  replay: swift run -c release snapshot-fuzz-fixture replay 'fixture.drain@v2."))
    let cause = try #require(result.causes.first)
    #expect(result.causes.count == 1)
    #expect(cause.culprit == .trap(part: "stack", operation: "pop()"))
    #expect(cause.severity == .trap)
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
    let token = FuzzExecutable.token("fixture.roundTrip", [1, 50, 0])
    let replay = fixture.run(properties, variables: ["DIFFABLE_REPLAY": token])
    #expect(replay.failedNames == ["fixture.roundTrip"])
    let problem = try #require(replay.problems.first)
    #expect(problem.contains("Result: CRASH"))
    #expect(problem.contains("- trap in stack: pop() [trap]: trapped (SIG"))
    #expect(problem.contains("fixture trap: popped 50"))
    #expect(replay.verdicts[0].summary == "fixture.count: skipped (replaying fixture.roundTrip)")

    let elsewhere = fixture.run(
      properties, variables: ["DIFFABLE_REPLAY": FuzzExecutable.token("fixture.popToEmpty", [0])])
    #expect(elsewhere.problems.first?.hasPrefix("DIFFABLE_REPLAY names fixture.popToEmpty") == true)

    let bad = fixture.run(properties, variables: ["DIFFABLE_CASES": "many"])
    #expect(bad.problems == ["DIFFABLE_CASES='many' is invalid: expected a positive integer"])
    #expect(!bad.passed)
  }

  /// With no list, every property the executable lists runs (the ones
  /// expecting a trap included). Two cases each: the first cases are the
  /// smallest, so none reaches `planted.hang`'s hang.
  @Test func everyListedPropertyRunsByDefault() {
    let result = fixture.run(configuration: RunConfiguration(seed: 5, cases: 2), variables: [:])
    #expect(result.verdicts.map(\.name) == FuzzExecutable.fixtureProperties)
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
  /// cause, named by its culprit: a section in summary.md and report.html,
  /// a note in each JUnit failure and the console, and `causes` in
  /// report.json.
  @Test func reportsGroupPropertiesThatShareACulprit() throws {
    let out = FuzzExecutable.temporaryFolder().appendingPathComponent("out")
    defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
    let result = try FuzzExecutable.fixture(
      ["run", "--seed", "11", "--cases", "150", "--jobs", "2", "--out", out.path, "--no-corpus"]
        + properties.flatMap { ["--property", $0] })
    #expect(result.status == 1)
    #expect(result.output.contains("  1 cause (2 failures):"), "\(result.output)")
    #expect(result.output.contains("  - trap in stack: pop() [trap]: trapped (SIG"))
    #expect(result.output.contains("    in fixture.drain, fixture.roundTrip\n"))
    let read = { (name: String) in
      try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
    }
    let summary = try read("summary.md")
    let cause = "trap in stack: pop() [trap]: 2 failures in fixture.drain, fixture.roundTrip"
    #expect(summary.contains("## Causes\n\n- \(cause)\n"), "\(summary)")
    #expect(summary.contains("- The same cause in: `fixture.roundTrip`"))
    #expect(summary.contains("**failures**: failing cases found"))
    let html = try read("report.html")
    #expect(html.contains("<h2>Causes</h2>\n<ul>\n<li>\(cause)</li>"), "\(html)")
    #expect(html.contains("<li>The same cause in: "))
    #expect(html.contains("<b>failures</b>: failing cases found"))
    let junit = try read("junit.xml")
    #expect(junit.contains("the same cause in: fixture.drain"), "\(junit)")
    #expect(junit.contains("failures: failing cases found"))
    let report = try FuzzExecutable.report(in: out)
    #expect(report.causes.map(\.culprit) == [.trap(part: "stack", operation: "pop()")])
    #expect(
      report.causes.first?.failures.map(\.property) == ["fixture.drain", "fixture.roundTrip"])
    let json =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: out.appendingPathComponent("report.json"))) as? [String: Any]
    let causes = try #require(json?["causes"] as? [[String: Any]])
    #expect(causes.count == 1)
    #expect(causes.first?["properties"] as? [String] == ["fixture.drain", "fixture.roundTrip"])
  }
}
