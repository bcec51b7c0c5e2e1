/// Renders a report as `junit.xml`: one `<testcase>` per property; a failing
/// property carries one `<failure>` per failure (type `failure` or `crash`)
/// with its token, and a coverage shortfall is a `<failure>` of type
/// `coverage`. Every text is XML-escaped.
public enum JUnitRenderer {
  /// The JUnit XML of `report`.
  public static func render(_ report: FuzzReport) -> String {
    let failing = report.properties.filter { !$0.passed }.count
    let time = Markup.number(report.durationSeconds, digits: 3)
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"snapshot-fuzz\" tests=\"\(report.properties.count)\" "
      + "failures=\"\(failing)\" errors=\"0\" time=\"\(time)\">\n"
    xml += "  <testsuite name=\"snapshot-fuzz\" tests=\"\(report.properties.count)\" "
      + "failures=\"\(failing)\" errors=\"0\" skipped=\"0\" time=\"\(time)\" "
      + "timestamp=\"\(Markup.escape(report.startedAt))\">\n"
    xml += "    <properties>\n"
    xml += "      <property name=\"seed\" value=\"\(report.seed)\"/>\n"
    if let shard = report.shard {
      xml += "      <property name=\"shard\" value=\"\(shard)\"/>\n"
    }
    xml += "    </properties>\n"
    for property in report.properties {
      let classname = property.name.split(separator: ".").first.map(String.init) ?? property.name
      xml += "    <testcase classname=\"\(Markup.escape(classname))\" "
        + "name=\"\(Markup.escape(property.name))\" "
        + "time=\"\(Markup.number(property.seconds, digits: 3))\">\n"
      for failure in report.failures where failure.property == property.name {
        let body = "token: \(failure.token)\n"
          + "replay: swift run snapshot-fuzz replay '\(failure.token)'\n"
          + "\(failure.message)\n\n\(failure.swiftCode)\n\(failure.diff)"
        xml += "      <failure type=\"\(failure.kind.rawValue)\" "
          + "message=\"\(Markup.escape(failure.message + " [" + failure.token + "]"))\">"
          + Markup.escape(body) + "</failure>\n"
      }
      for coverage in property.coverageShortfalls {
        let message = "coverage class '\(coverage.name)' reached "
          + "\(Markup.percent(coverage.share(of: property.cases))) of \(property.cases) cases, "
          + "minimum \(Markup.percent(coverage.minimum ?? 0))"
        xml += "      <failure type=\"coverage\" message=\"\(Markup.escape(message))\"/>\n"
      }
      xml += "      <system-out>cases=\(property.cases) discards=\(property.discards) "
        + "cases_per_second=\(Markup.number(property.casesPerSecond))</system-out>\n"
      xml += "    </testcase>\n"
    }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }
}
