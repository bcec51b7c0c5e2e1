import Foundation
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
/// #expect(result.hasNoFailure, "\(result)")   // the short summary
/// for problem in result.problems { Issue.record(Comment(rawValue: problem)) }
/// ```
///
/// The check runs in this process and is not trap-safe: a trap in the
/// implementation ends the whole test process (no token, no shrunk case,
/// the other tests lost). `ContainedCheck` (in `SnapshotFuzzCommand`)
/// runs the same properties in child processes of a fuzz executable,
/// where a trap fails only its property.
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
  /// The `DIFFABLE_*` variables of `environment` override the arguments,
  /// as a failure's message suggests: `DIFFABLE_SEED`, `DIFFABLE_CASES`,
  /// `DIFFABLE_BUDGET_SECONDS`, `DIFFABLE_SHRINK_SECONDS`, `DIFFABLE_SHARD`,
  /// `DIFFABLE_CORPUS`, and `DIFFABLE_REPLAY`, which runs only its token's
  /// property and only that case. A bad value (or a token of a property
  /// this call does not run) is the result's `configurationProblem`;
  /// nothing runs then.
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
  ///   - environment: where the `DIFFABLE_*` variables are read (default:
  ///     this process's environment).
  ///   - maxFailureKinds: the most distinct failure kinds reported per
  ///     property, each shrunk keeping its kind (traps and violations
  ///     UIKit raises on first).
  /// - Returns: every run property's report and the verdict.
  public static func check<S, SS, D, DS>(
    _ implementation: Implementation<S, SS, D, DS>,
    families: [Catalog.Family] = Catalog.Family.allCases, includeContracts: Bool = false,
    seed: UInt64 = RunConfiguration().seed, cases: Int = 200, budgetSeconds: Double? = nil,
    corpusDirectory: String? = nil, stopAtFirstFailure: Bool = false,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    maxFailureKinds: Int = RunConfiguration.defaultMaxFailureKinds
  ) -> ConformanceResult {
    var base = RunConfiguration(
      seed: seed, cases: cases, timeBudgetSeconds: budgetSeconds,
      corpusDirectory: corpusDirectory)
    base.maxFailureKinds = maxFailureKinds
    let configuration: RunConfiguration
    do throws(ConfigurationError) {
      configuration = try RunConfiguration.fromEnvironment(environment, base: base)
    } catch {
      return ConformanceResult(
        implementation: implementation.name, reports: [], configurationProblem: error.description)
    }
    let runner = Runner(configuration: configuration)
    var reports: [RunReport] = []
    let set = Catalog.propertySet(
      for: implementation, families: families, includeContracts: includeContracts)
    var selected = set.properties.filter { !$0.expectsTrap }
    if let token = configuration.replay {
      selected = selected.filter { $0.name == token.property && $0.catalog == token.catalog }
      guard !selected.isEmpty else {
        return ConformanceResult(
          implementation: implementation.name, reports: [],
          configurationProblem: "\(RunConfiguration.Variable.replay.rawValue) names "
            + "\(token.property) of catalog \(token.catalog), which this check does not run "
            + "(another implementation's catalog, another family, a contract property without "
            + "includeContracts, or one that expects a trap)")
      }
    }
    for property in selected {
      let report = runner.run(property)
      reports.append(report)
      if stopAtFirstFailure && report.counterexample != nil { break }
    }
    return ConformanceResult(
      implementation: implementation.name, reports: reports,
      tags: Dictionary(uniqueKeysWithValues: selected.map { ($0.name, $0.tag) }),
      skipped: set.skipped)
  }
}
