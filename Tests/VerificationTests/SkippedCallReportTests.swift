import Foundation
import SnapshotEngine
import TestSupport
import Testing

@testable import Verification

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

  @Test func skippedPropertiesAreListedInEveryFormatAndSurviveAMerge() throws {
    var report = Self.report(skipped: nil)
    report.skippedProperties = [
      SkippedProperty(name: "full.markOrder", missing: "readable marks in Apple's order"),
      SkippedProperty(name: "datasource.differential", missing: "its own data source"),
    ]
    let summary = SummaryRenderer.render(report)
    #expect(summary.contains("## Properties skipped"), "\(summary)")
    #expect(summary.contains("- `datasource.differential`: needs its own data source"))
    let html = HTMLRenderer.render(report)
    #expect(
      html.contains("<li><code>full.markOrder</code>: needs readable marks in Apple&#39;s order"),
      "\(html)")
    let junit = JUnitRenderer.render(report)
    #expect(junit.contains("tests=\"3\" failures=\"0\" errors=\"0\" skipped=\"2\""), "\(junit)")
    #expect(junit.components(separatedBy: "<skipped message=").count - 1 == 2)
    let json = try JSONEncoder().encode(report)
    let decoded = try JSONDecoder().decode(FuzzReport.self, from: json)
    #expect(decoded.skippedProperties == report.skippedProperties)
    #expect(String(decoding: json, as: UTF8.self).contains("\"skipped_properties\""))
    // A report without skipped properties writes no key and reads back empty.
    let plain = try JSONEncoder().encode(Self.report(skipped: nil))
    #expect(!String(decoding: plain, as: UTF8.self).contains("skipped_properties"))
    #expect(try JSONDecoder().decode(FuzzReport.self, from: plain).skippedProperties.isEmpty)
    let merged = try ReportMerger.merge([report])
    #expect(merged.skippedProperties == report.skippedProperties)
  }

  @Test func theCatalogSaysWhatEachSkippedPropertyNeeds() {
    let differOnly = Implementation.differOnly(name: "d") { EngineDiffer<Int, Int>() }
    let skipped = Catalog.skipped(for: differOnly, families: [.full, .datasource])
    #expect(
      skipped.first
        == SkippedProperty(name: "full.differential", missing: "its own snapshot (differ only)"))
    #expect(
      skipped.contains {
        $0.name == "datasource.differential" && $0.missing == "its own data source (differ only)"
      })
    let model = Catalog.skipped(for: .model, families: [.diff], includeContracts: true)
    #expect(
      model.first?.missing == "its own differ (a contract never judges the reference model's)")
    #expect(Catalog.skipped(for: .engine).isEmpty)
    #expect(
      skipped[0].prefixed("d.")
        == SkippedProperty(name: "d.full.differential", missing: skipped[0].missing))
  }
}
