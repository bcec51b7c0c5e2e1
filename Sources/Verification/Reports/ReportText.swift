/// Text shared by the report renderers.
public enum ReportText {
  /// The heading every report gives its skipped properties.
  public static let skippedPropertiesHeading = "Properties skipped"

  /// The sentence introducing `report`'s skipped properties (`nil` when
  /// there are none).
  public static func skippedPropertiesIntro(_ report: FuzzReport) -> String? {
    let count = report.skippedProperties.count
    guard count > 0 else { return nil }
    return "\(count) propert\(count == 1 ? "y" : "ies") of the catalog not run: the "
      + "implementation lacks a part or capability each needs"
  }

  /// The command that repeats the run: the run's own command line when
  /// the report has it; for a merge, a loop over its shards.
  static func repeatCommand(_ report: FuzzReport) -> String {
    var command =
      report.command
      ?? "swift run -c release \(report.programName) run --seed \(report.seed)"
    if report.command == nil, let shard = report.shard, shard.count > 1 {
      command += " --shard \(shard)"
    }
    guard report.mergedShards.count > 1 else { return command }
    let shards = report.mergedShards.map(\.description)
    if let shard = report.mergedShards.first(where: { command.contains("--shard \($0)") }) {
      command = command.replacingOccurrences(of: "--shard \(shard)", with: "--shard \"$shard\"")
    } else {
      command += " --shard \"$shard\""
    }
    return "for shard in \(shards.joined(separator: " ")); do \(command); done"
  }

  /// The command that replays `failure`'s case with the program that
  /// found it: `swift run -c release <program> replay '<token>'`, after
  /// the environment assignments the run's own command starts with (say
  /// `DIFFABLE_KINDS=1`, which changes the failures a run keeps).
  public static func replayCommand(_ failure: FailureRecord, in report: FuzzReport) -> String {
    let environment = (report.command ?? "").split(separator: " ").prefix { $0.contains("=") }
    return (environment.map(String.init) + ["swift run -c release \(report.programName) replay"])
      .joined(separator: " ") + " '\(failure.token)'"
  }

  /// What each column of the properties table means, in column order:
  /// every report explains its figures itself.
  public static let columns: [(name: String, meaning: String)] = [
    ("property", "the property's name, family first"),
    ("tag", "required: Apple's documented behaviour; contract: this engine's own promise"),
    ("cases", "cases checked, passed or failed (a crash or timeout counts)"),
    (
      "failures",
      "failing cases found; every one counts, so it can exceed the failures "
        + "recorded below (each property records and shrinks its lowest failing case)"
    ),
    (
      "killed",
      "cases whose worker was killed from outside (out of memory, CI, a person) and "
        + "that passed when retried: never failures"
    ),
    ("discards", "generated inputs rejected before checking (not in cases)"),
    (
      "cases/s",
      "(cases + discards) per second of worker time; – when it means nothing "
        + "(a timeout or a killed worker)"
    ),
    ("status", "FAILED (a failing case), coverage (a coverage class below its minimum) or passed"),
  ]

  /// The run's causes as lines: "snapshot: deleteAllItems() [wrong
  /// result]: 3 failures in full.differential, diff.roundTrip".
  public static func causes(_ report: FuzzReport) -> [String] {
    report.causes.map { cause in
      let properties = Set(cause.failures.map(\.property))
      return "\(cause): \(cause.failures.count) failure\(cause.failures.count == 1 ? "" : "s") in "
        + report.failures.map(\.property).filter { properties.contains($0) }.uniqued()
        .joined(separator: ", ")
    }
  }

  /// The other properties whose failure has `failure`'s culprit.
  static func sharingCause(with failure: FailureRecord, in report: FuzzReport) -> [String] {
    report.causes.first { $0.failures.contains(failure) }.map { cause in
      cause.failures.map(\.property).filter { $0 != failure.property }.uniqued()
    } ?? []
  }

  /// The verdict's count: "2 causes (5 failures)".
  public static func causeCount(_ report: FuzzReport) -> String {
    Cause<FailureRecord>.count(causes: report.causes.count, failures: report.failures.count)
  }

  /// The verdict of a failed run, e.g. "3 of 29 properties failed (3
  /// failures recorded, 1 coverage shortfall)". A property's `failures`
  /// column counts failing cases, which can exceed the recorded (shrunk)
  /// failures when several were in flight.
  static func failedProperties(_ report: FuzzReport) -> String {
    let shortfalls = report.properties.filter { !$0.coverageShortfalls.isEmpty }.count
    let failed = report.properties.filter { !$0.passed }.count
    return "\(causeCount(report)) in \(failed) of \(report.properties.count) properties "
      + "(\(shortfalls) coverage shortfall\(shortfalls == 1 ? "" : "s"))"
  }

  /// The one-word verdict of a property: `FAILED`, `coverage` (a class
  /// below its minimum) or `passed`.
  static func status(_ property: PropertyReport) -> String {
    property.failures > 0 ? "FAILED" : property.coverageShortfalls.isEmpty ? "passed" : "coverage"
  }

  /// The property's tag (`required` or `contract`), `–` when the report
  /// predates tags.
  static func tag(_ property: PropertyReport) -> String { property.tag ?? "–" }

  /// Cases per second of `property`, or `–` when the figure means nothing:
  /// no worker time was measured, a case timed out, or a worker was killed
  /// (the time of the unfinished case is not in `seconds`).
  static func rate(_ property: PropertyReport, in report: FuzzReport) -> String {
    let timedOut = report.failures.contains { $0.property == property.name && $0.kind == .timeout }
    guard property.seconds > 0, property.killed == 0, !timedOut else { return "–" }
    return Markup.number(property.casesPerSecond)
  }

  /// How the run ended, as a phrase: "stopped by cases", "stopped by
  /// duration", "interrupted by a signal", "merged from shards",
  /// "stopped at the first failure".
  public static func stopPhrase(_ report: FuzzReport) -> String {
    if isInterrupted(report) { return "interrupted by a signal" }
    if report.stopReason == "merged" { return "merged from shards" }
    if report.stopReason == "first-failure" { return "stopped at the first failure" }
    return "stopped by \(report.stopReason)"
  }

  /// Whether the run was stopped by SIGINT/SIGTERM (`signal` is the name
  /// reports used before `interrupted`).
  static func isInterrupted(_ report: FuzzReport) -> Bool {
    report.stopReason == "interrupted" || report.stopReason == "signal"
  }

  /// The warnings a reader must see before any figure, one sentence each:
  /// a partial merge and an interrupted run.
  static func flags(_ report: FuzzReport) -> [(word: String, text: String)] {
    var flags: [(word: String, text: String)] = []
    if report.partial {
      let shards = report.mergedShards.map(\.description).joined(separator: ", ")
      flags.append(
        (
          "PARTIAL",
          "merged from an incomplete shard set (\(shards)); the figures cover only "
            + "part of the case space"
        ))
    }
    if isInterrupted(report) {
      flags.append(("INTERRUPTED", "the run was stopped by a signal before its budget was spent"))
    }
    return flags
  }

  /// The failures recorded for `property`, in case index order.
  static func failures(of property: PropertyReport, in report: FuzzReport) -> [FailureRecord] {
    report.failures.filter { $0.property == property.name }
  }

  /// Why a property has failing cases but no recorded failure, for JUnit
  /// and the HTML page.
  static func unrecordedFailure(_ property: PropertyReport, in report: FuzzReport) -> String? {
    guard property.failures > 0, failures(of: property, in: report).isEmpty else { return nil }
    return "\(property.failures) failing case(s) but no failure record (the run stopped before "
      + "one was written); repeat with: \(repeatCommand(report)) --property \(property.name)"
  }
}

extension Array where Element == String {
  /// The strings without repeats, in order.
  func uniqued() -> [String] {
    var seen = Set<String>()
    return filter { seen.insert($0).inserted }
  }
}
