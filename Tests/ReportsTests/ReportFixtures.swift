import Foundation
import TestSupport
import Verification

/// Reports to render, merge and parse.
enum ReportFixtures {
  static func property(
    _ name: String, cases: Int, failures: Int = 0, seconds: Double = 2,
    coverage: [CoverageClass] = [], buckets: [(String, Int)] = [], killed: Int = 0,
    tag: String? = "required"
  ) -> PropertyReport {
    PropertyReport(
      name: name, cases: cases, failures: failures, discards: 1, seconds: seconds,
      coverage: coverage,
      histograms: [
        Histogram(name: "command kind", buckets: buckets.map { .init(label: $0.0, count: $0.1) })
      ],
      killed: killed, tag: tag)
  }

  static let hostileCode =
    "@Test func t() { #expect(a < b && c > \"d\") } </pre><script>alert(1)</script>"

  /// The replay token of `choices` for `property` (of the default
  /// catalog's id, as reports never check it).
  static func token(_ property: String, _ choices: [UInt64]) -> String {
    ReplayToken(property: property, catalog: CatalogID(name: "reports"), choices: choices)
      .description
  }

  /// A crash of `property` at case `index`: case 7 is shrunk to the
  /// choices `[1, 2, 3]`, any other to `[1, index]`.
  static func failure(_ property: String, index: Int) -> FailureRecord {
    FailureRecord(
      property: property, kind: .crash,
      token: token(property, index == 7 ? [1, 2, 3] : [1, UInt64(index)]),
      originalToken: token(property, [1, 2, 3, 4]),
      seed: 42, caseIndex: index, message: "Fatal error: <boom> & \"quotes\"",
      swiftCode: hostileCode, diff: "- a\n+ b", shrinkSteps: 3, shrunk: true)
  }

  static func report(shard: ShardSpec? = nil, failing: Bool = true) -> FuzzReport {
    FuzzReport(
      seed: 42, shard: shard, startedAt: "2026-11-22T03:00:00Z", durationSeconds: 10,
      stopReason: "duration", jobs: 2,
      properties: [
        property(
          "diff.roundTrip", cases: 100, failures: failing ? 1 : 0,
          coverage: [CoverageClass(name: "cross-section move", count: 30, minimum: 0.1)],
          buckets: [("moveItem", 5), ("10", 2), ("2", 1)]),
        property(
          "full.differential", cases: 200,
          coverage: [CoverageClass(name: "empty", count: 20, minimum: 0.05)],
          tag: "contract"),
      ],
      failures: failing ? [failure("diff.roundTrip", index: 7)] : [],
      timeline: [
        TimelinePoint(elapsed: 0, cases: 0), TimelinePoint(elapsed: 1, cases: 100),
        TimelinePoint(elapsed: 2, cases: 300),
      ])
  }

  /// A passing report of a run stopped by SIGINT/SIGTERM.
  static var interrupted: FuzzReport {
    var report = report(failing: false)
    report.stopReason = "interrupted"
    return report
  }

  /// Every file under `folder` (relative path) with its bytes, sorted.
  static func contents(of folder: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let path = enumerator?.nextObject() as? String {
      if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) {
        files[path] = data
      }
    }
    return files
  }

  static func temporaryFolder() -> URL { TemporaryFolders.make("reports-tests") }
}
