import Generators
import SnapshotCore

/// Checks any implementation of the SnapshotCore protocols against the
/// reference model with the whole catalog (or chosen families), in one call.
///
/// ```swift
/// let mine = Implementation(
///   name: "mine", snapshot: MySnapshot<Int, Int>.self,
///   sectionSnapshot: MySectionSnapshot<Int>.self, misuse: .traps) { MyDiffer() }
/// let result = Conformance.check(mine, families: [.full, .diff], seed: 42, cases: 500)
/// for failure in result.counterexamples { print(failure.report) }
/// ```
public enum Conformance {
  /// Runs the selected properties of `families` on `implementation`, each
  /// for `cases` cases (or until `budgetSeconds` per property runs out),
  /// from `seed`. Every selected property runs to its budget and every
  /// failure is shrunk, unless `stopAtFirstFailure`.
  ///
  /// Properties that expect a trap (`.traps` implementations) never run
  /// here: a trap would end the process. The fuzz command runs them in child
  /// processes.
  ///
  /// - Parameters:
  ///   - implementation: the types and differ to check.
  ///   - families: the families to run (default: all).
  ///   - includeContracts: also run this engine's contract properties
  ///     (minimal moves, exact refresh, one structural batch); by default
  ///     only Apple-required ones run.
  ///   - seed: the run seed; equal seeds give equal runs.
  ///   - cases: the cases per property.
  ///   - budgetSeconds: an optional wall-clock budget per property.
  ///   - corpusDirectory: where failures are written as corpus entries.
  ///   - stopAtFirstFailure: stop after the first failing property.
  ///   - maxFailureKinds: the most distinct failure kinds reported per
  ///     property, each shrunk keeping its kind (traps and violations
  ///     UIKit raises on first).
  /// - Returns: every run property's report and the verdict.
  public static func check<S, SS, D, DS>(
    _ implementation: Implementation<S, SS, D, DS>,
    families: [Catalog.Family] = Catalog.Family.allCases, includeContracts: Bool = false,
    seed: UInt64 = RunConfiguration().seed, cases: Int = 200, budgetSeconds: Double? = nil,
    corpusDirectory: String? = nil, stopAtFirstFailure: Bool = false,
    maxFailureKinds: Int = RunConfiguration.defaultMaxFailureKinds
  ) -> ConformanceResult {
    var configuration = RunConfiguration(
      seed: seed, cases: cases, timeBudgetSeconds: budgetSeconds,
      corpusDirectory: corpusDirectory)
    configuration.maxFailureKinds = maxFailureKinds
    let runner = Runner(configuration: configuration)
    var reports: [RunReport] = []
    let selected = Catalog.properties(for: implementation, families: families).filter {
      !$0.expectsTrap && (includeContracts || $0.tag == .required)
    }
    for property in selected {
      let report = runner.run(property)
      reports.append(report)
      if stopAtFirstFailure && report.counterexample != nil { break }
    }
    return ConformanceResult(
      implementation: implementation.name, reports: reports,
      tags: Dictionary(uniqueKeysWithValues: selected.map { ($0.name, $0.tag) }))
  }
}
