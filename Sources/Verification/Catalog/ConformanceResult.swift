import Generators

/// What `Conformance.check` found: a report per property run and the
/// overall verdict.
public struct ConformanceResult: Hashable, Sendable {
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
  }

  /// The implementation's name.
  public var implementation: String
  /// The reports, in catalog order.
  public var reports: [RunReport]
  /// The tag of every property run, by name.
  public var tags: [String: PropertyTag]

  /// Creates a result.
  public init(implementation: String, reports: [RunReport], tags: [String: PropertyTag] = [:]) {
    self.implementation = implementation
    self.reports = reports
    self.tags = tags
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
    if let failure = counterexamples.first { return .counterexample(failure) }
    let unmet = reports.filter { !$0.passed }.map(\.property)
    return unmet.isEmpty ? .passed : .insufficientCoverage(unmet)
  }

  /// Whether every property passed.
  public var passed: Bool { verdict == .passed }

  /// Whether no property failed (coverage aside).
  public var hasNoFailure: Bool { counterexamples.isEmpty }

  /// A readable summary: one line per property (with its tag), then every
  /// failure's report.
  public var summary: String {
    let lines = reports.map { report in
      "[\(tags[report.property]?.rawValue ?? "required")] " + report.summary
    }
    return (["\(implementation): \(passed ? "conforms" : "does NOT conform")"] + lines)
      .joined(separator: "\n")
  }
}
