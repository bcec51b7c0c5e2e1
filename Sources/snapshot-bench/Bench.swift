/// The benchmark run: which cases, how many repetitions, and the results.
struct Bench {
  var quick: Bool
  var results: [CaseResult] = []

  /// Repetitions of an engine measurement.
  var engineRuns: Int { quick ? 5 : 15 }
  /// Repetitions of a reference or stdlib measurement (they are slow).
  var slowRuns: Int { quick ? 1 : 3 }

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
