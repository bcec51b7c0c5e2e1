import Foundation
import Testing
import Verification

@Suite struct ReportMergerTests {
  private func shard(_ index: Int, of count: Int) -> ShardSpec {
    ShardSpec(index: index, count: count)!
  }

  @Test func sumsCountsRecomputesRatesAndUnitesFailures() throws {
    let a = ReportFixtures.report(shard: shard(1, of: 2))
    var b = ReportFixtures.report(shard: shard(2, of: 2))
    b.failures = [ReportFixtures.failure("diff.roundTrip", index: 8)]
    b.durationSeconds = 12
    let merged = try ReportMerger.merge([a, b])
    #expect(merged.shard == nil)
    #expect(merged.mergedShards == [shard(1, of: 2), shard(2, of: 2)])
    #expect(merged.stopReason == "merged")
    #expect(merged.durationSeconds == 12)
    #expect(merged.jobs == 4)
    let property = try #require(merged.properties.first { $0.name == "diff.roundTrip" })
    #expect(property.cases == 200)
    #expect(property.failures == 2)
    #expect(property.discards == 2)
    #expect(property.casesPerSecond == 202.0 / 4.0)
    #expect(property.coverage.map(\.count) == [60])
    #expect(property.coverage.map(\.minimum) == [0.1])
    #expect(property.coverage.map(\.share) == [0.3])
    #expect(property.histograms.first?.buckets.map(\.label) == ["2", "10", "moveItem"])
    #expect(property.histograms.first?.buckets.map(\.count) == [2, 4, 10])
    #expect(merged.failures.map(\.caseIndex) == [7, 8])
    #expect(merged.timeline.map(\.cases) == [0, 200, 600])
  }

  @Test func identicalFailuresAreListedOnce() throws {
    let a = ReportFixtures.report(shard: shard(1, of: 2))
    let b = ReportFixtures.report(shard: shard(2, of: 2))
    #expect(try ReportMerger.merge([a, b]).failures.count == 1)
  }

  @Test func mergedReportsMergeAgain() throws {
    let ab = try ReportMerger.merge(
      [
        ReportFixtures.report(shard: shard(1, of: 3)),
        ReportFixtures.report(shard: shard(2, of: 3)),
      ],
      allowPartial: true)
    #expect(ab.partial)
    let all = try ReportMerger.merge([ab, ReportFixtures.report(shard: shard(3, of: 3))])
    #expect(all.mergedShards.count == 3)
    #expect(all.totalCases == 900)
    #expect(!all.partial)
  }

  @Test func anIncompleteShardSetIsRefusedNamingTheMissingShard() {
    let reports = [1, 2, 4].map { ReportFixtures.report(shard: shard($0, of: 4)) }
    #expect(
      throws: ReportError.incompatible(
        "incomplete shard set: missing 3/4; merge every shard or pass --allow-partial")
    ) { try ReportMerger.merge(reports) }
  }

  @Test func anIncompleteSetOfMixedCountsNamesTheUncoveredShare() {
    #expect(
      throws: ReportError.incompatible(
        "incomplete shard set: the shards leave 1/4 of the cases unchecked; "
          + "merge every shard or pass --allow-partial")
    ) {
      try ReportMerger.merge([
        ReportFixtures.report(shard: shard(1, of: 2)),
        ReportFixtures.report(shard: shard(2, of: 4)),
      ])
    }
  }

  @Test func allowPartialMergesAnIncompleteSetAndMarksItPartial() throws {
    let reports = [1, 2, 4].map { ReportFixtures.report(shard: shard($0, of: 4)) }
    let merged = try ReportMerger.merge(reports, allowPartial: true)
    #expect(merged.partial)
    #expect(merged.totalCases == 900)
    #expect(
      SummaryRenderer.render(merged).contains(
        "> **PARTIAL**: merged from an incomplete shard set (1/4, 2/4, 4/4)"))
    #expect(HTMLRenderer.render(merged).contains("<p class=\"flag\">PARTIAL: "))
    #expect(JUnitRenderer.render(merged).contains("<testsuite name=\"snapshot-fuzz [PARTIAL]\""))
    #expect(JUnitRenderer.render(merged).contains("<property name=\"partial\" value=\"true\"/>"))
    let complete = try ReportMerger.merge(reports + [ReportFixtures.report(shard: shard(3, of: 4))])
    #expect(!complete.partial)
    #expect(!SummaryRenderer.render(complete).contains("PARTIAL"))
    #expect(!HTMLRenderer.render(complete).contains("PARTIAL"))
    #expect(!JUnitRenderer.render(complete).contains("PARTIAL"))
  }

  @Test func killedCountsAddUpAndTagsSurvive() throws {
    var a = ReportFixtures.report(shard: shard(1, of: 2))
    var b = ReportFixtures.report(shard: shard(2, of: 2))
    a.properties[0].killed = 2
    b.properties[0].killed = 3
    let merged = try ReportMerger.merge([a, b])
    #expect(merged.properties.map(\.killed) == [5, 0])
    #expect(merged.properties.map(\.tag) == ["required", "contract"])
  }

  @Test func anOutputThatIsOrHoldsAnInputIsRefused() throws {
    let parent = ReportFixtures.temporaryFolder()
    let a = parent.appendingPathComponent("a")
    try FileManager.default.createDirectory(at: a, withIntermediateDirectories: true)
    let link = parent.appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: a)
    for (out, inputs) in [
      (a.path, [a.path]), (a.path + "/", [a.path]), (parent.path + "/./a", [a.path]),
      (link.path, [a.path]), (a.path, [a.appendingPathComponent("report.json").path]),
      (parent.path, [a.path]),
    ] {
      #expect(throws: ReportError.self, "\(out) from \(inputs)") {
        try ReportMerger.checkOutput(out, inputs: inputs)
      }
    }
    try ReportMerger.checkOutput(parent.appendingPathComponent("merged").path, inputs: [a.path])
    try ReportMerger.checkOutput(parent.appendingPathComponent("ab").path, inputs: [a.path])
  }

  @Test func rejectsDifferentSeeds() {
    var b = ReportFixtures.report(shard: shard(2, of: 2))
    b.seed = 43
    #expect(throws: ReportError.incompatible("reports have different seeds (42 and 43)")) {
      try ReportMerger.merge([ReportFixtures.report(shard: shard(1, of: 2)), b])
    }
  }

  /// The merged report keeps the program that ran (its replay lines name
  /// it); shards of different programs do not merge. A report without a
  /// program (written before the field) counts as `snapshot-fuzz`.
  @Test func keepsTheProgramAndRejectsDifferentPrograms() throws {
    var a = ReportFixtures.report(shard: shard(1, of: 2))
    var b = ReportFixtures.report(shard: shard(2, of: 2))
    a.program = "my-fuzz"
    b.program = "my-fuzz"
    let merged = try ReportMerger.merge([a, b])
    #expect(merged.program == "my-fuzz")
    #expect(SummaryRenderer.render(merged).contains("swift run -c release my-fuzz replay '"))
    b.program = nil
    #expect(
      throws: ReportError.incompatible(
        "reports come from different programs (my-fuzz and snapshot-fuzz)")
    ) {
      try ReportMerger.merge([a, b])
    }
    a.program = nil
    #expect(try ReportMerger.merge([a, b]).programName == "snapshot-fuzz")
  }

  @Test func rejectsOverlappingShards() {
    #expect(throws: ReportError.self) {
      try ReportMerger.merge([
        ReportFixtures.report(shard: shard(1, of: 2)),
        ReportFixtures.report(shard: shard(3, of: 4)),
      ])
    }
    #expect(throws: ReportError.self) {
      try ReportMerger.merge([
        ReportFixtures.report(), ReportFixtures.report(shard: shard(1, of: 2)),
      ])
    }
    #expect(throws: ReportError.self) { try ReportMerger.merge([]) }
  }

  @Test func disjointShardsOfDifferentCountsMerge() throws {
    let merged = try ReportMerger.merge([
      ReportFixtures.report(shard: shard(1, of: 2)), ReportFixtures.report(shard: shard(2, of: 4)),
      ReportFixtures.report(shard: shard(4, of: 4)),
    ])
    #expect(!merged.partial)
  }
}
