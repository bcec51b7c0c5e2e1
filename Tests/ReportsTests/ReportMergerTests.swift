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
    let ab = try ReportMerger.merge([
      ReportFixtures.report(shard: shard(1, of: 3)), ReportFixtures.report(shard: shard(2, of: 3)),
    ])
    let all = try ReportMerger.merge([ab, ReportFixtures.report(shard: shard(3, of: 3))])
    #expect(all.mergedShards.count == 3)
    #expect(all.totalCases == 900)
  }

  @Test func rejectsDifferentSeeds() {
    var b = ReportFixtures.report(shard: shard(2, of: 2))
    b.seed = 43
    #expect(throws: ReportError.incompatible("reports have different seeds (42 and 43)")) {
      try ReportMerger.merge([ReportFixtures.report(shard: shard(1, of: 2)), b])
    }
  }

  @Test func rejectsOverlappingShards() {
    #expect(throws: ReportError.self) {
      try ReportMerger.merge([
        ReportFixtures.report(shard: shard(1, of: 2)), ReportFixtures.report(shard: shard(3, of: 4)),
      ])
    }
    #expect(throws: ReportError.self) {
      try ReportMerger.merge([ReportFixtures.report(), ReportFixtures.report(shard: shard(1, of: 2))])
    }
    #expect(throws: ReportError.self) { try ReportMerger.merge([]) }
  }

  @Test func disjointShardsOfDifferentCountsMerge() throws {
    _ = try ReportMerger.merge([
      ReportFixtures.report(shard: shard(1, of: 2)), ReportFixtures.report(shard: shard(2, of: 4)),
    ])
  }
}
