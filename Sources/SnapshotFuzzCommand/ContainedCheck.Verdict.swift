import Foundation
import Verification

extension ContainedCheck {
  /// What one property or corpus entry came to in a contained check.
  public struct Verdict: Hashable, Sendable, CustomStringConvertible {
    /// The property, or the corpus entry's file name.
    public var name: String
    /// One line for the log, starting with `name`: its cases, discards
    /// and time, or why it did not run.
    public var summary: String
    /// The failures to record, each a complete message naming its
    /// property or entry: kind and trap message, token, the replay line
    /// of the executable that ran, the shrunk case as a Swift test and the
    /// state diff. Empty when it passed.
    public var problems: [String]
    /// The failures the run recorded for the property (shrunk), as in its
    /// `report.json`; empty for a corpus entry.
    public var failures: [FailureRecord]
    /// The replay line of each of `failures`, in the same order.
    public var replayLines: [String]

    /// Creates a verdict.
    public init(
      name: String, summary: String, problems: [String], failures: [FailureRecord] = [],
      replayLines: [String] = []
    ) {
      self.name = name
      self.summary = summary
      self.problems = problems
      self.failures = failures
      self.replayLines = replayLines
    }

    /// Whether the property or entry passed.
    public var passed: Bool { problems.isEmpty }

    /// `summary`.
    public var description: String { summary }

    /// What `report` says about property `name`, judged with the health
    /// limits of `configuration`.
    init(_ name: String, in report: FuzzReport, configuration: RunConfiguration) {
      guard let property = report.properties.first(where: { $0.name == name }) else {
        self.init(
          name: name, summary: "\(name): not run",
          problems: ["\(name): missing from the run's report"])
        return
      }
      var summary =
        "\(name): \(property.cases) cases, \(property.discards) discards, "
        + "\(Self.rounded(property.seconds))s of worker time, seed \(report.seed)"
      if let shard = report.shard, shard.count > 1 { summary += ", shard \(shard)" }
      if report.stopReason == "interrupted" { summary += ", stopped by the time budget" }
      if property.killed > 0 {
        summary += ", \(property.killed) case(s) killed from outside (not failures)"
      }
      for (limit, count) in property.limitations {
        summary += "; " + Statistics.limitationLine(limit, cases: count, of: property.cases)
      }
      let failures = report.failures.filter { $0.property == name }
      let replayLines = failures.map { ReportText.replayCommand($0, in: report) }
      var problems = zip(failures, replayLines).map(Self.describe)
      if failures.isEmpty, property.failures > 0 {
        problems.append(
          "\(name): \(property.failures) failing case(s) but no failure record (the run "
            + "stopped before one was written)")
      }
      for coverage in property.coverageShortfalls {
        problems.append(
          "\(name) coverage: '\(coverage.name)' in \(Self.percent(coverage.share)) of cases, "
            + "required \(Self.percent(coverage.minimum ?? 0))")
      }
      if let problem = configuration.healthProblem(
        cases: property.cases, discards: property.discards)
      {
        problems.append("\(name) health check failed: \(problem)")
      }
      self.init(
        name: name, summary: summary, problems: problems, failures: failures,
        replayLines: replayLines)
    }

    /// A failure as a test failure message: kind (with its rule and
    /// severity, `FailureRecord.shortHeading`) and message, seed, case
    /// and token, the replay line, the shrunk case as Swift code, the diff.
    private static func describe(_ failure: FailureRecord, replay: String) -> String {
      var lines = [
        "\(failure.property) \(failure.shortHeading): \(failure.message)",
        "seed \(failure.seed), case \(failure.caseIndex), token \(failure.token)"
          + (failure.shrunk ? ", shrunk in \(failure.shrinkSteps) step(s)" : ", not fully shrunk"),
        "replay: \(replay)",
      ]
      if !failure.swiftCode.isEmpty { lines += ["", "Swift test:", failure.swiftCode] }
      if !failure.diff.isEmpty { lines += ["", "State (- expected, + actual):", failure.diff] }
      return lines.joined(separator: "\n")
    }

    private static func rounded(_ seconds: Double) -> String {
      String(Double((seconds * 10).rounded()) / 10)
    }

    private static func percent(_ share: Double) -> String {
      "\(Double((share * 1000).rounded()) / 10)%"
    }
  }
}
