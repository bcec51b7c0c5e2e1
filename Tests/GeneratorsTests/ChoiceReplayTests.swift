import SnapshotCore
import SnapshotModel
import Testing

@testable import Generators

/// A replayed choice only selects what the random mode could have drawn:
/// a zero-weight branch decodes to a branch with weight, a Boolean of
/// certain probability to its one side, and a draw with nothing to choose
/// from is a discard. The planted-bug checks for the generator totality
/// tests: before this mapping, a shrink candidate replayed the zero-weight
/// far move of a bulk scenario on a short section and trapped.
@Suite struct ChoiceReplayTests {
  /// Every weight vector over `{0, 1, 3}` of 1 to 4 entries with a positive
  /// one.
  static let weightVectors: [[Int]] = {
    var vectors: [[Int]] = [[]]
    var all: [[Int]] = []
    for _ in 1...4 {
      vectors = vectors.flatMap { vector in [0, 1, 3].map { vector + [$0] } }
      all += vectors
    }
    return all.filter { $0.contains { $0 > 0 } }
  }()

  @Test func aReplayedWeightedIndexAlwaysHasWeight() throws {
    for weights in Self.weightVectors {
      var previous = 0
      for recorded in Array(UInt64(0)...UInt64(weights.count + 1)) + [.max] {
        let source = ChoiceSource(replaying: [recorded])
        let index = try source.weightedIndex(weights)
        #expect(weights[index] > 0, "weights \(weights), recorded \(recorded): \(index)")
        #expect(source.choices == [UInt64(index)], "the recorded choice is the index drawn")
        #expect(index >= previous, "weights \(weights): lowering a choice raised the index")
        previous = index
        if recorded < weights.count, weights[Int(recorded)] > 0 {
          #expect(index == Int(recorded), "weights \(weights): a drawable index moved")
        }
      }
    }
  }

  @Test func aZeroWeightMapsToTheNearestLowerIndexWithWeight() throws {
    func replayed(_ weights: [Int], _ recorded: UInt64) throws -> Int {
      try ChoiceSource(replaying: [recorded]).weightedIndex(weights)
    }
    #expect(try replayed([4, 2, 2, 2, 0], 4) == 3)
    #expect(try replayed([0, 0, 5, 0, 1], 0) == 2)
    #expect(try replayed([0, 0, 5, 0, 1], 3) == 2)
    #expect(try replayed([0, 0, 5, 0, 1], 99) == 4)
    #expect(try ChoiceSource(replaying: []).weightedIndex([0, 3, 1]) == 1)
  }

  @Test func noWeightIsADiscard() {
    for weights in [[], [0], [0, 0, 0], [-2, 0]] {
      for source in [ChoiceSource(replaying: [1]), ChoiceSource(seed: 5)] {
        #expect(throws: GenerationError.empty(label: "kind")) {
          try source.weightedIndex(weights, label: "kind")
        }
      }
    }
    #expect(throws: GenerationError.empty(label: "frequency")) {
      try Gen.frequency([(0, .just(1)), (-1, .just(2))]).replay([1])
    }
  }

  @Test func randomWeightedIndicesHaveWeightAndReplayToThemselves() throws {
    let weights = [0, 2, 0, 1, 0, 5]
    var drawn = Set<Int>()
    for seed in UInt64(0)..<500 {
      let source = ChoiceSource(seed: seed)
      let index = try source.weightedIndex(weights)
      #expect(weights[index] > 0)
      #expect(try ChoiceSource(replaying: source.choices).weightedIndex(weights) == index)
      drawn.insert(index)
    }
    #expect(drawn == [1, 3, 5])
  }

  @Test func frequencyReplaysOnlyAlternativesWithWeight() throws {
    let gen = Gen.frequency([(0, .just("a")), (1, .just("b")), (0, .just("c")), (2, .just("d"))])
    let decoded = try (UInt64(0)...5).map { try gen.replay([$0]).value }
    #expect(decoded == ["b", "b", "b", "d", "d", "d"])
  }

  @Test func aBooleanOfCertainProbabilityIgnoresItsReplayedChoice() {
    let cases: [(probability: Double, choices: [UInt64], value: Bool)] = [
      (0, [1], false), (-1, [.max], false), (.nan, [1], false), (0, [], false),
      (1, [0], true), (2, [], true), (0.5, [0], false), (0.5, [7], true),
    ]
    for (probability, choices, value) in cases {
      let source = ChoiceSource(replaying: choices)
      #expect(source.drawBool(probability: probability) == value, "p \(probability), \(choices)")
      #expect(source.choices == [value ? 1 : 0], "p \(probability): one choice, the value")
    }
  }

  @Test func anIndexIntoNothingIsADiscard() throws {
    #expect(throws: GenerationError.empty(label: "index")) {
      try Gen<Int>.index(count: 0).replay([])
    }
    #expect(throws: GenerationError.empty(label: "index")) {
      try Gen<Int>.index(count: -3).replay([])
    }
    #expect(try Gen<Int>.index(count: 3).replay([.max]).value == 2)
  }

  /// The in-process trap: a shrink candidate that emptied (or shortened)
  /// the bulk section and kept a recorded far move. Every recorded kind,
  /// followed by zeros or maxima, decodes on sections of 0 to 9 items to a
  /// command the section admits.
  @Test func aBulkDrawerPicksOnlyCommandsTheSectionAdmits() throws {
    for count in 0...9 {
      let snapshot = FullScript(
        initial: [FullScript.Layout(section: 0, items: Array(0..<count))], commands: []
      )
      .start(as: ModelSnapshot<Int, Int>.self)
      for kind in Array(UInt64(0)...5) + [.max] {
        for rest in [UInt64(0), .max] {
          let source = ChoiceSource(replaying: [kind] + Array(repeating: rest, count: 40))
          let command = try BulkCommandDrawer(snapshot: snapshot, universe: 24, source: source)
            .draw()
          switch command {
          case .moveItem:
            #expect(count > 8, "a far move on \(count) items (kind \(kind), then \(rest))")
          case .deleteItems, .insertItems:
            #expect(count > 0, "\(command) on an empty section")
          default:
            break
          }
        }
      }
    }
  }

  /// On an empty snapshot only `appendSections` and `deleteAllItems` are
  /// valid; any replayed kind decodes to one of them.
  @Test func aFullDrawerReplaysOnlyKindsWithWeight() throws {
    let empty = ModelSnapshot<Int, Int>()
    for kind in Array(UInt64(0)...16) + [.max] {
      let source = ChoiceSource(replaying: [0, kind, 0, 0, 0, 0])
      let command = try FullCommandDrawer(
        snapshot: empty, universe: FullScript.Universe(), source: source
      )
      .draw(invalidShare: 0)
      switch command {
      case .appendSections, .deleteAllItems: break
      default: Issue.record("kind \(kind) decodes to \(command) on an empty snapshot")
      }
    }
  }
}
