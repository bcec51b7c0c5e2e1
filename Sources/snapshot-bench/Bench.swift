/// The benchmark run: which cases, how many repetitions, and the results.
struct Bench {
  var quick: Bool
  /// Only the cases whose name contains this text run.
  var only: String? = nil
  var results: [CaseResult] = []
  /// The shrinking-challenge rows (`--shrink-challenge`).
  var shrinkChallenge: [ShrinkChallenge.Row] = []

  /// Repetitions of an engine measurement.
  var engineRuns: Int { quick ? 5 : 15 }
  /// Repetitions of a stdlib measurement.
  var slowRuns: Int { quick ? 1 : 3 }
  /// Repetitions of a reference-model measurement (one: the model's diff
  /// is quadratic by design).
  var referenceRuns: Int { 1 }

  /// Whether the case called `name` runs.
  func wants(_ name: String) -> Bool {
    only.map { name.contains($0) } ?? true
  }

  /// Records and prints one result.
  mutating func record(_ result: CaseResult) {
    results.append(result)
    print(Report.line(result))
  }

  mutating func runAll() {
    print(Report.header)
    runFlatDiffs()
    runWorstCases()
    runSectionedDiff()
    runUpdates()
    runEditUpdates()
    runSnapshotOperations()
    runOneSectionEdits()
    runSectionSnapshotOperations()
    runOutlines()
    runFuzzThroughput()
  }
}
