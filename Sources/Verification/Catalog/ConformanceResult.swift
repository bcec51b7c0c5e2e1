import Generators

/// What `Conformance.check` found: a report per property run and the
/// overall verdict, counted and listed by cause.
///
/// `description` is `summary`: a few lines, verdict first, one per cause
/// (the failures of any properties that share a culprit), so `"\(result)"`
/// in a test message reads at a glance. The full reports are in `details`
/// and, one per cause, in `problems`.
public struct ConformanceResult: Hashable, Sendable, CustomStringConvertible {
  /// The overall verdict.
  public enum Verdict: Hashable, Sendable {
    /// Every property passed, with its coverage met.
    case passed
    /// A property failed: the most severe cause's smallest shrunk
    /// counterexample (token, Swift code, `-`/`+` diff); `counterexamples`
    /// holds them all.
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
  /// The properties not run, with what the implementation lacks for each,
  /// in catalog order.
  public var skipped: [SkippedProperty]

  /// Creates a result.
  public init(
    implementation: String, reports: [RunReport], tags: [String: PropertyTag] = [:],
    configurationProblem: String? = nil, skipped: [SkippedProperty] = []
  ) {
    self.implementation = implementation
    self.reports = reports
    self.tags = tags
    self.configurationProblem = configurationProblem
    self.skipped = skipped
  }

  /// The names of the skipped properties, in catalog order.
  public var skippedProperties: [String] { skipped.map(\.name) }

  /// Every failing property's shrunk counterexamples, in catalog order,
  /// each property's distinct failures most severe first.
  public var counterexamples: [Counterexample] { reports.flatMap(\.counterexamples) }

  /// The failures grouped by culprit, the most severe cause first.
  public var causes: [Cause<Counterexample>] {
    Cause.group(counterexamples, kind: \.kind, size: \.choices.count)
  }

  /// The names of the failing properties, in catalog order.
  public var failedProperties: [String] {
    reports.filter { !$0.counterexamples.isEmpty }.map(\.property)
  }

  /// The declared limits of the differ that cases needed to pass, one per
  /// limit: listed, never failures.
  public var limitations: [LimitationCount] {
    LimitationCount.tally(
      reports.map { ($0.property, $0.casesRun, $0.statistics.limitations) })
  }

  /// The overall verdict.
  public var verdict: Verdict {
    if let configurationProblem { return .notChecked(configurationProblem) }
    if let cause = causes.first { return .counterexample(cause.smallest) }
    let unmet = reports.filter { !$0.passed }.map(\.property)
    return unmet.isEmpty ? .passed : .insufficientCoverage(unmet)
  }

  /// Whether every property passed.
  public var passed: Bool { verdict == .passed }

  /// Whether no property failed (coverage aside) and the check ran.
  public var hasNoFailure: Bool { counterexamples.isEmpty && configurationProblem == nil }

  /// A short summary, verdict first: "mine: conforms (31 properties)", or
  /// "mine: does NOT conform: 2 causes (5 failures) in 3 of 31 properties"
  /// then one line per cause (its culprit, severity, properties and
  /// message) with its smallest case's replay line, and the properties
  /// short of coverage. Details: `details`, `problems`.
  public var summary: String {
    if let configurationProblem {
      return "\(implementation): not checked: \(configurationProblem)"
    }
    let run = reports.filter { $0.skipped == nil }
    let skippedLine =
      (skipped.isEmpty
        ? ""
        : "\nskipped \(skipped.count) properties: " + skipped.grouped.joined(separator: "; "))
      + limitations.map { "\n\($0)" }.joined()
    guard !passed else {
      return "\(implementation): conforms (\(run.count) properties)" + skippedLine
    }
    let unmet = reports.filter { $0.counterexamples.isEmpty && !$0.passed }.map(\.property)
    let failed = run.filter { !$0.counterexamples.isEmpty }.count
    let causes = causes
    var lines: [String] = []
    if causes.isEmpty {
      lines.append("\(implementation): does NOT conform: no failure, but")
    } else {
      lines.append(
        "\(implementation): does NOT conform: "
          + Cause<Counterexample>.count(causes: causes.count, failures: counterexamples.count)
          + " in \(failed) of \(run.count) properties")
    }
    for cause in causes {
      let properties = Self.unique(cause.failures.map(\.property))
      let message = cause.smallest.message.split(separator: "\n").first.map(String.init) ?? ""
      lines.append("- \(cause): \(message.prefix(200))")
      lines.append("  in \(properties.joined(separator: ", "))")
      lines.append("  replay: DIFFABLE_REPLAY='\(cause.smallest.token)'")
    }
    if !unmet.isEmpty { lines.append("- coverage or health: \(unmet.joined(separator: ", "))") }
    lines.append("(details: result.details; one message per cause: result.problems)")
    return lines.joined(separator: "\n") + skippedLine
  }

  /// The full reports: one line per property (with its tag), each
  /// failure's report (case, diff, Swift test) under its property.
  public var details: String {
    if let configurationProblem { return "\(implementation): not checked: \(configurationProblem)" }
    let lines = reports.map { report in
      "[\(tags[report.property]?.rawValue ?? "required")] " + report.summary
    }
    let skippedLines =
      skipped.isEmpty ? [] : ["skipped: " + skipped.map(\.description).joined(separator: "; ")]
    return
      (["\(implementation): \(passed ? "conforms" : "does NOT conform")"] + lines + skippedLines)
      .joined(separator: "\n")
  }

  /// One complete message per problem, to record as test failures: per
  /// cause, its smallest counterexample's report (token, replay hint,
  /// case, diff, Swift test) with the properties it showed in; each
  /// property short of coverage or health; a bad `DIFFABLE_*` variable.
  public var problems: [String] {
    if let configurationProblem {
      return ["\(implementation): not checked: \(configurationProblem)"]
    }
    let byCause = causes.map { cause in
      let properties = Self.unique(cause.failures.map(\.property))
      return "\(implementation): \(cause), in \(properties.joined(separator: ", "))\n"
        + cause.smallest.report
    }
    let unmet = reports.filter { $0.counterexamples.isEmpty && !$0.passed }.map(\.summary)
    return byCause + unmet
  }

  /// `description` is `summary`.
  public var description: String { summary }

  /// `names` without repeats, in order.
  static func unique(_ names: [String]) -> [String] {
    var seen = Set<String>()
    return names.filter { seen.insert($0).inserted }
  }
}
