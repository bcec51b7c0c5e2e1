/// Renders a report as `summary.md`: the verdict, how to repeat the run,
/// a partial merge or an interrupted run flagged first, a table of
/// properties (tag, killed cases, status), coverage shortfalls and every
/// failure with its replay command and Swift code.
public enum SummaryRenderer {
  /// The Markdown summary of `report`.
  public static func render(_ report: FuzzReport) -> String {
    var lines: [String] = ["# \(report.programName) report", ""]
    for flag in ReportText.flags(report) {
      lines += ["> **\(flag.word)**: \(flag.text).", ""]
    }
    let verdict =
      report.passed
      ? "**PASSED**"
      : "**FAILED**: \(ReportText.failedProperties(report))"
    lines += [
      "- Result: \(verdict)",
      "- Seed: `\(report.seed)`"
        + (report.shard.flatMap { $0.count > 1 ? ", shard `\($0)`" : nil } ?? ""),
      "- Repeat: `\(ReportText.repeatCommand(report))`",
      "- Started: \(report.startedAt); ran \(Markup.duration(report.durationSeconds)) "
        + "with \(report.jobs) job(s); \(ReportText.stopPhrase(report))",
      "- Cases: \(report.totalCases) over \(report.properties.count) properties",
    ]
    if !report.mergedShards.isEmpty {
      lines.append(
        "- Merged shards: " + report.mergedShards.map { "`\($0)`" }.joined(separator: ", "))
    }
    lines += [
      "", "| property | tag | cases | failures | killed | discards | cases/s | status |",
      "|---|---|---:|---:|---:|---:|---:|---|",
    ]
    for property in report.properties {
      lines.append(
        "| `\(property.name)` | \(ReportText.tag(property)) | \(property.cases) "
          + "| \(property.failures) | \(property.killed) | \(property.discards) "
          + "| \(ReportText.rate(property, in: report)) | \(ReportText.status(property)) |")
    }
    lines += [
      "",
      "Columns: "
        + ReportText.columns.map { "**\($0.name)**: \($0.meaning)" }
        .joined(separator: "; ") + ".",
    ]
    let killed = report.properties.reduce(0) { $0 + $1.killed }
    if killed > 0 {
      lines += [
        "",
        "\(killed) case(s) ran in a worker killed from outside (out of memory, a CI "
          + "runner, a person); each passed when retried in a fresh worker, so none is a failure.",
      ]
    }
    let skipped = report.properties.compactMap { property in
      property.skippedCalls.map { "- `\(property.name)`: \($0)" }
    }
    if !skipped.isEmpty {
      lines +=
        [
          "", "## Calls skipped", "",
          "Calls Apple rejects, not handed to the implementation (it declares it traps or does "
            + "something unspecified):", "",
        ] + skipped
    }
    let lacking = report.properties.compactMap { property in
      property.skippedChecks.map {
        "- `\(property.name)`: \($0) checks skipped (capability missing)"
      }
    }
    if !lacking.isEmpty { lines += ["", "## Checks skipped", ""] + lacking }
    let limitations = report.limitations
    if !limitations.isEmpty {
      lines += [
        "", "## Declared limitations", "",
        "Cases that passed only because the implementation declares a limit of its differ "
          + "(never failures):", "",
      ]
      lines += limitations.map { "- \($0)" }
    }
    if let intro = ReportText.skippedPropertiesIntro(report) {
      lines += ["", "## \(ReportText.skippedPropertiesHeading)", "", intro + ":", ""]
      lines += report.skippedProperties.map { "- `\($0.name)`: needs \($0.missing)" }
    }
    let unrecorded = report.properties.compactMap { property in
      ReportText.unrecordedFailure(property, in: report).map { "- `\(property.name)`: \($0)" }
    }
    if !unrecorded.isEmpty { lines += ["", "## Failures without a record", ""] + unrecorded }
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
    let undecided = report.properties.flatMap { property in
      property.coverageUndecided.map { (property, $0) }
    }
    if !undecided.isEmpty {
      lines += [
        "", "## Coverage not judged", "",
        "Below the minimum share in too few cases to tell a shortfall from chance (a longer run judges them):",
        "",
      ]
      for (property, coverage) in undecided {
        lines.append(
          "- `\(property.name)`: `\(coverage.name)` reached "
            + "\(Markup.percent(coverage.share(of: property.cases))), "
            + "minimum \(Markup.percent(coverage.minimum ?? 0))")
      }
    }
    let causes = ReportText.causes(report)
    if !causes.isEmpty {
      lines += ["", "## Causes", ""] + causes.map { "- \($0)" }
    }
    for failure in report.failures {
      let sharing = ReportText.sharingCause(with: failure, in: report)
      lines += [
        "", "## \(failure.property): \(failure.heading)", "",
        "- Severity: \(failure.severity.label)",
        "- Message: \(failure.message)",
        "- Token: `\(failure.token)`",
        "- Replay: `\(ReportText.replayCommand(failure, in: report))`",
        "- Case \(failure.caseIndex) of seed \(failure.seed); "
          + (failure.shrunk ? "shrunk in \(failure.shrinkSteps) step(s)" : "not fully shrunk"),
      ]
      if !failure.file.isEmpty { lines.append("- Entry: `\(failure.file)`") }
      if !sharing.isEmpty {
        lines.append("- The same cause in: " + sharing.map { "`\($0)`" }.joined(separator: ", "))
      }
      if !failure.swiftCode.isEmpty { lines += ["", "```swift", failure.swiftCode, "```"] }
      if !failure.diff.isEmpty { lines += ["", "```diff", failure.diff, "```"] }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
