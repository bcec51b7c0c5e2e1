import Foundation
import FuzzKit
import Generators
import Testing
import Verification

/// The fuzz command over a user's own properties: `snapshot-fuzz-fixture`
/// is a short executable calling `SnapshotFuzz.main(properties:)` with
/// test-only properties of a tiny stack (one with a planted trap, one that
/// expects a trap, one that wrongly expects one), beside planted catalog
/// implementations and the planted properties.
@Suite struct UserExecutableTests {
  private func json(_ url: URL) throws -> [String: Any] {
    let data = try Data(contentsOf: url)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func listsTheUsersPropertiesOnly() throws {
    let result = try FuzzExecutable.fixture(["list"])
    #expect(result.status == 0)
    #expect(
      result.output.split(separator: "\n").map(String.init) == FuzzExecutable.fixtureProperties)
  }

  /// A trap in the user's code is a crash with a token and a case shrunk
  /// to `[50]`, blamed on the call it reported (`pop()`); a property
  /// expecting a trap passes when every case traps and fails (with a
  /// record) when a case returns.
  @Test func aRunChecksTheUsersCodeInWorkers() throws {
    let out = FuzzExecutable.temporaryFolder().appendingPathComponent("out")
    let result = try FuzzExecutable.fixture(
      [
        "run", "--seed", "1", "--cases", "100", "--jobs", "2", "--out", out.path, "--no-corpus",
        "--shrink-time", "20s",
      ]
        + ["fixture.count", "fixture.popPastEnd", "fixture.popToEmpty", "fixture.roundTrip"]
        .flatMap { ["--property", $0] })
    #expect(result.status == 1, "\(result.error)")
    #expect(
      result.error.contains(
        "Repeat: swift run -c release snapshot-fuzz-fixture run --property fixture.count"))
    let report = try json(out.appendingPathComponent("report.json"))
    let properties = try #require(report["properties"] as? [[String: Any]])
    func property(_ name: String) -> [String: Any] {
      properties.first { $0["name"] as? String == name } ?? [:]
    }
    #expect(property("fixture.popPastEnd")["cases"] as? Int == 100)
    #expect(property("fixture.popPastEnd")["failures"] as? Int == 0)
    #expect(property("fixture.count")["failures"] as? Int == 0)
    #expect(property("fixture.count")["tag"] as? String == "required")
    let failures = try #require(report["failures"] as? [[String: Any]])
    try #require(
      failures.map { $0["property"] as? String } == ["fixture.popToEmpty", "fixture.roundTrip"])
    let returned = failures[0]
    #expect(returned["kind"] as? String == "failure")
    #expect((returned["message"] as? String)?.contains("expected a trap") == true)
    let crash = failures[1]
    #expect(crash["kind"] as? String == "crash")
    #expect((crash["message"] as? String)?.hasPrefix("trapped (SIG") == true)
    #expect((crash["message"] as? String)?.contains("fixture trap: popped 50") == true)
    #expect((crash["swift_code"] as? String)?.contains("push and pop [50]") == true)
    let records = try FuzzExecutable.report(in: out).failures
    #expect(
      records.map(\.rule) == [
        FailureKind(PropertyTarget.returnedInsteadOfTrapping), .trap(in: "stack", "pop()"),
      ])
    let junit = try String(contentsOf: out.appendingPathComponent("junit.xml"), encoding: .utf8)
    #expect(junit.components(separatedBy: "<failure ").count - 1 == 2)
    try theSkippedPropertiesAreInEveryReport(out, report: report, console: result.output)

    let token = try #require(crash["token"] as? String)
    let replay = try FuzzExecutable.fixture(["replay", token])
    #expect(replay.status == 1)
    #expect(replay.output.contains("Result: CRASH"))
    #expect(replay.output.contains("- trap in stack: pop() [trap]: trapped (SIG"))

    try theReportsNameTheFixture(out, console: result, failures: 2)
  }

  /// The properties the fixture's differ-only user lacks a snapshot for are
  /// listed, counted and explained in every report and the console.
  private func theSkippedPropertiesAreInEveryReport(
    _ out: URL, report: [String: Any], console: String
  ) throws {
    let skipped = try #require(report["skipped_properties"] as? [[String: String]])
    let differOnly = "its own snapshot (differ only)"
    #expect(
      skipped == [
        ["name": "full.differential", "missing": differOnly],
        ["name": "full.specDecisions", "missing": differOnly],
        ["name": "full.markOrder", "missing": differOnly],
      ])
    let intro = "3 properties of the catalog not run: the implementation lacks a part or "
    let (summary, html, junit) = try (
      String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8),
      String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8),
      String(contentsOf: out.appendingPathComponent("junit.xml"), encoding: .utf8)
    )
    #expect(summary.contains("## Properties skipped\n\n" + intro), "\(summary)")
    #expect(summary.contains("- `full.markOrder`: needs its own snapshot (differ only)"))
    #expect(html.contains("<h2>Properties skipped</h2>\n<p>" + intro))
    #expect(html.contains("<li><code>full.differential</code>: needs its own snapshot"))
    #expect(junit.contains("tests=\"7\" failures=\"2\" errors=\"0\" skipped=\"3\""), "\(junit)")
    #expect(
      junit.contains(
        "name=\"full.markOrder\" time=\"0\">\n      <skipped message=\"needs its own snapshot"))
    #expect(console.contains("  " + intro), "\(console)")
    #expect(console.contains("    full.differential (needs its own snapshot (differ only))"))
  }

  /// Every report format, the console and the progress lines name the
  /// program that ran, never `snapshot-fuzz`; `report.json` carries it, so
  /// `merge` keeps it; and every replay line of every format, run as
  /// printed against the fixture, reproduces its failure (exit 1).
  private func theReportsNameTheFixture(
    _ out: URL, console: FuzzExecutable.Result, failures: Int
  ) throws {
    let report = try json(out.appendingPathComponent("report.json"))
    #expect(report["program"] as? String == "snapshot-fuzz-fixture")
    #expect(console.error.contains("snapshot-fuzz-fixture: seed 1,"))
    #expect(!console.error.contains("snapshot-fuzz:"))
    var lines: [String] = []
    let texts =
      try ["summary.md", "report.html", "junit.xml"].map {
        try String(contentsOf: out.appendingPathComponent($0), encoding: .utf8)
      } + [console.output]
    for text in texts {
      #expect(!text.contains("snapshot-fuzz replay") && !text.contains("snapshot-fuzz run"))
      let found = Self.replayLines(in: text)
      #expect(found.count == failures, "\(text)")
      lines += found
    }
    let merged = out.deletingLastPathComponent().appendingPathComponent("merged")
    let merge = try FuzzExecutable.fixture(["merge", out.path, "--out", merged.path])
    #expect(merge.status == 1, "\(merge.error)")  // the merged report has the failures
    let summary = try String(
      contentsOf: merged.appendingPathComponent("summary.md"), encoding: .utf8)
    #expect(summary.hasPrefix("# snapshot-fuzz-fixture report"))
    lines += Self.replayLines(in: summary)
    for line in Set(lines).sorted() {
      let prefix = "swift run -c release snapshot-fuzz-fixture "
      #expect(line.hasPrefix(prefix))
      let words = line.dropFirst(prefix.count).split(separator: " ", maxSplits: 1).map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
      }
      let replay = try FuzzExecutable.fixture(words)
      #expect(replay.status == 1, "\(line) exited \(replay.status): \(replay.output)")
    }
  }

  /// The replay commands in `text`: from `swift run` to the token's
  /// closing quote, HTML entities and XML escapes undone.
  private static func replayLines(in text: String) -> [String] {
    let plain = text.replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&apos;", with: "'")
    var lines: [String] = []
    var rest = Substring(plain)
    while let start = rest.range(of: "swift run -c release snapshot-fuzz-fixture replay '") {
      let after = rest[start.upperBound...]
      guard let close = after.firstIndex(of: "'") else { break }
      lines.append(String(rest[start.lowerBound...close]))
      rest = after[after.index(after: close)...]
    }
    return lines
  }

  /// `--help` and bad usage name the fixture, with its usage lines aligned.
  @Test func helpNamesTheUsersExecutable() throws {
    let help = try FuzzExecutable.fixture(["run", "--help"])
    #expect(help.status == 0)
    #expect(
      help.output.hasPrefix(
        "USAGE: snapshot-fuzz-fixture run [--property NAME]... [--seed S]\n"
          + "                                 [--cases N"))
    #expect(!help.output.contains("snapshot-fuzz "))
    // The fixture writes no corpus unless told to, and says so.
    #expect(help.output.contains("--corpus DIR      Regression corpus folder (default: none)"))
    let version = try FuzzExecutable.fixture(["--version"])
    #expect(version.output.contains("replay tokens v\(ReplayToken.version)"))
    let top = try FuzzExecutable.fixture(["--help"])
    #expect(top.output.contains("Fuzzes this executable's properties"))
    let bad = try FuzzExecutable.fixture(["run", "--cases", "x"])
    #expect(bad.status == 64)
    #expect(bad.error.hasPrefix("snapshot-fuzz-fixture: "))
    #expect(bad.error.contains("See 'snapshot-fuzz-fixture run --help'"))
    let ours = try FuzzExecutable.run(["--help"])
    #expect(ours.output.hasPrefix("USAGE: snapshot-fuzz <subcommand>"))
    #expect(ours.output.contains("Fuzzes the property catalog of DiffableSuite"))
    let ourRun = try FuzzExecutable.run(["run", "--help"])
    #expect(ourRun.output.contains("(default: Tests/Regressions)"))
    // No test switch is documented for the shipped command.
    #expect(!ours.output.contains("DIFFABLE_PLANTED") && !ours.output.contains("INJECT_FAULT"))
  }

  /// Replaying a case of a property that expects a trap: the trap passes.
  @Test func aReplayOfAnExpectedTrapPasses() throws {
    let replay = try FuzzExecutable.fixture([
      "replay", FuzzExecutable.token("fixture.popPastEnd", [0]),
    ])
    #expect(replay.status == 0, "\(replay.output)")
    #expect(replay.output.contains("traps as expected"))
    let returns = try FuzzExecutable.fixture([
      "replay", FuzzExecutable.token("fixture.popToEmpty", [0]),
    ])
    #expect(returns.status == 1)
    #expect(returns.output.contains("expected a trap"))
  }

  /// A user's `String`-id data source that traps where UIKit raises passes
  /// `misuse.traps.datasource` in workers: every case's rejected call
  /// traps (the in-process counterpart, a data source that returns, fails:
  /// `ImplementationFixtureTests`).
  @Test func aTrappingDataSourcePassesItsTrapPropertyInWorkers() throws {
    let out = FuzzExecutable.temporaryFolder().appendingPathComponent("out")
    let result = try FuzzExecutable.fixture([
      "run", "--seed", "3", "--cases", "12", "--jobs", "2", "--out", out.path, "--no-corpus",
      "--property", "misuse.traps.datasource",
    ])
    #expect(result.status == 0, "\(result.error)")
    let report = try json(out.appendingPathComponent("report.json"))
    let properties = try #require(report["properties"] as? [[String: Any]])
    #expect(properties.count == 1)
    #expect(properties.first?["cases"] as? Int == 12)
    #expect(properties.first?["failures"] as? Int == 0)
  }
}
