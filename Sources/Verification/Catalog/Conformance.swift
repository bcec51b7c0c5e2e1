import Generators
import SnapshotCore

/// Checks any implementation of the SnapshotCore protocols against the
/// reference model with the whole catalog (or chosen families), in one call.
///
/// ```swift
/// let mine = Implementation(
///   name: "mine", snapshot: MySnapshot<Int, Int>.self,
///   sectionSnapshot: MySectionSnapshot<Int>.self) { MyDiffer() }
/// let result = Conformance.check(mine, families: [.full, .diff], seed: 42, cases: 500)
/// if case .counterexample(let failure) = result.verdict { print(failure.report) }
/// ```
public enum Conformance {
  /// Runs the properties of `families` on `implementation`, each for
  /// `cases` cases (or until `budgetSeconds` per property runs out), from
  /// `seed`; stops at the first failing property, which is shrunk.
  ///
  /// - Parameters:
  ///   - implementation: the types and differ to check.
  ///   - families: the families to run (default: all).
  ///   - seed: the run seed; equal seeds give equal runs.
  ///   - cases: the cases per property.
  ///   - budgetSeconds: an optional wall-clock budget per property.
  ///   - corpusDirectory: where a failure is written as a corpus entry.
  /// - Returns: every property's report and the verdict.
  public static func check<S, SS, D, DS>(
    _ implementation: Implementation<S, SS, D, DS>,
    families: [Catalog.Family] = Catalog.Family.allCases,
    seed: UInt64 = RunConfiguration().seed, cases: Int = 200, budgetSeconds: Double? = nil,
    corpusDirectory: String? = nil
  ) -> ConformanceResult {
    let configuration = RunConfiguration(
      seed: seed, cases: cases, timeBudgetSeconds: budgetSeconds,
      corpusDirectory: corpusDirectory)
    let runner = Runner(configuration: configuration)
    var reports: [RunReport] = []
    for property in Catalog.properties(for: implementation, families: families) {
      let report = runner.run(property)
      reports.append(report)
      if report.counterexample != nil { break }
    }
    return ConformanceResult(implementation: implementation.name, reports: reports)
  }
}
