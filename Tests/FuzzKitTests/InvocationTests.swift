import FuzzKit
import Testing
import Verification

@Suite struct InvocationTests {
  private func run(_ arguments: [String]) throws -> RunOptions {
    guard case .run(let options) = try Invocation.parse(arguments) else {
      Issue.record("not a run: \(arguments)")
      return RunOptions()
    }
    return options
  }

  @Test func noArgumentsRunsEverythingForAMinuteIntoLatest() throws {
    let options = try run([])
    #expect(options == RunOptions())
    #expect(options.budget == .seconds(60))
    #expect(options.out == "Reports/latest")
    #expect(options.seed == nil)
    #expect(options.properties.isEmpty)
    #expect(options.shard == .whole)
  }

  @Test func parsesEveryRunFlag() throws {
    let options = try run([
      "run", "--property", "a.b", "--property=c.d", "--seed", "18446744073709551615", "--cases",
      "5",
      "--jobs=3", "--shard", "2/4", "--out", "X", "--corpus", "C", "--shrink-time", "10s",
    ])
    #expect(options.properties == ["a.b", "c.d"])
    #expect(options.seed == UInt64.max)
    #expect(options.budget == .cases(5))
    #expect(options.jobs == 3)
    #expect(options.shard == ShardSpec(index: 2, count: 4))
    #expect(options.out == "X")
    #expect(options.corpus == "C")
    #expect(options.corpusChosen)
    #expect(options.shrinkSeconds == 10)
    #expect(try run(["run", "--duration", "1h30m"]).budget == .seconds(5400))
    #expect(try run(["run", "--no-corpus"]).corpus == nil)
    #expect(try run(["run", "--no-corpus"]).corpusChosen)
    #expect(try !run(["run", "--cases", "5"]).corpusChosen)
    #expect(try run(["run", "--seed", "0xff"]).seed == 255)
    #expect(try run(["run", "--stop-on-failure"]).stopOnFailure)
    #expect(try !run(["run"]).stopOnFailure)
  }

  @Test(arguments: [
    ["bogus"], ["--bogus"], ["run", "--bogus"], ["run", "extra"], ["run", "--seed"],
    ["run", "--seed", "-1"], ["run", "--seed", "x"], ["run", "--seed", "18446744073709551616"],
    ["run", "--cases", "0"], ["run", "--cases", "many"], ["run", "--duration", "30"],
    ["run", "--duration", "5x"], ["run", "--cases", "5", "--duration", "5s"],
    ["run", "--jobs", "0"],
    ["run", "--jobs", "1000"], ["run", "--shard", "0/2"], ["run", "--shard", "3/2"],
    ["run", "--shard", "1"], ["run", "--no-corpus=yes"], ["run", "--out", "--seed"],
    ["list", "extra"], ["replay"], ["replay", "a", "b"], ["replay", "--bogus", "a"],
    ["merge"], ["merge", "--bogus", "a"], ["merge", "a", "--out"],
    ["run", "--out="], ["run", "--out", ""], ["run", "--corpus="],
    ["replay", "t@v1:AA", "--case-timeout", "10"], ["replay", "t@v1:AA", "--case-timeout"],
  ])
  func rejectsBadUsage(arguments: [String]) {
    #expect(throws: UsageError.self) { try Invocation.parse(arguments) }
  }

  @Test func usageErrorsNameTheirSubcommand() {
    #expect(throws: UsageError("--shard wants I/N with 1 <= I <= N, got '0/2'", subcommand: "run"))
    {
      try Invocation.parse(["run", "--shard", "0/2"])
    }
  }

  @Test func helpAndVersion() throws {
    #expect(try Invocation.parse(["--help"]) == .help(subcommand: nil))
    #expect(try Invocation.parse(["help", "run"]) == .help(subcommand: "run"))
    #expect(try Invocation.parse(["run", "--help"]) == .help(subcommand: "run"))
    #expect(try Invocation.parse(["merge", "-h"]) == .help(subcommand: "merge"))
    #expect(try Invocation.parse(["replay", "--help"]) == .help(subcommand: "replay"))
    #expect(try Invocation.parse(["list", "--help"]) == .help(subcommand: "list"))
    #expect(try Invocation.parse(["--version"]) == .version)
  }

  @Test func replayAndMerge() throws {
    #expect(
      try Invocation.parse(["replay", "t@v1:AA"]) == .replay(input: "t@v1:AA", property: nil))
    #expect(
      try Invocation.parse(["replay", "crash-1", "--property", "p"])
        == .replay(input: "crash-1", property: "p"))
    #expect(
      try Invocation.parse(["replay", "t@v1:AA", "--case-timeout", "2s"])
        == .replay(input: "t@v1:AA", property: nil, caseTimeout: 2))
    #expect(
      try Invocation.parse(["merge", "a", "b"])
        == .merge(folders: ["a", "b"], out: "Reports/merged", allowPartial: false))
    #expect(
      try Invocation.parse(["merge", "a", "--out", "o"])
        == .merge(folders: ["a"], out: "o", allowPartial: false))
    #expect(
      try Invocation.parse(["merge", "a", "--allow-partial", "--out=o"])
        == .merge(folders: ["a"], out: "o", allowPartial: true))
  }
}
