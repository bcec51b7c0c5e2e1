/// Renders a report as `junit.xml`: one `<testcase>` per property with its
/// tag and killed count as `<properties>`. A failing property's failures
/// are one `<failure>` per recorded failure (type `failure`, `crash` or
/// `timeout`) with its token, one of type `unrecorded` when it has failing
/// cases but no record, and one of type `coverage` per coverage shortfall,
/// so every failed property has a `<failure>` and `failures=` counts them.
/// A test case holds at most one `<failure>` (as JUnit's schema allows and
/// CI viewers show): the property's test case holds its first, and each
/// further one (another distinct failure kind, a coverage shortfall) is a
/// test case of its own named `property [what failed]`. A partial
/// merge or an interrupted run is named in the suite's name and
/// properties. A property the implementation lacks a part or capability
/// for (`FuzzReport.skippedProperties`) is a `<testcase>` with `<skipped>`
/// naming what it needs. Every text is XML-escaped.
public enum JUnitRenderer {
  /// The JUnit XML of `report`.
  public static func render(_ report: FuzzReport) -> String {
    let cases = report.properties.map { testcase($0, in: report) }
    let failures = cases.reduce(0) { $0 + $1.failures }
    let skipped = report.skippedProperties.count
    let tests = cases.reduce(0) { $0 + $1.testcases } + skipped
    let time = Markup.number(report.durationSeconds, digits: 3)
    let flags = ReportText.flags(report)
    let name = report.programName + flags.map { " [\($0.word)]" }.joined()
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml +=
      "<testsuites name=\"\(name)\" tests=\"\(tests)\" "
      + "failures=\"\(failures)\" errors=\"0\" time=\"\(time)\">\n"
    xml +=
      "  <testsuite name=\"\(name)\" tests=\"\(tests)\" "
      + "failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"\(time)\" "
      + "timestamp=\"\(Markup.escape(report.startedAt))\">\n"
    xml +=
      "    <!-- "
      + ReportText.columns.map { "\($0.name): \($0.meaning)" }
      .joined(separator: "; ").replacingOccurrences(of: "--", with: "- -") + " -->\n"
    xml += "    <properties>\n"
    xml += property("seed", "\(report.seed)", indent: 6)
    if let shard = report.shard { xml += property("shard", "\(shard)", indent: 6) }
    if !report.mergedShards.isEmpty {
      xml += property(
        "merged_shards", report.mergedShards.map(\.description).joined(separator: ","), indent: 6)
    }
    xml += property("stop_reason", report.stopReason, indent: 6)
    xml += property("partial", report.partial ? "true" : "false", indent: 6)
    xml += "    </properties>\n"
    xml += cases.map(\.xml).joined()
    xml += report.skippedProperties.map(skippedTestcase).joined()
    if !flags.isEmpty {
      let text = flags.map { "\($0.word): \($0.text)" }.joined(separator: "\n")
      xml += "    <system-out>\(Markup.escape(text))</system-out>\n"
    }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

  /// A property's test cases: its own, holding its first failure, then one
  /// per further failure; with the number of each.
  private static func testcase(
    _ property: PropertyReport, in report: FuzzReport
  ) -> (xml: String, failures: Int, testcases: Int) {
    let classname = property.name.split(separator: ".").first.map(String.init) ?? property.name
    var elements: [(label: String, xml: String)] = []
    for failure in ReportText.failures(of: property, in: report) {
      let sharing = ReportText.sharingCause(with: failure, in: report)
      let shared = sharing.isEmpty ? "" : "the same cause in: \(sharing.joined(separator: ", "))\n"
      let replay = "replay: \(ReportText.replayCommand(failure, in: report))\n"
      let head = "kind: \(failure.heading)\nseverity: \(failure.severity.label)\n"
      let body: String =
        head + "token: \(failure.token)\n" + shared + replay
        + "\(failure.message)\n\n\(failure.swiftCode)\n\(failure.diff)"
      elements.append(
        (
          failure.heading,
          "<failure type=\"\(failure.kind.rawValue)\" "
            + "message=\"\(Markup.escape(failure.message + " [" + failure.token + "]"))\">"
            + Markup.escape(body) + "</failure>\n"
        ))
    }
    if let message = ReportText.unrecordedFailure(property, in: report) {
      elements.append(
        ("unrecorded", "<failure type=\"unrecorded\" message=\"\(Markup.escape(message))\"/>\n"))
    }
    for coverage in property.coverageShortfalls {
      let message =
        "coverage class '\(coverage.name)' reached "
        + "\(Markup.percent(coverage.share(of: property.cases))) of \(property.cases) cases, "
        + "minimum \(Markup.percent(coverage.minimum ?? 0))"
      elements.append(
        (
          "coverage \(coverage.name)",
          "<failure type=\"coverage\" message=\"\(Markup.escape(message))\"/>\n"
        ))
    }
    func open(_ name: String) -> String {
      "    <testcase classname=\"\(Markup.escape(classname))\" "
        + "name=\"\(Markup.escape(name))\" "
        + "time=\"\(Markup.number(property.seconds, digits: 3))\">\n"
    }
    var xml = open(property.name)
    xml += "      <properties>\n"
    xml += Self.property("tag", ReportText.tag(property), indent: 8)
    xml += Self.property("killed", "\(property.killed)", indent: 8)
    if let skipped = property.skippedChecks {
      xml += Self.property("skippedChecks", "\(skipped)", indent: 8)
    }
    for limitation in property.limitations {
      xml += Self.property(
        "limitation.\(limitation.limit.rawValue)", "\(limitation.cases)", indent: 8)
    }
    xml += "      </properties>\n"
    if let first = elements.first { xml += "      " + first.xml }
    xml +=
      "      <system-out>tag=\(Markup.escape(ReportText.tag(property))) cases=\(property.cases) "
      + "discards=\(property.discards) killed=\(property.killed) "
      + "cases_per_second=\(ReportText.rate(property, in: report))</system-out>\n"
    xml += "    </testcase>\n"
    for element in elements.dropFirst() {
      xml += open("\(property.name) [\(element.label)]") + "      " + element.xml
      xml += "    </testcase>\n"
    }
    return (xml, elements.count, max(elements.count, 1))
  }

  /// A property the implementation lacks a part or capability for, as a
  /// skipped test case.
  private static func skippedTestcase(_ skipped: SkippedProperty) -> String {
    let classname = skipped.name.split(separator: ".").first.map(String.init) ?? skipped.name
    return "    <testcase classname=\"\(Markup.escape(classname))\" "
      + "name=\"\(Markup.escape(skipped.name))\" time=\"0\">\n"
      + "      <skipped message=\"\(Markup.escape("needs " + skipped.missing))\"/>\n"
      + "    </testcase>\n"
  }

  private static func property(_ name: String, _ value: String, indent: Int) -> String {
    String(repeating: " ", count: indent)
      + "<property name=\"\(Markup.escape(name))\" value=\"\(Markup.escape(value))\"/>\n"
  }
}
