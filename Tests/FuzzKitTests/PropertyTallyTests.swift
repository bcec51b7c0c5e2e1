import FuzzKit
import Testing
import Verification

@Suite struct PropertyTallyTests {
  @Test func countsCasesDiscardsFailuresAndSortsEverything() {
    var tally = PropertyTally(
      name: "p",
      requirements: [.init(label: "rare", minimumShare: 0.2), .init(label: "b", minimumShare: 0.1)])
    let stats = CaseStatistics(
      labels: ["b", "a", "b"],
      samples: [.init("size", "10"), .init("size", "2"), .init("kind", "move")])
    tally.record(.pass, statistics: stats, seconds: 0.5)
    tally.record(CaseOutcome(status: .discard, message: "x"), statistics: stats, seconds: 0.25)
    tally.record(CaseOutcome(status: .fail, message: "y"), statistics: nil, seconds: 0.25)
    tally.recordCrash()
    let report = tally.report
    #expect(report.cases == 3)
    #expect(report.discards == 1)
    #expect(report.failures == 2)
    #expect(report.seconds == 1)
    #expect(report.coverage.map(\.name) == ["a", "b", "rare"])
    #expect(report.coverage.map(\.count) == [1, 1, 0])
    #expect(report.coverage.map(\.minimum) == [nil, 0.1, 0.2])
    #expect(report.histograms.map(\.name) == ["kind", "size"])
    #expect(report.histograms[1].buckets.map(\.label) == ["2", "10"])
  }

  @Test func killedCasesAreCountedApartAndTheirTimeKept() {
    var tally = PropertyTally(name: "p", tag: "contract")
    tally.record(.pass, statistics: nil, seconds: 1)
    tally.recordKilled(seconds: 2)
    tally.recordCrash(seconds: 3)
    let report = tally.report
    #expect(report.killed == 1)
    #expect(report.cases == 2)
    #expect(report.failures == 1)
    #expect(report.seconds == 6)
    #expect(report.tag == "contract")
    #expect(report.passed == false)
  }
}
