import Foundation
import SnapshotFuzzCommand
import Testing
import Verification

/// `ContainedCheck`, the public contained check (and the path our own
/// `swift test` runs the catalog and the corpus through), over the
/// fixture's planted and own properties: a trap is a failure with its
/// token and shrunk case, blamed on the call it was in, the test process
/// survives it (these tests judge the captured verdicts), and a clean run
/// reports nothing.
@Suite struct ContainedCheckTests {
  private let planted = ContainedCheck(executable: FuzzExecutable.fixtureURL, jobs: 2)

  /// The planted trap's shrunk case, `[40, 40]`.
  private let trapToken = FuzzExecutable.token("planted.trap", [1, 40, 1, 40, 0])

  private func plan(_ names: [String], _ configuration: RunConfiguration)
    -> [(name: String, configuration: RunConfiguration)]
  {
    names.map { ($0, configuration) }
  }

  @Test func aTrappingPropertyIsReportedWithItsTokenAndShrunkCase() throws {
    let corpus = FuzzExecutable.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: corpus) }
    let trapping = RunConfiguration(seed: 7, cases: 300, corpusDirectory: corpus.path)
    let clean = RunConfiguration(seed: 7, cases: 120, corpusDirectory: corpus.path)
    let verdicts = planted.check(
      plan(["planted.trap"], trapping) + plan(["planted.pass", "planted.fail"], clean))
    #expect(verdicts.map(\.name) == ["planted.trap", "planted.pass", "planted.fail"])
    let trap = try #require(verdicts.first)
    #expect(trap.problems.count == 1)
    let problem = try #require(trap.problems.first)
    #expect(
      problem.hasPrefix(
        "planted.trap crash (trap in TrappingDeduplicator: run(_:), trap): trapped"), "\(problem)")
    #expect(problem.contains("planted trap: duplicate 40"))
    #expect(problem.contains("token \(trapToken), shrunk"))
    #expect(problem.contains("TrappingDeduplicator.run([40, 40])"))
    // Each budget group ran its own case count; the one beside the trap ran whole.
    #expect(verdicts[1].problems.isEmpty)
    #expect(verdicts[1].summary.hasPrefix("planted.pass: 120 cases"))
    let failure = try #require(verdicts[2].problems.first)
    #expect(failure.hasPrefix("planted.fail failure (sum, wrong result): sum is"), "\(failure)")
    #expect(failure.contains("State (- expected, + actual):"))
    #expect(failure.contains("#expect(brokenSum(["))
    let entries = Corpus(directory: corpus).files().map(\.lastPathComponent)
    #expect(entries.count == 2)
    #expect(entries.contains { $0.hasPrefix("planted.trap-") })
  }

  @Test func aCleanRunReportsNothing() {
    let verdicts = planted.check(plan(["planted.pass"], RunConfiguration(seed: 3, cases: 150)))
    #expect(verdicts.map(\.name) == ["planted.pass"])
    #expect(verdicts.first?.problems == [])
    #expect(verdicts.first?.summary.hasPrefix("planted.pass: 150 cases, 0 discards") == true)
  }

  /// A user's executable (the fixture) gets the same containment: its
  /// stack's trap is shrunk to `[50]`; its clean property passes.
  @Test func aTrapInAUsersImplementationIsContained() throws {
    let fixture = ContainedCheck(executable: FuzzExecutable.fixtureURL, jobs: 2)
    let verdicts = fixture.check(
      plan(["fixture.roundTrip", "fixture.count"], RunConfiguration(seed: 11, cases: 200)))
    let problem = try #require(verdicts.first?.problems.first)
    #expect(problem.hasPrefix("fixture.roundTrip crash (trap in stack: pop(), trap): trapped"))
    #expect(problem.contains("fixture trap: popped 50"))
    #expect(problem.contains("push and pop [50]"))
    #expect(
      problem.contains(
        "replay: swift run -c release snapshot-fuzz-fixture replay "
          + "'\(FuzzExecutable.token("fixture.roundTrip", [1, 50, 0]))'"))
    #expect(verdicts.last?.problems == [])
  }

  private func entry(_ property: String, _ choices: [UInt64]) -> CorpusEntry {
    CorpusEntry(property: property, choices: choices, script: nil, message: "", seed: nil)
  }

  /// A corpus with a trapping entry, passing ones, a stale one and one of
  /// an unknown property: the trapping entry is reported by file name with
  /// its token, trap and Swift code, the unusable ones by file name and
  /// reason, and the rest still replay.
  @Test func aTrappingCorpusEntryIsReportedAndTheOthersStillReplay() throws {
    let folder = FuzzExecutable.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = Corpus(directory: folder)
    let trapping = entry("planted.trap", [1, 40, 1, 40, 0])
    let passing = [entry("planted.trap", [1, 3, 1, 3, 0]), entry("planted.pass", [1, 5, 0])]
    let unknown = entry("no.such.property", [0])
    for entry in [trapping, unknown] + passing { _ = try corpus.write(entry) }
    try Data(#"{"formatVersion": 99, "property": "planted.pass"}"#.utf8)
      .write(to: folder.appendingPathComponent("planted.pass-stale.json"))

    let verdicts = planted.replayCorpus(at: folder.path).verdicts
    #expect(verdicts.map(\.name) == corpus.files().map(\.lastPathComponent))
    #expect(verdicts.count == 5)
    let reported = verdicts.filter { !$0.problems.isEmpty }.map(\.name)
    let expected = [trapping.fileName, unknown.fileName, "planted.pass-stale.json"]
    #expect(reported.sorted() == expected.sorted())
    let trap = try #require(verdicts.first { $0.name == trapping.fileName }?.problems.first)
    #expect(trap.hasPrefix("\(trapping.fileName) still fails"))
    #expect(trap.contains("Token: \(trapToken)"))
    #expect(trap.contains("Result: CRASH"))
    #expect(trap.contains("- trap in TrappingDeduplicator: run(_:) [trap]: trapped (SIG"))
    #expect(trap.contains("planted trap: duplicate 40"))
    #expect(trap.contains("TrappingDeduplicator.run([40, 40])"))
    let stale = verdicts.first { $0.name == "planted.pass-stale.json" }?.problems.first ?? ""
    #expect(stale.hasPrefix("planted.pass-stale.json: ") && stale.contains("version"))
    let strange = verdicts.first { $0.name == unknown.fileName }?.problems.first ?? ""
    #expect(strange.hasPrefix("\(unknown.fileName): ") && strange.contains("unknown property"))
    for entry in passing {
      #expect(verdicts.first { $0.name == entry.fileName }?.summary == "\(entry.fileName): passes")
    }
  }

  /// `DIFFABLE_REPLAY` replays its one case in a child and skips the
  /// other properties; `DIFFABLE_BUDGET_SECONDS` stops a run early
  /// without failing it.
  @Test func aReplayTokenAndATimeBudgetKeepWorking() throws {
    var replaying = RunConfiguration(seed: 1, cases: 100)
    replaying.replay = try ReplayToken.parse(trapToken)
    let replays = planted.check(plan(["planted.trap", "planted.pass"], replaying))
    #expect(replays.first?.problems.first?.contains("Result: CRASH") == true)
    #expect(replays.last?.summary == "planted.pass: skipped (replaying planted.trap)")
    #expect(replays.last?.problems == [])

    let slow = RunConfiguration(seed: 1, cases: 1_000, timeBudgetSeconds: 2)
    let verdict = try #require(
      ContainedCheck(executable: FuzzExecutable.fixtureURL, jobs: 1)
        .check(plan(["planted.slowCheck"], slow)).first)
    #expect(verdict.problems == [])
    #expect(verdict.summary.contains("stopped by the time budget"))
  }
}
