import Testing
import Verification

@Suite struct JUnitRendererTests {
  private func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  /// The `failures=` attribute of the `<testsuite>` element.
  private func declaredFailures(_ xml: String) -> Int? {
    let suite = xml.components(separatedBy: "<testsuite ").dropFirst().first ?? ""
    let value = suite.components(separatedBy: "failures=\"").dropFirst().first?.prefix {
      $0 != "\""
    }
    return value.flatMap { Int($0) }
  }

  @Test func aFailedPropertyWithoutARecordStillHasAFailure() throws {
    var report = ReportFixtures.report(failing: false)
    report.properties[1].failures = 1
    let xml = JUnitRenderer.render(report)
    #expect(count("<failure ", in: xml) == 1)
    #expect(
      xml.contains("<failure type=\"unrecorded\" message=\"1 failing case(s) but no failure record")
    )
    #expect(xml.contains("--property full.differential"))
    #expect(declaredFailures(xml) == 1)
  }

  @Test(arguments: [0, 1, 2])
  func failuresAttributeCountsTheFailureElements(extraRecords: Int) throws {
    var report = ReportFixtures.report()
    report.properties[0].failures = 1 + extraRecords
    report.failures += (0..<extraRecords).map {
      ReportFixtures.failure("diff.roundTrip", index: 20 + $0)
    }
    report.properties[1].coverage = [CoverageClass(name: "empty", count: 1, minimum: 0.5)]
    let xml = JUnitRenderer.render(report)
    #expect(count("<failure ", in: xml) == 2 + extraRecords)
    #expect(declaredFailures(xml) == 2 + extraRecords)
    // Each failure after a property's first is a test case of its own.
    #expect(
      xml.contains(
        "<testsuites name=\"snapshot-fuzz\" tests=\"\(2 + extraRecords)\" "
          + "failures=\"\(2 + extraRecords)\""))
    #expect(count("<testcase ", in: xml) == 2 + extraRecords)
    let testcases = xml.components(separatedBy: "<testcase ").dropFirst()
    #expect(testcases.allSatisfy { count("<failure ", in: $0) <= 1 }, "\(xml)")
    if extraRecords > 0 { #expect(xml.contains("name=\"diff.roundTrip [")) }
  }

  @Test func aPassingReportHasNoFailure() {
    let xml = JUnitRenderer.render(ReportFixtures.report(failing: false))
    #expect(count("<failure", in: xml) == 0)
    #expect(declaredFailures(xml) == 0)
  }

  @Test func tagAndKilledAreTestcaseProperties() {
    var report = ReportFixtures.report(failing: false)
    report.properties[0].killed = 3
    let xml = JUnitRenderer.render(report)
    #expect(xml.contains("<property name=\"tag\" value=\"required\"/>"))
    #expect(xml.contains("<property name=\"tag\" value=\"contract\"/>"))
    #expect(xml.contains("<property name=\"killed\" value=\"3\"/>"))
    #expect(xml.contains("killed=3 cases_per_second=–</system-out>"))
    #expect(count("<failure", in: xml) == 0, "killed cases are not failures")
  }

  @Test func anInterruptedRunIsNamed() {
    let xml = JUnitRenderer.render(ReportFixtures.interrupted)
    #expect(xml.contains("<testsuite name=\"snapshot-fuzz [INTERRUPTED]\""))
    #expect(xml.contains("<property name=\"stop_reason\" value=\"interrupted\"/>"))
  }
}
