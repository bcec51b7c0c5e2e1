import Testing
import Verification

@Suite struct SummaryRendererTests {
  @Test func tableShowsTagsAndKilledCounts() {
    var report = ReportFixtures.report()
    report.properties[1].killed = 2
    let summary = SummaryRenderer.render(report)
    #expect(
      summary.contains(
        "| property | tag | cases | failures | killed | discards | cases/s | status |"))
    #expect(summary.contains("| `diff.roundTrip` | required | 100 | 1 | 0 | 1 | 50.5 | FAILED |"))
    #expect(summary.contains("| `full.differential` | contract | 200 | 0 | 2 | 1 | – | passed |"))
  }

  @Test func reportsWithoutTagsShowADash() {
    var report = ReportFixtures.report(failing: false)
    report.properties[0].tag = nil
    #expect(SummaryRenderer.render(report).contains("| `diff.roundTrip` | – | 100 |"))
  }

  @Test func anInterruptedRunIsFlaggedFirst() {
    let lines = SummaryRenderer.render(ReportFixtures.interrupted).split(separator: "\n")
    #expect(lines[1].hasPrefix("> **INTERRUPTED**: the run was stopped by a signal"))
    #expect(!SummaryRenderer.render(ReportFixtures.report()).contains("INTERRUPTED"))
    let text = SummaryRenderer.render(ReportFixtures.interrupted)
    #expect(text.contains("interrupted by a signal"))
    #expect(!text.contains("stopped by interrupted"))
  }

  @Test func aFailedPropertyWithoutARecordIsListed() {
    var report = ReportFixtures.report(failing: false)
    report.properties[1].failures = 2
    let summary = SummaryRenderer.render(report)
    #expect(summary.contains("## Failures without a record"))
    #expect(summary.contains("- `full.differential`: 2 failing case(s) but no failure record"))
  }
}
