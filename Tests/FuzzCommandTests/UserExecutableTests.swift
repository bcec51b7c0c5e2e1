import Foundation
import Testing

/// The fuzz command over a user's own properties: `snapshot-fuzz-fixture`
/// is a ten-line executable calling `SnapshotFuzz.main(properties:)` with
/// test-only properties of a tiny stack (one with a planted trap, one that
/// expects a trap, one that wrongly expects one).
@Suite struct UserExecutableTests {
  private func json(_ url: URL) throws -> [String: Any] {
    let data = try Data(contentsOf: url)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func listsTheUsersPropertiesOnly() throws {
    let result = try FuzzExecutable.run(["list"], planted: false, executable: FuzzExecutable.fixtureURL)
    #expect(result.status == 0)
    #expect(
      result.output.split(separator: "\n") == [
        "fixture.count", "fixture.popPastEnd", "fixture.popToEmpty", "fixture.roundTrip",
        "misuse.traps.datasource",
      ])
  }

  /// A trap in the user's code is a crash with a token and a case shrunk
  /// to `[50]`; a property expecting a trap passes when every case traps
  /// and fails (with a record) when a case returns.
  @Test func aRunChecksTheUsersCodeInWorkers() throws {
    let out = FuzzExecutable.temporaryFolder().appendingPathComponent("out")
    let result = try FuzzExecutable.run(
      ["run", "--seed", "1", "--cases", "100", "--jobs", "2", "--out", out.path, "--no-corpus",
       "--shrink-time", "20s"]
        + ["fixture.count", "fixture.popPastEnd", "fixture.popToEmpty", "fixture.roundTrip"]
        .flatMap { ["--property", $0] },
      executable: FuzzExecutable.fixtureURL)
    #expect(result.status == 1, "\(result.error)")
    #expect(result.error.contains("Repeat: swift run -c release snapshot-fuzz-fixture run --property fixture.count"))
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
    try #require(failures.map { $0["property"] as? String } == ["fixture.popToEmpty", "fixture.roundTrip"])
    let returned = failures[0]
    #expect(returned["kind"] as? String == "failure")
    #expect((returned["message"] as? String)?.contains("expected a trap") == true)
    let crash = failures[1]
    #expect(crash["kind"] as? String == "crash")
    #expect((crash["message"] as? String)?.hasPrefix("trapped (SIG") == true)
    #expect((crash["message"] as? String)?.contains("fixture trap: popped 50") == true)
    #expect((crash["swift_code"] as? String)?.contains("push and pop [50]") == true)
    let junit = try String(contentsOf: out.appendingPathComponent("junit.xml"), encoding: .utf8)
    #expect(junit.components(separatedBy: "<failure ").count - 1 == 2)

    let token = try #require(crash["token"] as? String)
    let replay = try FuzzExecutable.run(["replay", token], executable: FuzzExecutable.fixtureURL)
    #expect(replay.status == 1)
    #expect(replay.output.contains("CRASH: trapped (SIG"))
  }

  /// Replaying a case of a property that expects a trap: the trap passes.
  @Test func aReplayOfAnExpectedTrapPasses() throws {
    let replay = try FuzzExecutable.run(
      ["replay", "fixture.popPastEnd@v1:AA"], executable: FuzzExecutable.fixtureURL)
    #expect(replay.status == 0, "\(replay.output)")
    #expect(replay.output.contains("traps as expected"))
    let returns = try FuzzExecutable.run(
      ["replay", "fixture.popToEmpty@v1:AA"], executable: FuzzExecutable.fixtureURL)
    #expect(returns.status == 1)
    #expect(returns.output.contains("expected a trap"))
  }

  /// A user's `String`-id data source that traps where UIKit raises passes
  /// `misuse.traps.datasource` in workers: every case's rejected call
  /// traps (the in-process counterpart, a data source that returns, fails:
  /// `ImplementationFixtureTests`).
  @Test func aTrappingDataSourcePassesItsTrapPropertyInWorkers() throws {
    let out = FuzzExecutable.temporaryFolder().appendingPathComponent("out")
    let result = try FuzzExecutable.run(
      ["run", "--seed", "3", "--cases", "12", "--jobs", "2", "--out", out.path, "--no-corpus",
       "--property", "misuse.traps.datasource"],
      executable: FuzzExecutable.fixtureURL)
    #expect(result.status == 0, "\(result.error)")
    let report = try json(out.appendingPathComponent("report.json"))
    let properties = try #require(report["properties"] as? [[String: Any]])
    #expect(properties.count == 1)
    #expect(properties.first?["cases"] as? Int == 12)
    #expect(properties.first?["failures"] as? Int == 0)
  }
}
