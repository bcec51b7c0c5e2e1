import Foundation
import Generators

/// Runs properties: generates cases from per-case seeds and checks them;
/// each failure of a new kind (`FailureKind`: its culprit and severity) is
/// written to the corpus at once, and the run goes on to find other kinds
/// (a case may fail in several). At the end the first case of each kind
/// (up to `maxFailureKinds`, the most severe first) is shrunk keeping its
/// kind and reported as its own counterexample.
///
/// Deterministic: case `i` depends only on (run seed, global index `i`,
/// size of `i`), never on earlier cases, hashing order or the clock (except
/// that a time budget may stop a run or a shrink early).
public struct Runner: Sendable {
  /// The seed, budgets, shard, corpus and replay settings.
  public var configuration: RunConfiguration

  /// Creates a runner.
  public init(configuration: RunConfiguration = RunConfiguration()) {
    self.configuration = configuration
  }

  /// Runs a property.
  public func run<Case>(_ property: Property<Case>) -> RunReport {
    run(property.eraseToAnyProperty())
  }

  /// Runs a type-erased property.
  public func run(_ property: AnyProperty) -> RunReport {
    let clock = ContinuousClock()
    let started = clock.now
    var report = RunReport(
      property: property.name, seed: configuration.seed,
      shard: configuration.shard?.description, casesRun: 0, seconds: 0,
      statistics: Statistics(), unmetCoverage: [], healthCheck: nil, skipped: nil)
    if property.expectsTrap {
      report.skipped = "expects a trap: runs only in a child process (snapshot-fuzz)"
      return report
    }
    if let token = configuration.replay {
      guard token.property == property.name, token.catalog == property.catalog else {
        report.skipped = "replaying \(token.property)"
        return report
      }
      let run = property.run(choices: token.choices)
      record(run, into: &report.statistics)
      report.casesRun = 1
      report.counterexamples = run.verdict.failureKinds.map {
        counterexample(property, run, kind: $0, caseIndex: nil)
      }
      report.seconds = seconds(since: started, clock)
      return report
    }
    var ordinal = 0
    var failures = DistinctFailures<CaseRun>(limit: configuration.maxFailureKinds)
    let corpus = configuration.corpusDirectory.map { Corpus(directory: URL(fileURLWithPath: $0)) }
    while report.statistics.cases < configuration.cases {
      if let budget = configuration.timeBudgetSeconds, seconds(since: started, clock) > budget {
        break
      }
      let caseIndex = configuration.globalIndex(ordinal)
      let run = runCase(property, ordinal: ordinal)
      ordinal += 1
      record(run, into: &report.statistics)
      if run.verdict.isFailure {
        // Written at once, before any shrink, so a crash loses nothing.
        var kept = false
        for kind in run.verdict.failureKinds {
          kept = failures.offer(kind, caseIndex: caseIndex, value: run) || kept
        }
        if kept { _ = try? corpus?.write(property.corpusEntry(for: run, seed: configuration.seed)) }
        if configuration.maxFailureKinds <= 1 { break }
        continue
      }
      if let problem = healthProblem(report.statistics) {
        report.healthCheck = problem
        break
      }
    }
    report.counterexamples = failures.kept.map {
      counterexample(property, $0.value, kind: $0.kind, caseIndex: $0.caseIndex)
    }
    report.casesRun = report.statistics.cases
    if report.counterexamples.isEmpty, report.healthCheck == nil {
      report.unmetCoverage = report.statistics.unmet(property.coverage)
      report.undecidedCoverage = report.statistics.undecided(property.coverage)
    }
    report.seconds = seconds(since: started, clock)
    return report
  }

  /// Runs the run's `ordinal`-th case (of its shard): seeded by
  /// `SplitMix64.caseSeed(runSeed:caseIndex:)` of its global index, with
  /// the ramped size. A pure function of (configuration, ordinal), so a
  /// fuzz command can run cases in any order or in parallel.
  public func runCase(_ property: AnyProperty, ordinal: Int) -> CaseRun {
    property.run(
      seed: caseSeed(ordinal: ordinal), size: configuration.size(ofCase: ordinal),
      caseIndex: ordinal)
  }

  /// The choices of the `ordinal`-th case, generated but not checked (to
  /// record an in-flight case before running it).
  public func caseChoices(_ property: AnyProperty, ordinal: Int) -> [UInt64] {
    property.generate(
      seed: caseSeed(ordinal: ordinal), size: configuration.size(ofCase: ordinal),
      caseIndex: ordinal
    ).choices
  }

  /// The seed of the `ordinal`-th case.
  public func caseSeed(ordinal: Int) -> UInt64 {
    SplitMix64.caseSeed(runSeed: configuration.seed, caseIndex: configuration.globalIndex(ordinal))
  }

  /// Handles a failing case: writes it to the corpus at once (before
  /// shrinking, so a crash while shrinking loses nothing), shrinks it
  /// keeping its failure kind, replaces the entry with the shrunk one and
  /// builds the counterexample. Entries are named by their choices, and
  /// cases of two kinds never share choices, so the kinds of one property
  /// never overwrite each other's entries.
  public func counterexample(
    _ property: AnyProperty, _ run: CaseRun, kind: FailureKind? = nil, caseIndex: Int?
  ) -> Counterexample {
    let corpus = configuration.corpusDirectory.map { Corpus(directory: URL(fileURLWithPath: $0)) }
    let original = property.corpusEntry(for: run, seed: configuration.seed)
    _ = try? corpus?.write(original)
    let (shrunk, result) = property.shrink(
      run, keeping: kind, budget: configuration.shrinkBudget)
    let entry = property.corpusEntry(for: shrunk, seed: configuration.seed)
    var file: String?
    if let corpus, let written = try? corpus.write(entry) {
      file = written.path
      if original.fileName != entry.fileName { corpus.remove(original) }
    }
    return property.counterexample(
      for: shrunk, kind: kind, seed: configuration.seed, caseIndex: caseIndex, shrink: result,
      corpusFile: file)
  }

  private func record(_ run: CaseRun, into statistics: inout Statistics) {
    if case .discard = run.verdict {
      statistics.discards += 1
    } else {
      let description = run.describe()
      statistics.record(
        labels: description.labels,
        observations: description.observations + Statistics.observations(of: run.verdict.limits))
    }
  }

  private func healthProblem(_ statistics: Statistics) -> String? {
    configuration.healthProblem(cases: statistics.cases, discards: statistics.discards)
  }

  private func seconds(since start: ContinuousClock.Instant, _ clock: ContinuousClock) -> Double {
    let parts = (clock.now - start).components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
  }
}
