import Generators
import TestSupport
import Testing
import Verification

/// `DIFFABLE_*` parsing never traps and names the bad variable; sharding and
/// the size ramp are deterministic.
@Suite struct ConfigurationTests {
  @Test func environmentOverridesTheBase() throws {
    let configuration = try RunConfiguration.fromEnvironment([
      "DIFFABLE_SEED": "0x10", "DIFFABLE_CASES": " 25 ", "DIFFABLE_BUDGET_SECONDS": "1.5",
      "DIFFABLE_SHARD": "2/4", "DIFFABLE_CORPUS": "/tmp/c", "DIFFABLE_SHRINK_SECONDS": "3",
    ])
    #expect(configuration.seed == 16)
    #expect(configuration.cases == 25)
    #expect(configuration.timeBudgetSeconds == 1.5)
    #expect(configuration.shard == RunConfiguration.Shard(index: 2, count: 4))
    #expect(configuration.corpusDirectory == "/tmp/c")
    #expect(configuration.shrinkBudget.maxSeconds == 3)
    #expect(try RunConfiguration.fromEnvironment([:]) == RunConfiguration())
  }

  @Test(arguments: [
    ("DIFFABLE_SEED", "-1"), ("DIFFABLE_SEED", "0xZZ"),
    ("DIFFABLE_SEED", "99999999999999999999999"),
    ("DIFFABLE_CASES", "0"), ("DIFFABLE_CASES", "ten"), ("DIFFABLE_BUDGET_SECONDS", "inf"),
    ("DIFFABLE_BUDGET_SECONDS", "-2"), ("DIFFABLE_SHARD", "0/3"), ("DIFFABLE_SHARD", "4/3"),
    ("DIFFABLE_SHARD", "1"), ("DIFFABLE_REPLAY", "nope"), ("DIFFABLE_SHRINK_SECONDS", "nan"),
  ])
  func badValuesAreClearErrors(variable: String, value: String) {
    #expect {
      _ = try RunConfiguration.fromEnvironment([variable: value])
    } throws: { error in
      let text = (error as? ConfigurationError)?.description ?? ""
      return text.hasPrefix("\(variable)='\(value)' is invalid: expected") && !text.contains("\n")
    }
  }

  @Test func shardsAreDisjointAndCoverTheIndexSpace() throws {
    var seen: [Int] = []
    for index in 1...3 {
      let shard = try #require(RunConfiguration.Shard(index: index, count: 3))
      seen += (0..<10).map { shard.globalIndex($0) }
    }
    #expect(seen.sorted() == Array(0..<30))
  }

  @Test func sizeRampsUpToTheMaximumHalfwayThrough() {
    let configuration = RunConfiguration(cases: 100, maxSize: 100)
    #expect(configuration.size(ofCase: 0) == 1)
    #expect(configuration.size(ofCase: 25) > 40)
    #expect(configuration.size(ofCase: 50) == 100)
    #expect(configuration.size(ofCase: 99) == 100)
  }

  @Test func sameSeedSameReport() {
    let property = StatisticsTests.fullProperty
    let configuration = RunConfiguration(seed: 11, cases: 60)
    let first = Runner(configuration: configuration).run(property)
    let second = Runner(configuration: configuration).run(property)
    #expect(first.statistics == second.statistics)
  }
}
