import Generators
import Testing

/// The user-facing API: integers that shrink toward zero, zip, assume and
/// its discards, typed shrink results and the budget flag, the default
/// list size, and deterministic shrinking.
@Suite struct GenAPITests {
  @Test(arguments: [-3...5, 10...20, -20...(-10), -5...(-1), 0...0, -2...9])
  func integerChoicesAreABijectionOrderedByDistanceFromTheOrigin(range: ClosedRange<Int>) throws {
    let gen = Gen<Int>.int(in: range)
    let span = UInt64(range.upperBound - range.lowerBound)
    let values = try (0...span).map { try gen.replay([$0]).value }
    #expect(values.sorted() == Array(range))
    let origin =
      range.contains(0) ? 0 : (range.lowerBound > 0 ? range.lowerBound : range.upperBound)
    #expect(values.first == origin)
    let distances = values.map { abs($0 - origin) }
    #expect(distances == distances.sorted())
  }

  @Test func integerChoicesAlternateSignsAndCoverTheFullRange() throws {
    let gen = Gen<Int>.int(in: -3...5)
    #expect(try (0...8).map { try gen.replay([$0]).value } == [0, 1, -1, 2, -2, 3, -3, 4, 5])
    let wide = Gen<Int>.int(in: Int.min...Int.max)
    #expect(try wide.replay([UInt64.max]).value == Int.min)
    #expect(try wide.replay([UInt64.max - 1]).value == Int.min + 1)
    #expect(try wide.replay([UInt64.max - 2]).value == Int.max)
    #expect(try wide.replay([2]).value == -1)
  }

  @Test func randomIntegersFavourSmallAndNearbyValues() throws {
    let pairs = Gen.zip(Gen<Int>.int(in: 1...Int(Int32.max)), Gen<Int>.int(in: 1...Int(Int32.max)))
    let drawn = try (UInt64(0)..<2_000).map { try pairs.generate(ChoiceSource(seed: $0)) }
    #expect(drawn.filter { $0.0 <= 512 }.count > 500)
    #expect(drawn.filter { abs($0.0 - $0.1) == 1 }.count > 20)
  }

  @Test func zipDrawsInOrderAndShrinksEachPart() throws {
    let pair = Gen.zip(Gen<Int>.int(in: 0...9), Gen<Bool>.bool())
    let (value, choices) = try pair.replay([4, 1])
    #expect(value == (4, true))
    #expect(choices == [4, 1])
    let triple = Gen.zip(Gen<Int>.int(in: 0...9), Gen.just("x"), Gen<Int>.int(in: -5...5))
    #expect(try triple.replay([]).value == (0, "x", 0))
  }

  @Test func assumingDiscardsWithoutRetrying() throws {
    let odd = Gen<Int>.int(in: 0...9).assuming("odd") { $0 % 2 == 1 }
    #expect(try odd.replay([1]).value == 1)
    #expect(throws: GenerationError.assumptionFailed(label: "odd")) { try odd.replay([4]) }
  }

  @Test func checkCountsDiscardsAndHandsBackTheShrunkValueTyped() throws {
    let lists = Gen<Int>.int(in: -1_000...1_000).array().assuming("non-empty") { !$0.isEmpty }
    let outcome = lists.check(seed: 7, cases: 200) { $0.reduce(0, +) > 100 }
    #expect(outcome.failed)
    #expect(outcome.discards > 0)
    let shrunk = try #require(outcome.shrunk)
    #expect(shrunk.value == [101])
    #expect(!shrunk.result.budgetExhausted)
    let passing = lists.check(seed: 7, cases: 50) { _ in false }
    #expect(!passing.failed && passing.cases == 50 && passing.shrunk == nil)
  }

  @Test func theBudgetFlagSaysWhenTheShrinkWasCutShort() throws {
    let lists = Gen<Int>.int(in: 0...1_000).array(count: 0...30)
    let start = try #require(lists.check(seed: 3, cases: 500) { $0.count >= 5 }.shrunk)
    #expect(start.value == [0, 0, 0, 0, 0])
    let failing = ShrinkAttempt(
      choices: Array(repeating: [UInt64(1), 700], count: 12).flatMap { $0 }, spans: [])
    let cut = try #require(
      lists.shrink(failing, budget: ShrinkBudget(maxCalls: 3, maxSeconds: 10)) {
        $0.count >= 5
      })
    #expect(cut.result.budgetExhausted)
    #expect(cut.result.calls == 3)
    let full = try #require(lists.shrink(failing) { $0.count >= 5 })
    #expect(!full.result.budgetExhausted)
    #expect(full.value == [0, 0, 0, 0, 0])
  }

  @Test func shrinkingIsDeterministic() throws {
    let lists = Gen<Int>.int(in: Int.min...Int.max).array().array()
    let fails: ([[Int]]) -> Bool = { Set($0.joined()).count >= 5 }
    for seed in UInt64(1)...5 {
      let first = try #require(lists.check(seed: seed, cases: 1_000, fails: fails).shrunk)
      let second = try #require(lists.check(seed: seed, cases: 1_000, fails: fails).shrunk)
      #expect(first.value == second.value)
      #expect(first.result.attempt == second.result.attempt)
      #expect(first.result.calls == second.result.calls)
    }
  }

  @Test func defaultArraysAreShortButCanBeLong() throws {
    let lists = Gen<Int>.int(in: 0...9).array()
    let lengths = try (UInt64(0)..<1_000).map { try lists.generate(ChoiceSource(seed: $0)).count }
    let mean = Double(lengths.reduce(0, +)) / Double(lengths.count)
    #expect((3.5...6.5).contains(mean))
    #expect(lengths.contains { $0 > 15 })
    #expect(lengths.allSatisfy { Gen<Int>.defaultArrayCount.contains($0) })
    #expect(
      try lists.replay(Array(repeating: [UInt64(1), 0], count: 40).flatMap { $0 }).value.count == 40
    )
  }
}
