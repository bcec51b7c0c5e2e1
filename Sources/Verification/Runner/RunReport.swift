/// The outcome of running one property.
public struct RunReport: Hashable, Sendable, Codable {
  /// The property's stable name.
  public var property: String
  /// The run seed.
  public var seed: UInt64
  /// The shard run, if any (`I/N`).
  public var shard: String?
  /// Cases checked (discards excluded).
  public var casesRun: Int
  /// Wall-clock seconds spent, shrinking included.
  public var seconds: Double
  /// Labels, histograms and discards.
  public var statistics: Statistics
  /// Coverage requirements the run fell short of beyond chance (judged
  /// only when it finished without a failure; see
  /// `CoverageRequirement.verdict`).
  public var unmetCoverage: [CoverageRequirement]
  /// Coverage requirements below their minimum share in a run too short to
  /// tell: reported, never failed.
  public var undecidedCoverage: [CoverageRequirement] = []
  /// A failed health check (too many discards), if any.
  public var healthCheck: String?
  /// The shrunk failures, one per distinct failure kind (at most
  /// `RunConfiguration.maxFailureKinds`), most severe first, then by the
  /// index of the first case of the kind.
  public var counterexamples: [Counterexample] = []
  /// The first of `counterexamples` (setting it replaces them all).
  public var counterexample: Counterexample? {
    get { counterexamples.first }
    set { counterexamples = newValue.map { [$0] } ?? [] }
  }
  /// Why the property did not run (e.g. a replay of another property).
  public var skipped: String?

  /// Whether the run found no failure, met its coverage and passed its
  /// health check.
  public var passed: Bool {
    counterexamples.isEmpty && unmetCoverage.isEmpty && healthCheck == nil
  }

  /// A multi-line summary: the verdict, then any failure's full report.
  public var summary: String {
    if let skipped { return "\(property): skipped (\(skipped))" }
    var lines = [
      "\(property): \(passed ? "passed" : "FAILED") — \(casesRun) cases, "
        + "\(statistics.discards) discards, \(format3(seconds))s, seed \(seed)"
        + (shard.map { ", shard \($0)" } ?? "")
    ]
    if statistics.histograms[Statistics.skippedCallsHistogram] != nil {
      lines.append(
        "skipped calls (Apple rejects them; not handed to the implementation): \(statistics.skippedCalls)"
      )
    }
    if statistics.histograms[Statistics.skippedChecksHistogram] != nil {
      lines.append(
        "skipped checks (the implementation lacks the capability): \(statistics.skippedChecks)")
    }
    for (limit, count) in statistics.limitations {
      lines.append(Statistics.limitationLine(limit, cases: count, of: casesRun))
    }
    if let healthCheck { lines.append("health check failed: \(healthCheck)") }
    for requirement in unmetCoverage {
      let share = statistics.share(of: requirement.label)
      lines.append(
        "coverage: '\(requirement.label)' in \(format3(share * 100))% of cases, "
          + "required \(format3(requirement.minimumShare * 100))%")
    }
    for requirement in undecidedCoverage {
      let share = statistics.share(of: requirement.label)
      lines.append(
        "coverage not judged: '\(requirement.label)' in \(format3(share * 100))% of "
          + "\(casesRun) cases, minimum \(format3(requirement.minimumShare * 100))%: too few "
          + "cases to tell a shortfall from chance")
    }
    if counterexamples.count > 1 {
      lines.append(
        "\(counterexamples.count) distinct failures: "
          + counterexamples.map { $0.kind?.description ?? "failure" }.joined(separator: "; "))
    }
    for (number, counterexample) in counterexamples.enumerated() {
      if counterexamples.count > 1 {
        lines.append("failure \(number + 1) of \(counterexamples.count):")
      }
      lines.append(counterexample.report)
    }
    return lines.joined(separator: "\n")
  }
}
