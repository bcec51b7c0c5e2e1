import Foundation
import Generators
import SnapshotFuzzCommand
import Testing
import Verification

/// One script, two failures, the second a trap: the fixture's
/// `keptSections.full.differential` runs a full snapshot whose
/// `deleteAllItems()` keeps the sections and whose next
/// `appendSections(_:)` traps. The check goes on past the divergence, the
/// worker reports it before the trap kills it, and the retry traces the
/// call the trap is in: the run reports both, as two causes, each blamed on
/// its own call, and so does `ContainedCheck`.
@Suite(.serialized) struct TwoFailuresOfOneScriptTests {
  static let property = "keptSections.full.differential"

  /// The divergence's culprit.
  static let deleteAll = Culprit.call(part: "snapshot", operation: "deleteAllItems()")
  /// The trap's culprit.
  static let append = Culprit.trap(part: "snapshot", operation: "appendSections(_:)")

  /// One run of the property (seed 1, 200 cases), its report folder and
  /// console.
  static let run: (out: URL, result: FuzzExecutable.Result)? = {
    let out = FuzzExecutable.temporaryFolder().appendingPathComponent("out")
    let result = try? FuzzExecutable.fixture([
      "run", "--property", property, "--seed", "1", "--cases", "200", "--jobs", "2", "--out",
      out.path, "--no-corpus", "--shrink-time", "20s",
    ])
    return result.map { (out, $0) }
  }()

  private func report() throws -> (FuzzReport, FuzzExecutable.Result, URL) {
    let run = try #require(Self.run)
    #expect(run.result.status == 1, "\(run.result.error)")
    return (try FuzzExecutable.report(in: run.out), run.result, run.out)
  }

  /// Both failures are recorded, the trap first (the most severe), and
  /// are two causes in the report, its JSON and the console.
  @Test func aRunReportsBothFailuresAsTwoCauses() throws {
    let (report, result, out) = try report()
    #expect(report.failures.map(\.kind) == [.crash, .failure], "\(result.error)")
    #expect(report.failures.map(\.rule?.culprit) == [Self.append, Self.deleteAll])
    #expect(report.failures.map(\.severity) == [.trap, .wrong])
    #expect(report.causes.map(\.culprit) == [Self.append, Self.deleteAll])
    #expect(ReportText.causeCount(report) == "2 causes (2 failures)")
    #expect(result.output.contains("  2 causes (2 failures):"), "\(result.output)")
    #expect(result.output.contains("  - trap in snapshot: appendSections(_:) [trap]: trapped (SIG"))
    #expect(
      result.output.contains(
        "  - snapshot: deleteAllItems() [wrong result]: after `c.deleteAllItems()`"))
    let json =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: out.appendingPathComponent("report.json"))) as? [String: Any]
    let causes = try #require(json?["causes"] as? [[String: Any]])
    #expect(causes.count == 2)
    #expect(causes.allSatisfy { $0["properties"] as? [String] == [Self.property] })
  }

  /// The crash's rendered test ends at the call that trapped, runs in an
  /// exit test (it fails while the call traps, passes once fixed) and is
  /// named for the call; its failure file names the call too.
  @Test func aCrashIsRenderedAndFiledByTheCallItTrappedIn() throws {
    let (report, _, out) = try report()
    let crash = try #require(report.failures.first { $0.kind == .crash })
    #expect(crash.message.contains("planted trap: appendSections after deleteAllItems"))
    let lines = crash.swiftCode.split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    #expect(
      lines.contains("@Test func fullDifferential_trapInSnapshotAppendSections() async {"),
      "\(crash.swiftCode)")
    #expect(lines.contains("await #expect(processExitsWith: .success) {"))
    let last = try #require(lines.lastIndex { $0.hasPrefix("try c.") || $0.hasPrefix("c.") })
    #expect(lines[last].hasPrefix("try c.appendSections("), "\(crash.swiftCode)")
    #expect(lines[last + 1] == "}")
    #expect(!crash.swiftCode.contains("#expect(c."))
    #expect(crash.file.hasPrefix("failures/\(Self.property)-"))
    #expect(crash.file.hasSuffix("-trapInSnapshotAppendSections.json"))
    let filed = try ReportReader.readFailure(at: out.appendingPathComponent(crash.file).path)
    #expect(filed.rule?.culprit == Self.append)
    #expect(filed.swiftCode == crash.swiftCode)
    // The divergence's test is a plain test ending in its expectations.
    let wrong = try #require(report.failures.first { $0.kind == .failure })
    #expect(wrong.file.hasSuffix("-snapshotDeleteAllItems.json"))
    #expect(
      wrong.swiftCode.contains("@Test func fullDifferential_snapshotDeleteAllItems() throws {"))
    #expect(!wrong.swiftCode.contains("processExitsWith"))
    #expect(wrong.swiftCode.contains("#expect(c.sectionIdentifiers == [])"))
  }

  /// Replaying the crash's token shows the divergence found before the
  /// trap and the trap in its call, and the exit test.
  @Test func theCrashsTokenReplaysBothFailures() throws {
    let (report, _, _) = try report()
    let crash = try #require(report.failures.first { $0.kind == .crash })
    let replay = try FuzzExecutable.fixture(["replay", crash.token])
    #expect(replay.status == 1)
    #expect(replay.output.contains("Result: CRASH: 2 causes (2 failures)"), "\(replay.output)")
    #expect(replay.output.contains("- snapshot: deleteAllItems() [wrong result]: "))
    #expect(replay.output.contains("- trap in snapshot: appendSections(_:) [trap]: trapped (SIG"))
    #expect(replay.output.contains("Swift test (trap in snapshot: appendSections(_:)):"))
    #expect(replay.output.contains("await #expect(processExitsWith: .success) {"))
  }

  /// `ContainedCheck` reports both too: two problems, two causes.
  @Test func aContainedCheckReportsBoth() throws {
    let result = ContainedCheck(executable: FuzzExecutable.fixtureURL, jobs: 2).run(
      [Self.property], configuration: RunConfiguration(seed: 1, cases: 200), variables: [:])
    #expect(result.failedNames == [Self.property])
    #expect(result.problems.count == 2, "\(result.problems)")
    #expect(result.causes.map(\.culprit) == [Self.append, Self.deleteAll])
    let lines = result.summary.split(separator: "\n").map(String.init)
    #expect(lines.first == "snapshot-fuzz-fixture: FAILED: 2 causes (2 failures) in 1 of 1")
    #expect(lines.contains { $0.hasPrefix("- trap in snapshot: appendSections(_:) [trap]: ") })
    #expect(lines.contains { $0.hasPrefix("- snapshot: deleteAllItems() [wrong result]: ") })
    #expect(
      result.problems.contains {
        $0.hasPrefix("\(Self.property) crash (trap in snapshot: appendSections(_:), trap): ")
      })
    #expect(
      result.problems.contains {
        $0.hasPrefix("\(Self.property) failure (snapshot: deleteAllItems(), wrong result): ")
      })
  }
}
