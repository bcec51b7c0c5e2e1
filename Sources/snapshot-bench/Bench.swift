/// The benchmark run: which cases, how many repetitions, and the results.
struct Bench {
  var quick: Bool
  var results: [CaseResult] = []

  /// Repetitions of an engine measurement.
  var engineRuns: Int { quick ? 5 : 15 }
  /// Repetitions of a stdlib measurement.
  var slowRuns: Int { quick ? 1 : 3 }
  /// Repetitions of a reference-model measurement (seconds each at 10k).
  var referenceRuns: Int { 1 }

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
    runSnapshotOperations()
    runSectionSnapshotOperations()
  }
}
