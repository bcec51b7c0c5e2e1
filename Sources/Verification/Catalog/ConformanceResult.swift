import Generators

/// What `Conformance.check` found: a report per property run and the
/// overall verdict.
public struct ConformanceResult: Hashable, Sendable {
  /// The overall verdict.
  public enum Verdict: Hashable, Sendable {
    /// Every property passed, with its coverage met.
    case passed
    /// A property failed: its shrunk counterexample (token, Swift code,
    /// `-`/`+` diff).
    case counterexample(Counterexample)
    /// No property failed, but these did not meet their coverage or health
    /// requirements.
    case insufficientCoverage([String])
  }

  /// The implementation's name.
  public var implementation: String
  /// The reports, in catalog order (up to and including a failing one).
  public var reports: [RunReport]

  /// The overall verdict.
  public var verdict: Verdict {
    if let failure = reports.lazy.compactMap(\.counterexample).first {
      return .counterexample(failure)
    }
    let unmet = reports.filter { !$0.passed }.map(\.property)
    return unmet.isEmpty ? .passed : .insufficientCoverage(unmet)
  }

  /// Whether every property passed.
  public var passed: Bool { verdict == .passed }

  /// A readable summary: one line per property, then any failure's report.
  public var summary: String {
    (["\(implementation): \(passed ? "conforms" : "does NOT conform")"]
      + reports.map(\.summary)).joined(separator: "\n")
  }
}
