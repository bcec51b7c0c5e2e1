import Generators

/// What `Conformance.check` found: a report per property run and the
/// overall verdict.
///
/// `description` is `summary`: a few lines, verdict first, one per cause
/// (failures of several properties that shrank to one case are one
/// cause), so `"\(result)"` in a test message reads at a glance. The full
/// reports are in `details` and, one per failure, in `problems`.
public struct ConformanceResult: Hashable, Sendable, CustomStringConvertible {
  /// The overall verdict.
  public enum Verdict: Hashable, Sendable {
    /// Every property passed, with its coverage met.
    case passed
    /// A property failed: the first shrunk counterexample, in catalog order
    /// (token, Swift code, `-`/`+` diff); `counterexamples` holds them all,
    /// one per distinct failure kind of each property.
    case counterexample(Counterexample)
    /// No property failed, but these did not meet their coverage or health
    /// requirements.
    case insufficientCoverage([String])
    /// Nothing ran: a `DIFFABLE_*` variable is bad (the message says which).
    case notChecked(String)
  }

  /// The implementation's name.
  public var implementation: String
  /// The reports, in catalog order.
  public var reports: [RunReport]
  /// The tag of every property run, by name.
  public var tags: [String: PropertyTag]
  /// Why nothing ran: a bad `DIFFABLE_*` variable; `nil` normally.
  public var configurationProblem: String?
  /// The properties not run because they check a part the implementation
  /// does not have (`Implementation.parts`), in catalog order.
  public var skippedProperties: [String]

  /// Creates a result.
  public init(
    implementation: String, reports: [RunReport], tags: [String: PropertyTag] = [:],
    configurationProblem: String? = nil, skippedProperties: [String] = []
  ) {
    self.implementation = implementation
    self.reports = reports
    self.tags = tags
    self.configurationProblem = configurationProblem
    self.skippedProperties = skippedProperties
  }

  /// Every failing property's shrunk counterexamples, in catalog order,
  /// each property's distinct failures most severe first.
  public var counterexamples: [Counterexample] { reports.flatMap(\.counterexamples) }

  /// The names of the failing properties, in catalog order.
  public var failedProperties: [String] {
    reports.filter { !$0.counterexamples.isEmpty }.map(\.property)
  }

  /// The overall verdict.
  public var verdict: Verdict {
    if let configurationProblem { return .notChecked(configurationProblem) }
    if let failure = counterexamples.first { return .counterexample(failure) }
    let unmet = reports.filter { !$0.passed }.map(\.property)
    return unmet.isEmpty ? .passed : .insufficientCoverage(unmet)
  }

  /// Whether every property passed.
  public var passed: Bool { verdict == .passed }

  /// Whether no property failed (coverage aside) and the check ran.
  public var hasNoFailure: Bool { counterexamples.isEmpty && configurationProblem == nil }

  /// A short summary, verdict first: "mine: conforms (31 properties)", or
  /// "mine: does NOT conform: 3 of 31 properties failed (2 causes)" (with
  /// ", 5 distinct failures" when a property failed in several ways) then one
  /// line per cause (its properties and message) with its replay hint, and
  /// the properties short of coverage. Details: `details`, `problems`.
  public var summary: String {
    if let configurationProblem {
      return "\(implementation): not checked: \(configurationProblem)"
    }
    let run = reports.filter { $0.skipped == nil }
    let skipped =
      skippedProperties.isEmpty
      ? ""
      : "\nskipped (a part or capability the implementation lacks): "
        + skippedProperties.joined(separator: ", ")
    guard !passed else { return "\(implementation): conforms (\(run.count) properties)" + skipped }
    let failures = counterexamples
    let causes = SharedCause.groups(failures) { $0.choices }
    let unmet = reports.filter { $0.counterexample == nil && !$0.passed }.map(\.property)
    // A property may fail in several distinct ways: properties and
    // failures are counted apart.
    let failed = run.filter { !$0.counterexamples.isEmpty }.count
    let kinds =
      failures.count == failed ? "" : ", \(failures.count) distinct failures"
    var lines = [
      "\(implementation): does NOT conform: \(failed) of \(run.count) properties failed"
        + (failures.isEmpty
          ? "" : " (\(causes.count) cause\(causes.count == 1 ? "" : "s")\(kinds))")
        + (unmet.isEmpty ? "" : ", \(unmet.count) short of coverage or health")
    ]
    for cause in causes {
      let names = cause.map(\.property)
      let message =
        cause[0].message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
      lines.append("- \(names.joined(separator: ", ")): \(message.prefix(200))")
      if let note = SharedCause.note(names) { lines.append("  \(note)") }
      lines.append("  replay: DIFFABLE_REPLAY='\(cause[0].token)'")
    }
    if !unmet.isEmpty { lines.append("- coverage or health: \(unmet.joined(separator: ", "))") }
    lines.append("(details: result.details; one message per failure: result.problems)")
    return lines.joined(separator: "\n") + skipped
  }

  /// The full reports: one line per property (with its tag), each
  /// failure's report (case, diff, Swift test) under its property.
  public var details: String {
    if let configurationProblem { return "\(implementation): not checked: \(configurationProblem)" }
    let lines = reports.map { report in
      "[\(tags[report.property]?.rawValue ?? "required")] " + report.summary
    }
    let skipped =
      skippedProperties.isEmpty
      ? []
      : [
        "skipped (a part or capability the implementation lacks): "
          + skippedProperties.joined(separator: ", ")
      ]
    return (["\(implementation): \(passed ? "conforms" : "does NOT conform")"] + lines + skipped)
      .joined(separator: "\n")
  }

  /// One complete message per problem, to record as test failures: each
  /// failure's report (token, replay hint, case, diff, Swift test), each
  /// property short of coverage or health, a bad `DIFFABLE_*` variable.
  public var problems: [String] {
    if let configurationProblem {
      return ["\(implementation): not checked: \(configurationProblem)"]
    }
    return reports.filter { !$0.passed }.map(\.summary)
  }

  /// `summary`.
  public var description: String { summary }
}
