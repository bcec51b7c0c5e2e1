/// Renders a report as `summary.md`: the verdict, how to repeat the run,
/// a table of properties, coverage shortfalls and every failure with its
/// replay command and Swift code.
public enum SummaryRenderer {
  /// The Markdown summary of `report`.
  public static func render(_ report: FuzzReport) -> String {
    var lines: [String] = ["# snapshot-fuzz report", ""]
    let verdict = report.passed
      ? "**PASSED**"
      : "**FAILED**: \(ReportText.failedProperties(report))"
    lines += [
      "- Result: \(verdict)",
      "- Seed: `\(report.seed)`" + (report.shard.flatMap { $0.count > 1 ? ", shard `\($0)`" : nil } ?? ""),
      "- Repeat: `\(ReportText.repeatCommand(report))`",
      "- Started: \(report.startedAt); ran \(Markup.duration(report.durationSeconds)) "
        + "with \(report.jobs) job(s); stopped by \(report.stopReason)",
      "- Cases: \(report.totalCases) over \(report.properties.count) properties",
    ]
    if !report.mergedShards.isEmpty {
      lines.append("- Merged shards: " + report.mergedShards.map { "`\($0)`" }.joined(separator: ", "))
    }
    lines += ["", "| property | cases | failures | discards | cases/s | status |",
      "|---|---:|---:|---:|---:|---|"]
    for property in report.properties {
      let status = property.failures > 0 ? "FAILED"
        : property.coverageShortfalls.isEmpty ? "passed" : "coverage"
      lines.append(
        "| `\(property.name)` | \(property.cases) | \(property.failures) | \(property.discards) "
          + "| \(Markup.number(property.casesPerSecond)) | \(status) |")
    }
    let shortfalls = report.properties.flatMap { property in
      property.coverageShortfalls.map { (property, $0) }
    }
    if !shortfalls.isEmpty {
      lines += ["", "## Coverage shortfalls", ""]
      for (property, coverage) in shortfalls {
        lines.append(
          "- `\(property.name)`: `\(coverage.name)` reached "
            + "\(Markup.percent(coverage.share(of: property.cases))), "
            + "minimum \(Markup.percent(coverage.minimum ?? 0))")
      }
    }
    for failure in report.failures {
      lines += ["", "## \(failure.property): \(failure.kind.rawValue)", "",
        "- Message: \(failure.message)",
        "- Token: `\(failure.token)`",
        "- Replay: `swift run snapshot-fuzz replay '\(failure.token)'`",
        "- Case \(failure.caseIndex) of seed \(failure.seed); "
          + (failure.shrunk ? "shrunk in \(failure.shrinkSteps) step(s)" : "not fully shrunk")]
      if !failure.file.isEmpty { lines.append("- Entry: `\(failure.file)`") }
      if !failure.swiftCode.isEmpty { lines += ["", "```swift", failure.swiftCode, "```"] }
      if !failure.diff.isEmpty { lines += ["", "```diff", failure.diff, "```"] }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
