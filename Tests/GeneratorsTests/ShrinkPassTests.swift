import Testing

@testable import Generators

/// Each shrink pass added for the shrinking challenge reaches, on a planted
/// bug, an ideal counterexample that the shrinker without that pass does
/// not reach from the same start.
@Suite struct ShrinkPassTests {
  /// Shrinks `start` with `gen` and `fails`, with every pass or with all
  /// but `without`.
  static func shrink<Value>(
    _ gen: Gen<Value>, from start: [UInt64], without: ShrinkPass? = nil,
    fails: @escaping (Value) -> Bool
  ) throws -> (value: Value, result: ShrinkResult) {
    var shrinker = Shrinker(budget: ShrinkBudget(maxCalls: 5_000, maxSeconds: 10))
    if let without { shrinker.passes.remove(without) }
    let first = gen.evaluate(start, fails: fails)
    #expect(first.fails, "the start must fail")
    let result = shrinker.shrink(first.attempt) { gen.evaluate($0, fails: fails) }
    return (try gen.replay(result.attempt.choices).value, result)
  }

  static let pairs = Gen.zip(Gen<Int>.int(in: 0...1_000), Gen<Int>.int(in: 0...1_000))

  @Test func movePairsKeepsASumWhileLoweringTheFirst() throws {
    let fails: ((Int, Int)) -> Bool = { $0.0 + $0.1 >= 1_000 }
    let start: [UInt64] = [700, 600]
    #expect(try Self.shrink(Self.pairs, from: start, fails: fails).value == (0, 1_000))
    #expect(
      try Self.shrink(Self.pairs, from: start, without: .movePairs, fails: fails).value != (
        0, 1_000
      ))
  }

  @Test func movePairsKeepsADifferenceWhileLoweringBoth() throws {
    let wide = Gen.zip(Gen<Int>.int(in: 0...1_000_000), Gen<Int>.int(in: 0...1_000_000))
    let fails: ((Int, Int)) -> Bool = { $0.0 >= 10 && (1...4).contains(abs($0.0 - $0.1)) }
    let start: [UInt64] = [100_000, 100_003]
    #expect(try Self.shrink(wide, from: start, fails: fails).value == (10, 6))
    #expect(try Self.shrink(wide, from: start, without: .movePairs, fails: fails).value != (10, 6))
  }

  indirect enum Tree: Equatable, Sendable {
    case leaf(Int)
    case node(Tree, Tree)

    var leaves: [Int] {
      switch self {
      case .leaf(let value): return [value]
      case .node(let left, let right): return left.leaves + right.leaves
      }
    }
  }

  static let trees = Gen<Tree>.recursive(
    maxDepth: 6, leaf: Gen<Int>.int(in: 0...9).map { Tree.leaf($0) },
    branch: { smaller in Gen.zip(smaller, smaller).map { Tree.node($0, $1) } })

  @Test func replaceWithDescendantsHoistsASubtree() throws {
    // node(leaf 1, node(leaf 2, node(leaf 3, leaf 7))): fails while a leaf
    // is 7 or more; the ideal is the lone leaf 7.
    let start: [UInt64] = [1, 0, 1, 1, 0, 2, 1, 0, 3, 0, 7]
    let fails: (Tree) -> Bool = { $0.leaves.contains { $0 >= 7 } }
    #expect(
      try Self.trees.replay(start).value
        == .node(.leaf(1), .node(.leaf(2), .node(.leaf(3), .leaf(7)))))
    #expect(try Self.shrink(Self.trees, from: start, fails: fails).value == .leaf(7))
    #expect(
      try Self.shrink(Self.trees, from: start, without: .replaceWithDescendants, fails: fails)
        .value != .leaf(7))
  }

  @Test func replaceWithDescendantsTriesTheSmallestSubtreeFirst() throws {
    // node(node(leaf 7, leaf 8), leaf 9): every nested subtree fails; the
    // smallest (leaf 7) is the simplest replacement and costs one call.
    let start: [UInt64] = [1, 1, 0, 7, 0, 8, 0, 9]
    let fails: (Tree) -> Bool = { $0.leaves.contains { $0 >= 7 } }
    #expect(try Self.trees.replay(start).value == .node(.node(.leaf(7), .leaf(8)), .leaf(9)))
    var state = ShrinkState(
      best: Self.trees.evaluate(start, fails: fails).attempt, budget: ShrinkBudget(),
      passes: [.replaceWithDescendants], evaluate: { Self.trees.evaluate($0, fails: fails) })
    state.replaceWithDescendants()
    #expect(try Self.trees.replay(state.best.choices).value == .leaf(7))
    #expect(state.calls == 1)
  }

  /// Eight small integers (so the length is not among the first eight
  /// choices, where `raiseAndDelete` would also find it), then a length n
  /// and exactly n integers.
  static let lengthLists = Gen.zip(
    Gen<Int>.int(in: 0...9).array(count: 8...8),
    Gen<Int>.int(in: 1...100).flatMap { n in Gen<Int>.int(in: 0...1_000).array(count: n...n) })

  @Test func lowerAndDeleteShortensAListWithItsLength() throws {
    let start: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8, 3, 5, 6, 7, 950]
    let fails: (([Int], [Int])) -> Bool = { ($0.1.max() ?? 0) >= 900 }
    #expect(try Self.lengthLists.replay(start).value.1 == [5, 6, 7, 950])
    let shrunk = try Self.shrink(Self.lengthLists, from: start, fails: fails).value
    #expect(shrunk.0 == Array(repeating: 0, count: 8) && shrunk.1 == [900])
    let without = try Self.shrink(
      Self.lengthLists, from: start, without: .lowerAndDelete, fails: fails)
    #expect(without.value.1 != [900])
  }

  static let pointers = Gen<Int>.int(in: 0...10).array().assuming { list in
    list.allSatisfy { $0 < list.count }
  }

  enum Step: Equatable, Sendable {
    case short(Int, Int)
    case long(Int, Int, Int)

    /// A short step's arguments; a long step's is `(1, 1)`.
    var key: [Int] {
      if case .short(let first, let second) = self { return [first, second] }
      return [1, 1]
    }
  }

  static let steps = Gen<Int>.int(in: 0...1).flatMap { kind -> Gen<Step> in
    kind == 0
      ? Gen.zip(Gen<Int>.int(in: 0...9), Gen<Int>.int(in: 0...9)).map { Step.short($0, $1) }
      : Gen.zip(Gen<Int>.int(in: 0...9), Gen<Int>.int(in: 0...9), Gen<Int>.int(in: 0...9)).map {
        Step.long($0, $1, $2)
      }
  }.labeled("step").array()

  @Test func copySiblingsRepeatsAnEarlierStepWithOtherArguments() throws {
    // [short(0, 0), long(0, 0, 0)]: fails while two steps differ in both
    // keys; the ideal repeats the short step with both arguments raised,
    // which lowering the long step's kind (two equal short steps) misses.
    let start: [UInt64] = [1, 0, 0, 0, 1, 1, 0, 0, 0]
    let fails: ([Step]) -> Bool = { steps in
      steps.contains { a in steps.contains { b in a.key[0] != b.key[0] && a.key[1] != b.key[1] } }
    }
    #expect(try Self.steps.replay(start).value == [.short(0, 0), .long(0, 0, 0)])
    let ideal: [Step] = [.short(0, 0), .short(1, 1)]
    #expect(try Self.shrink(Self.steps, from: start, fails: fails).value == ideal)
    #expect(
      try Self.shrink(Self.steps, from: start, without: .copySiblings, fails: fails).value != ideal)
  }

  @Test func deleteAndShiftKeepsIndicesPointingAtTheSameElements() throws {
    // [0, 2, 1]: positions 1 and 2 point at each other; the ideal is [1, 0].
    let start: [UInt64] = [1, 0, 1, 2, 1, 1]
    let fails: ([Int]) -> Bool = { list in
      list.indices.contains { list[$0] != $0 && list[list[$0]] == $0 }
    }
    #expect(try Self.pointers.replay(start).value == [0, 2, 1])
    #expect(try Self.shrink(Self.pointers, from: start, fails: fails).value == [1, 0])
    #expect(
      try Self.shrink(Self.pointers, from: start, without: .deleteAndShift, fails: fails)
        .value != [1, 0])
  }

  @Test func adaptiveDeletionRemovesALongRunInLogarithmicCalls() throws {
    let lists = Gen<Int>.int(in: 0...1_000).array(count: 0...100)
    let start: [UInt64] = Array(repeating: [UInt64(1), 5], count: 64).flatMap { $0 } + [1, 950]
    let fails: ([Int]) -> Bool = { ($0.max() ?? 0) >= 900 }
    let (value, result) = try Self.shrink(lists, from: start, fails: fails)
    #expect(value == [900])
    #expect(result.calls < 40, "64 deletions one by one would take 64 calls")
  }

  @Test func lowerStepsOverAGapNextToTheMinimum() throws {
    let fails: ((Int, Int)) -> Bool = { $0.0 >= 10 && abs($0.0 - $0.1) == 1 }
    #expect(try Self.shrink(Self.pairs, from: [10, 11], fails: fails).value == (10, 9))
  }

  @Test func choiceTriePredictsCasesItHasSeen() {
    var trie = ChoiceTrie()
    trie.record([1, 2, 3], failed: true)
    trie.record([1, 0], failed: false)
    #expect(trie.outcome(of: [1, 2, 3]) == true)
    #expect(trie.outcome(of: [1, 2, 3, 9]) == true)
    #expect(trie.outcome(of: [1]) == false)
    #expect(trie.outcome(of: [1, 0, 0, 4]) == false)
    #expect(trie.outcome(of: [1, 2]) == nil)
    #expect(trie.outcome(of: [2]) == nil)
  }
}
