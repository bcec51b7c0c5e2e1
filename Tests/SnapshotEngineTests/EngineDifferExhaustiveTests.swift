import SnapshotCore
import SnapshotEngine
import SnapshotModel
import Testing

/// Exhaustive small scope: every ordered subset of a four-item universe,
/// diffed against every other, in one section and split over two sections
/// (whose order also flips); each changeset is checked like the generated
/// pairs of `EngineDifferTests`.
@Suite struct EngineDifferExhaustiveTests {
  typealias Snap = EngineSnapshot<Int, Int>

  /// Every arrangement of every subset of `0..<count`.
  static func arrangements(_ count: Int) -> [[Int]] {
    var result: [[Int]] = [[]]
    var frontier: [[Int]] = [[]]
    for _ in 0..<count {
      frontier = frontier.flatMap { prefix in
        (0..<count).filter { !prefix.contains($0) }.map { prefix + [$0] }
      }
      result += frontier
    }
    return result
  }

  @Test func everyPairInOneSection() {
    let all = Self.arrangements(4)
    let differ = EngineDiffer<Int, Int>()
    for old in all {
      for new in all {
        let a = EngineDifferTests.flat(old)
        let b = EngineDifferTests.flat(new)
        let changeset = differ.changeset(from: a, to: b)
        let update = BatchInterpreter.replay(changeset, from: a, to: b)
        let minimal = EngineDifferTests.minimalMoves(from: a, to: b)
        #expect(update.isCorrect, "\(old) -> \(new): \(update.problems)")
        #expect(changeset.itemMoveCount == minimal.items, "\(old) -> \(new)")
      }
    }
  }

  @Test func everySplitOverTwoSections() {
    let all = Self.arrangements(4).filter { $0.count >= 2 }
    let differ = EngineDiffer<Int, Int>()
    func split(_ items: [Int], at cut: Int, flipped: Bool) -> Snap {
      var snapshot = Snap()
      let order = flipped ? [2, 1] : [1, 2]
      try? snapshot.appendSections(order)
      try? snapshot.appendItems(Array(items[..<cut]), toSection: 1)
      try? snapshot.appendItems(Array(items[cut...]), toSection: 2)
      return snapshot
    }
    for old in all {
      for new in all where (old.count + new.count) % 2 == 0 {
        for (oldCut, newCut) in [(1, 1), (1, new.count - 1), (old.count - 1, 1)] {
          let a = split(old, at: oldCut, flipped: false)
          let b = split(new, at: newCut, flipped: old.first == new.first)
          let changeset = differ.changeset(from: a, to: b)
          let update = BatchInterpreter.replay(changeset, from: a, to: b)
          let minimal = EngineDifferTests.minimalMoves(from: a, to: b)
          #expect(update.isCorrect, "\(a) -> \(b): \(update.problems)")
          #expect(changeset.itemMoveCount == minimal.items, "\(a) -> \(b)")
          #expect(changeset.sectionMoveCount == minimal.sections, "\(a) -> \(b)")
        }
      }
    }
  }

  @Test func lisOfEveryPermutationOfSix() {
    // The engine's LIS is internal; its length shows in the move count of a
    // one-section diff, checked against the quadratic oracle.
    let differ = EngineDiffer<Int, Int>()
    let old = EngineDifferTests.flat(Array(0..<6))
    for permutation in Self.arrangements(6) where permutation.count == 6 {
      let new = EngineDifferTests.flat(permutation)
      let moves = differ.changeset(from: old, to: new).itemMoveCount
      #expect(moves == 6 - EngineDifferTests.lisLength(permutation), "\(permutation)")
    }
  }
}
