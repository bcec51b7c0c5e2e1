import FuzzKit
import Mutation
import Testing

@Suite struct MutateInvocationTests {
  @Test func parsesEveryMutateFlag() throws {
    let invocation = try Invocation.parse([
      "mutate", "--target", "SnapshotEngine", "--package=P", "--executable", "my-fuzz", "--seed",
      "0x10", "--cases", "20", "--jobs", "3", "--timeout", "1m", "--min-score", "75.5", "--out",
      "O", "--work", "W", "--resume", "--operators", "relational,boolean", "--files",
      "Sources/A,Sources/B/*.swift",
      "--limit", "40", "--configuration", "debug",
    ])
    var expected = MutationOptions(target: "SnapshotEngine", executable: "my-fuzz")
    expected.packageDirectory = "P"
    expected.seed = 16
    expected.cases = 20
    expected.jobs = 3
    expected.timeoutSeconds = 60
    expected.minScore = 75.5
    expected.out = "O"
    expected.work = "W"
    expected.resume = true
    expected.operators = [.boolean, .relational]
    expected.files = ["Sources/A", "Sources/B/*.swift"]
    expected.limit = 40
    expected.configuration = "debug"
    #expect(invocation == .mutate(expected))
  }

  @Test func defaultsAreTheCIBudgetOnSeedOneIntoReportsMutation() throws {
    guard case .mutate(let options) = try Invocation.parse(["mutate", "--target", "T"]) else {
      Issue.record("not a mutate invocation")
      return
    }
    #expect(options.executable.isEmpty)
    #expect(options.seed == 1)
    #expect(options.cases == 200)
    #expect(options.out == "Reports/mutation")
    #expect(options.operators == MutationOperator.allCases)
    #expect(!options.resume)
    #expect(try Invocation.parse(["mutate", "--help"]) == .help(subcommand: "mutate"))
    #expect(try Invocation.parse(["help", "mutate"]) == .help(subcommand: "mutate"))
  }

  @Test(arguments: [
    ["mutate"], ["mutate", "--target"], ["mutate", "--target", "T", "--min-score", "101"],
    ["mutate", "--target", "T", "--operators", "relational,nope"],
    ["mutate", "--target", "T", "--jobs", "0"], ["mutate", "--target", "T", "--timeout", "5"],
    ["mutate", "--target", "T", "--bogus"], ["mutate", "--target", "T", "extra"],
    ["mutate", "--target", "T", "--resume=yes"],
  ])
  func badUsageIsAUsageError(arguments: [String]) {
    #expect(throws: UsageError.self) { try Invocation.parse(arguments) }
  }
}
