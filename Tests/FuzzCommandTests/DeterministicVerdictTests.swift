import Foundation
import Testing

/// The same seed gives the same verdict, failing case and token in every
/// fresh process, with any `--jobs`, for every failing planted property: a
/// bug that shows only in some hash-table layouts (`planted.table`), a
/// wrong result (`planted.fail`) and a trap (`planted.trap`, found and
/// shrunk in child processes), all the fixture's: the fuzz command (here
/// the fixture, built on it) re-executes itself with
/// `SWIFT_DETERMINISTIC_HASHING=1` when it is unset, and its workers get
/// it too.
@Suite struct DeterministicVerdictTests {
  /// The failing planted properties.
  static let planted = ["planted.table", "planted.fail", "planted.trap"]

  /// The exit status and the recorded failures (property, kind, case
  /// index, message, token) of one fresh run of the planted properties,
  /// started without the variable.
  static func verdict(jobs: Int) throws -> [String] {
    let out = FileManager.default.temporaryDirectory
      .appendingPathComponent("oracle-determinism-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: out) }
    let result = try FuzzExecutable.fixture(
      ["run"] + planted.flatMap { ["--property", $0] }
        + [
          "--seed", "7", "--cases", "300", "--jobs", "\(jobs)", "--out", out.path, "--no-corpus",
          "--shrink-time", "20s",
        ],
      removing: ["SWIFT_DETERMINISTIC_HASHING"])
    let data = try Data(contentsOf: out.appendingPathComponent("report.json"))
    let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let failures = try #require(report["failures"] as? [[String: Any]])
    return ["status \(result.status)"]
      + failures.map { failure in
        ["property", "kind", "case_index", "message", "token"]
          .map { "\(failure[$0] ?? "-")" }.joined(separator: " | ")
      }
  }

  @Test func everyPlantedBugHasOneVerdictInEveryProcess() throws {
    let first = try Self.verdict(jobs: 1)
    #expect(first.count == 1 + Self.planted.count && first[0] == "status 1", "\(first)")
    for jobs in [1, 2] {
      for _ in 0..<5 {
        let verdict = try Self.verdict(jobs: jobs)
        #expect(verdict == first, "--jobs \(jobs): \(verdict), first \(first)")
      }
    }
  }
}
