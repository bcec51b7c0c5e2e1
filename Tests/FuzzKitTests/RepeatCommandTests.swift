import FuzzKit
import Testing
import Verification

@Suite struct RepeatCommandTests {
  /// Every flag that chooses the cases, and `DIFFABLE_KINDS` (which
  /// changes the failures kept); other variables stay off the line.
  @Test func carriesEveryFlagThatChoosesTheCasesAndTheKindsBudget() throws {
    var options = RunOptions()
    options.properties = ["planted.fail", "diff.roundTrip"]
    options.budget = .seconds(5400)
    options.shard = try #require(ShardSpec(index: 2, count: 4))
    options.caseTimeoutSeconds = 30
    options.shrinkSeconds = 10
    options.out = "Reports/elsewhere"
    let text = RepeatCommand.text(
      executable: "my-fuzz", options: options, seed: 42, jobs: 3,
      environment: ["DIFFABLE_KINDS": "2", "DIFFABLE_SEED": "5"])
    #expect(
      text == "DIFFABLE_KINDS=2 swift run -c release my-fuzz run --property planted.fail "
        + "--property diff.roundTrip --seed 42 --duration 1h30m --jobs 3 --shard 2/4 "
        + "--case-timeout 30s --shrink-time 10s")
  }

  @Test func defaultsStayOffTheLineAndOddNamesAreQuoted() {
    var options = RunOptions()
    options.properties = ["it's odd"]
    options.budget = .cases(5)
    let text = RepeatCommand.text(
      executable: "snapshot-fuzz", options: options, seed: 1, jobs: 1, environment: [:])
    #expect(
      text
        == "swift run -c release snapshot-fuzz run --property 'it'\\''s odd' --seed 1 --cases 5 --jobs 1"
    )
  }
}
