import Testing
import Verification

@Suite struct HTMLRendererTests {
  private func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  @Test func eachPropertyHasACollapsibleSectionLinkedFromTheSummaryTable() {
    let html = HTMLRenderer.render(ReportFixtures.report())
    #expect(count("<details class=\"prop\"", in: html) == 2)
    #expect(
      html.contains("<details class=\"prop\" id=\"p-diff.roundTrip\" open>"),
      "a failed property starts open")
    #expect(html.contains("<details class=\"prop\" id=\"p-full.differential\">"))
    #expect(html.contains("<a href=\"#p-diff.roundTrip\">"))
    #expect(html.contains("<a href=\"#p-full.differential\">"))
    let summary = html.components(separatedBy: "<details").first ?? ""
    #expect(
      summary.contains("FAILED: 1 cause (1 failure) in 1 of 2 properties"),
      "the verdict, in causes, is above every section")
    #expect(summary.contains("<td>contract</td>"))
  }

  @Test func anchorsOfUnusualNamesStayInsideTheAttribute() {
    var report = ReportFixtures.report(failing: false)
    report.properties[0].name = "a\"b <c>"
    let html = HTMLRenderer.render(report)
    #expect(html.contains("id=\"p-a_b__c_\""))
    #expect(html.contains("href=\"#p-a_b__c_\""))
  }

  @Test func chartsHaveAxisTitlesAndTicks() {
    let html = HTMLRenderer.render(ReportFixtures.report())
    for title in ["checked cases", "elapsed seconds", "cases/s", "share of cases"] {
      #expect(html.contains(">\(title)</text>"), "no axis title \(title)")
    }
    // Cases per property run to 200: ticks every 50; shares every 20%.
    for tick in ["0", "50", "100", "150", "200", "20%", "100%"] {
      #expect(html.contains("text-anchor=\"middle\">\(tick)</text>"), "no tick \(tick)")
    }
  }

  @Test func longTokensWrap() {
    let html = HTMLRenderer.render(ReportFixtures.report())
    #expect(html.contains("overflow-wrap:anywhere"))
    #expect(html.contains("pre{background:#f4f4f4;padding:8px;white-space:pre-wrap"))
  }

  @Test func meaninglessRatesShowADash() {
    var report = ReportFixtures.report(failing: false)
    report.properties[0].killed = 1
    report.properties[1].seconds = 0
    let html = HTMLRenderer.render(report)
    let summary = SummaryRenderer.render(report)
    #expect(count("<td class=\"n\">–</td>", in: html) == 2)
    #expect(count("| – |", in: summary) == 2)
    #expect(summary.contains("ran in a worker killed from outside"))
    var timedOut = ReportFixtures.report()
    timedOut.failures[0].kind = .timeout
    #expect(count("<td class=\"n\">–</td>", in: HTMLRenderer.render(timedOut)) == 1)
    #expect(count("<td class=\"n\">–</td>", in: HTMLRenderer.render(ReportFixtures.report())) == 0)
  }
}
