import Generators
import Testing

/// Shrinking quality on planted bugs and the shrinker's guarantees.
@Suite struct ShrinkerTests {
  /// A sort that drops duplicate copies of the maximum for arrays of 3 or
  /// more elements.
  static func brokenSort(_ values: [Int]) -> [Int] {
    guard values.count >= 3, let top = values.max() else { return values.sorted() }
    var seenTop = false
    return values.sorted().filter { value in
      guard value == top else { return true }
      defer { seenTop = true }
      return !seenTop
    }
  }

  static let arrays = Gen<Int>.int(in: 0...1_000).array(count: 0...20)

  static func failing(_ choices: [UInt64]) -> ShrinkAttempt? {
    let source = ChoiceSource(replaying: choices)
    guard let value = try? arrays.generate(source) else { return nil }
    if brokenSort(value) == value.sorted() { return nil }
    return ShrinkAttempt(choices: source.choices, spans: source.spans)
  }

  static func firstFailure(seed: UInt64) -> ShrinkAttempt? {
    for index in 0..<10_000 {
      let source = ChoiceSource(
        seed: SplitMix64.caseSeed(runSeed: seed, caseIndex: index), size: 100)
      guard let value = try? arrays.generate(source) else { continue }
      if brokenSort(value) != value.sorted() {
        return ShrinkAttempt(choices: source.choices, spans: source.spans)
      }
    }
    return nil
  }

  @Test(arguments: Array(UInt64(1)...24) + [42, 2026])
  func duplicateMaximumShrinksToThreeZeros(seed: UInt64) throws {
    let start = try #require(Self.firstFailure(seed: seed))
    let result = Shrinker().shrink(start, test: Self.failing)
    let value = try Self.arrays.replay(result.attempt.choices).value
    #expect(value == [0, 0, 0])
    #expect(result.attempt.choices.count <= start.choices.count)
    #expect(!result.budgetExhausted)
  }

  @Test func shrinkNeverGrowsNorPassesAndRespectsBudgets() throws {
    let start = try #require(Self.firstFailure(seed: 7))
    for calls in [0, 1, 5, 50] {
      let result = Shrinker(budget: ShrinkBudget(maxCalls: calls, maxSeconds: 10))
        .shrink(start, test: Self.failing)
      #expect(result.calls <= calls)
      #expect(!ShrinkAttempt.shortlexLess(start.choices, result.attempt.choices))
      #expect(Self.failing(result.attempt.choices) != nil)
    }
    let timed = Shrinker(budget: ShrinkBudget(maxCalls: .max, maxSeconds: 0))
      .shrink(start, test: Self.failing)
    #expect(timed.calls == 0)
    #expect(timed.attempt == start)
  }
}
