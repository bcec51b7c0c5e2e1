import Testing
import Verification

/// The calls a trapping or lenient implementation was spared are counted
/// from the `skippedCalls` histogram and shown in the reports' text.
@Suite struct SkippedCallReportTests {
  static func report(skipped: [Histogram.Bucket]?) -> FuzzReport {
    let histograms =
      skipped.map { [Histogram(name: Statistics.skippedCallsHistogram, buckets: $0)] } ?? []
    return FuzzReport(
      seed: 1, startedAt: "2026-11-23T00:00:00Z", durationSeconds: 1, stopReason: "cases", jobs: 1,
      properties: [
        PropertyReport(name: "datasource.differential", cases: 7, histograms: histograms)
      ],
      failures: [])
  }

  @Test func skippedCallsAreSummedAndShown() {
    let report = Self.report(skipped: [.init(label: "0", count: 3), .init(label: "2", count: 4)])
    #expect(report.properties[0].skippedCalls == 8)
    let summary = SummaryRenderer.render(report)
    #expect(summary.contains("## Calls skipped"), "\(summary)")
    #expect(summary.contains("- `datasource.differential`: 8"), "\(summary)")
    #expect(HTMLRenderer.render(report).contains("8 calls Apple rejects skipped"))
  }

  @Test func implementationsThatThrowShowNoSkippedCalls() {
    let report = Self.report(skipped: nil)
    #expect(report.properties[0].skippedCalls == nil)
    #expect(!SummaryRenderer.render(report).contains("Calls skipped"))
    #expect(!HTMLRenderer.render(report).contains("skipped (not handed"))
  }

  @Test func statisticsTotalTheHistogram() {
    var statistics = Statistics()
    statistics.record(labels: [], observations: [.value(Statistics.skippedCallsHistogram, 3)])
    statistics.record(labels: [], observations: [.value(Statistics.skippedCallsHistogram, 0)])
    #expect(statistics.skippedCalls == 3)
    #expect(
      statistics.table.contains(
        "skipped calls (Apple rejects them; not handed to the implementation): 3"))
  }
}
