import Verification

/// The article's report reader: one line per failure of a report set.
func failureLines(inReportAt folder: String) throws(ReportError) -> [String] {
  let report = try ReportReader.readReport(at: folder + "/report.json")
  return report.failures.map { failure in
    "\(failure.property) [\(failure.shortHeading)]: \(failure.message) — replay '\(failure.token)'"
  }
}
