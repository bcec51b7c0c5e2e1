import Generators
import Testing

/// The combinators decode deterministically and shrink toward choice 0.
@Suite struct GenTests {
  indirect enum Tree: Equatable, Sendable {
    case leaf(Int)
    case node(Tree, Tree)

    var depth: Int {
      switch self {
      case .leaf: return 0
      case .node(let a, let b): return 1 + max(a.depth, b.depth)
      }
    }
  }

  static let trees = Gen<Tree>.recursive(
    maxDepth: 4, leaf: Gen<Int>.int(in: 0...9).map { Tree.leaf($0) },
    branch: { smaller in
      smaller.flatMap { left in smaller.map { right in Tree.node(left, right) } }
    })

  @Test func choiceZeroIsTheSimplestValue() throws {
    #expect(try Gen<Int>.int(in: -3...7).replay([0]).value == 0)
    #expect(try Gen<Int>.int(in: 3...7).replay([0]).value == 3)
    #expect(try Gen<Int>.int(in: -7...(-3)).replay([0]).value == -3)
    #expect(try Gen<Bool>.bool().replay([0]).value == false)
    #expect(try Gen.oneOf([.just("a"), .just("b")]).replay([0]).value == "a")
    #expect(try Gen.frequency([(1, .just("a")), (9, .just("b"))]).replay([0]).value == "a")
    #expect(try Self.trees.replay([]).value == .leaf(0))
  }

  @Test func recursiveGenerationRespectsTheDepthBound() throws {
    var deepest = 0
    for seed in UInt64(0)..<300 {
      let tree = try Self.trees.generate(ChoiceSource(seed: seed))
      deepest = max(deepest, tree.depth)
      #expect(tree.depth <= 4)
    }
    #expect(deepest == 4)
  }

  @Test func integersHitTheirBounds() throws {
    let values = try (UInt64(0)..<400).map {
      try Gen<Int>.int(in: 10...1_000).generate(ChoiceSource(seed: $0))
    }
    #expect(values.allSatisfy { (10...1_000).contains($0) })
    #expect(values.contains(10))
    #expect(values.contains(1_000))
    #expect(values.filter { $0 <= 25 }.count > 60)
  }

  @Test func frequencyFollowsItsWeights() throws {
    let gen = Gen.frequency([(1, .just(0)), (9, .just(1))])
    let ones = try (UInt64(0)..<1_000).map { try gen.generate(ChoiceSource(seed: $0)) }.reduce(0, +)
    #expect((800...980).contains(ones))
  }

  @Test func filterRetriesThenReportsExhaustion() throws {
    let even = Gen<Int>.int(in: 0...100).filter("even") { $0 % 2 == 0 }
    #expect(try even.generate(ChoiceSource(seed: 3)) % 2 == 0)
    #expect(throws: GenerationError.filterExhausted(label: "never", attempts: 5)) {
      _ = try Gen<Int>.int(in: 0...3).filter("never", maxAttempts: 5) { _ in false }
        .generate(ChoiceSource(seed: 1))
    }
  }

  @Test func arraysRespectTheirBoundsAndRecordElementSpans() throws {
    let gen = Gen<Int>.int(in: 0...5).array(count: 2...4)
    for seed in UInt64(0)..<100 {
      let source = ChoiceSource(seed: seed)
      let values = try gen.generate(source)
      #expect((2...4).contains(values.count))
      #expect(source.spans.filter { $0.label == "element" && $0.count > 0 }.count >= values.count)
    }
    #expect(try gen.replay([]).value == [0, 0])
  }

  @Test func sizedRecordsTheSizeAsAChoice() throws {
    let gen = Gen<Int>.sized { size in .just(size) }
    #expect(try gen.generate(ChoiceSource(seed: 1, size: 37)) == 37)
    #expect(try gen.replay([12]).value == 12)
  }
}
