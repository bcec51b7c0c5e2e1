import Foundation
import Testing
import Verification

@Suite struct ReportWriterTests {
  @Test func writesTheFourFilesAndJSONRoundTrips() throws {
    let folder = ReportFixtures.temporaryFolder()
    let report = ReportFixtures.report()
    try ReportWriter.write(report, to: folder)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == ["junit.xml", "report.html", "report.json", "summary.md"])
    let read = try ReportReader.readReport(at: folder.path)
    #expect(read == report)
  }

  @Test func jsonHasTheVersionedSchemaAndSnakeCaseKeys() throws {
    let data = try ReportWriter.json(ReportFixtures.report())
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["schema"] as? Int == 1)
    #expect(object["seed"] as? String == "42")
    let properties = try #require(object["properties"] as? [[String: Any]])
    #expect(properties.map { $0["name"] as? String } == ["diff.roundTrip", "full.differential"])
    let first = properties[0]
    for key in ["cases", "failures", "discards", "cases_per_second", "coverage", "histograms"] {
      #expect(first[key] != nil, "missing \(key)")
    }
    #expect(first["cases_per_second"] as? Double == 50.5)
    let coverage = try #require((first["coverage"] as? [[String: Any]])?.first)
    #expect(coverage["share"] as? Double == 0.3)
    #expect(coverage["minimum"] as? Double == 0.1)
    let failures = try #require(object["failures"] as? [[String: Any]])
    #expect(
      failures.first?["token"] as? String == ReportFixtures.token("diff.roundTrip", [1, 2, 3]))
  }

  @Test func sameReportSameBytes() throws {
    #expect(
      try ReportWriter.json(ReportFixtures.report()) == ReportWriter.json(ReportFixtures.report()))
  }

  @Test func htmlIsSelfContainedAndEscaped() {
    let html = HTMLRenderer.render(ReportFixtures.report())
    #expect(!html.contains("<script"))
    #expect(!html.contains("src="))
    let links = html.components(separatedBy: "href=\"").dropFirst()
    #expect(!links.isEmpty && links.allSatisfy { $0.hasPrefix("#") }, "a link leaves the page")
    #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(html.contains("a &lt; b &amp;&amp; c &gt; &quot;d&quot;"))
    #expect(html.components(separatedBy: "<svg").count - 1 >= 4)
    #expect(html.contains("Cases per second over time"))
    #expect(html.contains("Distribution: command kind"))
    #expect(html.contains("Coverage classes"))
  }

  @Test func junitHasOneTestcasePerPropertyAndEscapedFailures() throws {
    let xml = JUnitRenderer.render(ReportFixtures.report())
    #expect(xml.components(separatedBy: "<testcase ").count - 1 == 2)
    #expect(xml.components(separatedBy: "<failure ").count - 1 == 1)
    #expect(xml.contains("type=\"crash\""))
    #expect(xml.contains(ReportFixtures.token("diff.roundTrip", [1, 2, 3])))
    #expect(xml.contains("&lt;boom&gt; &amp; &quot;quotes&quot;"))
    #expect(!xml.contains("<script"))
    #expect(!xml.contains("<boom>"))
  }

  @Test func coverageShortfallIsAJUnitFailureAndFailsTheReport() {
    var report = ReportFixtures.report(failing: false)
    #expect(report.passed)
    report.properties[1].coverage = [CoverageClass(name: "empty", count: 1, minimum: 0.5)]
    #expect(!report.passed)
    #expect(JUnitRenderer.render(report).contains("type=\"coverage\""))
    #expect(SummaryRenderer.render(report).contains("Coverage shortfalls"))
  }

  @Test func coverageIsNotJudgedOnShortRuns() {
    // 0 of 5 cases cannot show a 50% class is short (the interval still
    // reaches 50%); 0 of 100 can.
    let coverage = CoverageClass(name: "rare", count: 0, minimum: 0.5)
    #expect(coverage.isSatisfied(cases: 5))
    #expect(coverage.isUndecided(cases: 5))
    #expect(!coverage.isSatisfied(cases: 100))
  }

  @Test func summaryNamesTheSeedTokenAndReplayCommand() {
    let summary = SummaryRenderer.render(
      ReportFixtures.report(shard: ShardSpec(index: 2, count: 4)))
    #expect(summary.contains("**FAILED**"))
    #expect(summary.contains("--seed 42 --shard 2/4"))
    #expect(summary.contains("replay '\(ReportFixtures.token("diff.roundTrip", [1, 2, 3]))'"))
    #expect(summary.contains("```swift"))
  }

  @Test func failureEntriesGoUnderFailures() throws {
    let folder = ReportFixtures.temporaryFolder()
    let written = try ReportWriter.writeFailure(
      ReportFixtures.failure("a/b c", index: 3), to: folder)
    #expect(written.file == "failures/a_b_c-3.json")
    let read = try ReportReader.readFailure(at: folder.appendingPathComponent(written.file).path)
    #expect(read == written)
  }

  @Test func longTimelinesAreThinnedForTheRateChart() {
    let timeline = (0...7200).map { TimelinePoint(elapsed: Double($0), cases: $0 * 10) }
    var report = ReportFixtures.report()
    report.timeline = timeline
    let html = HTMLRenderer.render(report)
    let polyline = html.components(separatedBy: "<polyline").dropFirst().first ?? ""
    let points =
      polyline.components(separatedBy: "points=\"").dropFirst().first?
      .components(separatedBy: "\"").first ?? ""
    let count = points.split(separator: " ").count
    #expect(count > 50 && count <= 121)
  }

  @Test func atomicWriteLeavesNoTemporaryFile() throws {
    let folder = ReportFixtures.temporaryFolder()
    let file = folder.appendingPathComponent("x.txt")
    try AtomicFile.write("one", to: file)
    try AtomicFile.write("two", to: file)
    #expect(try String(contentsOf: file, encoding: .utf8) == "two")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["x.txt"])
  }
}
