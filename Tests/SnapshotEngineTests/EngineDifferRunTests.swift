import Generators
import SnapshotCore
import Testing

@testable import SnapshotEngine

/// The differ's run matching: survivors matched as runs (common prefix and
/// suffix by comparison, then runs following on both sides) and kept by a
/// heaviest increasing subsequence of the runs, checked against quadratic
/// oracles and through `EngineDifferTests.verify` on snapshots derived by a
/// few edits from long sections.
@Suite struct EngineDifferRunTests {
  typealias Snap = EngineSnapshot<Int, Int>

  /// The heaviest increasing subsequence's weight by the quadratic dynamic
  /// programme (independent of the Fenwick tree).
  static func heaviestWeight(_ values: [Int], _ weights: [Int]) -> Int {
    var best = weights
    for i in values.indices {
      for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + weights[i]) }
    }
    return best.max() ?? 0
  }

  /// Random sequences of distinct values with weights 1–5 (some all 1):
  /// the marked elements increase and weigh as much as the oracle's.
  @Test func heaviestMatchesQuadraticOracle() {
    var rng = SplitMix64(seed: 20)
    for round in 0..<400 {
      let count = rng.below(40)
      var values = Array(0..<(count * 2))
      values.shuffle(using: &rng)
      values = Array(values.prefix(count))
      if round % 5 == 0 { values.sort() }
      let weights = (0..<count).map { _ in round % 4 == 0 ? 1 : 1 + rng.below(5) }
      let keep = heaviestIncreasingSubsequence(
        values, weights: weights, ascending: ascendingOrder(of: values, within: 0..<(count * 2)))
      let kept = values.indices.filter { keep[$0] }
      #expect(zip(kept, kept.dropFirst()).allSatisfy { values[$0] < values[$1] }, "\(values)")
      let weight = kept.reduce(0) { $0 + weights[$1] }
      #expect(weight == Self.heaviestWeight(values, weights), "\(values) \(weights)")
    }
  }

  /// A planted bug the oracle catches: keeping the longest subsequence by
  /// count instead of by weight (one heavy run against two light ones).
  @Test func countInsteadOfWeightIsCaught() {
    let (values, weights) = ([5, 1, 2], [10, 1, 1])
    let byCount = longestIncreasingSubsequence(values)
    let countWeight = values.indices.filter { byCount[$0] }.reduce(0) { $0 + weights[$1] }
    #expect(countWeight != Self.heaviestWeight(values, weights))
    let keep = heaviestIncreasingSubsequence(
      values, weights: weights, ascending: ascendingOrder(of: values, within: 0..<6))
    #expect(keep == [true, false, false])
  }

  /// The order of runs by old start, both ways (keys dense in their
  /// bounds filed by key, sparse ones sorted): each index once, with its
  /// key, in ascending order of key, against a sort of the pairs.
  @Test func ascendingOrderMatchesASortEveryWay() {
    var rng = SplitMix64(seed: 11)
    var (dense, sparse) = (0, 0)
    for round in 0..<400 {
      let low = rng.below(50)
      let width = 1 + rng.below(round % 2 == 0 ? 30 : 600)
      var places = Array(low..<(low + width))
      places.shuffle(using: &rng)
      let keys = Array(places.prefix(rng.below(min(width, 40) + 1)))
      let order = ascendingOrder(of: keys, within: low..<(low + width))
      let oracle = keys.indices.sorted { keys[$0] < keys[$1] }.map { keys[$0] << 32 | $0 }
      #expect(order == oracle, "round \(round): \(keys) in \(low)..<\(low + width)")
      if width <= keys.count * 16 { dense += 1 } else { sparse += 1 }
    }
    #expect(dense > 100 && sparse > 100, "\(dense) dense, \(sparse) sparse")
  }

  /// A planted bug the sort oracle catches: filing each index without the
  /// + 1 that tells a filed place from an empty one (index 0 is dropped).
  @Test func unfiledFirstIndexIsCaught() {
    let (keys, bounds) = ([3, 1, 2], 0..<4)
    var filed = [Int](repeating: 0, count: bounds.count)
    for (index, key) in keys.enumerated() { filed[key] = index }
    let planted = filed.indices.filter { filed[$0] != 0 }.map { $0 << 32 | filed[$0] }
    let oracle = [1 << 32 | 1, 2 << 32 | 2, 3 << 32 | 0]
    #expect(planted != oracle)
    #expect(ascendingOrder(of: keys, within: bounds) == oracle)
  }

  /// The walk's run lists against an array fed the same way: appends past
  /// the first room, repeated values, room made ahead, emptied and reused.
  @Test func intListKeepsWhatAnArrayKeeps() {
    var rng = SplitMix64(seed: 12)
    var list = IntList()
    for _ in 0..<20 {
      var oracle: [Int] = []
      list.removeAll()
      for _ in 0..<rng.below(200) {
        switch rng.below(10) {
        case 0:
          let (value, count) = (rng.below(100), rng.below(40))
          list.append(repeating: value, count: count)
          oracle += repeatElement(value, count: count)
        case 1:
          list.reserve(oracle.count + rng.below(100))
        default:
          let value = rng.below(1_000)
          list.append(value)
          oracle.append(value)
        }
      }
      #expect(Array(list.elements) == oracle)
    }
  }

  /// The gaps between runs, every way (runs sorted, when few; indices
  /// marked, when many; none, when the runs cover everything): exactly the
  /// walked indices no run covers, in ascending order, against a
  /// set-difference oracle.
  @Test func gapsAreTheUncoveredIndices() {
    var rng = SplitMix64(seed: 7)
    var (sorted, marked, full) = (0, 0, 0)
    for round in 0..<400 {
      // Disjoint runs cut from a walked range, in shuffled order.
      let low = rng.below(20)
      let walked = low..<(low + rng.below(round % 2 == 0 ? 400 : 40))
      var runs: [(start: Int, length: Int)] = []
      var index = walked.lowerBound
      while index < walked.upperBound {
        index += round % 7 == 0 ? 0 : rng.below(round % 3 == 0 ? 30 : 3)
        let length = 1 + rng.below(round % 3 == 0 ? 80 : 3)
        guard index + length <= walked.upperBound else { break }
        runs.append((index, length))
        index += length
      }
      // Every seventh round, runs back to back to the end: no gap.
      if round % 7 == 0 && index < walked.upperBound {
        runs.append((index, walked.upperBound - index))
      }
      runs.shuffle(using: &rng)
      var gaps: [Int] = [-1]
      EngineDiffer<Int, Int>.appendGaps(
        in: walked, starts: runs.map(\.start), lengths: runs.map(\.length), to: &gaps)
      let covered = Set(runs.flatMap { $0.start..<($0.start + $0.length) })
      #expect(gaps == [-1] + walked.filter { !covered.contains($0) }, "round \(round)")
      if covered.count == walked.count {
        full += 1
      } else if runs.count <= walked.count / 8 {
        sorted += 1
      } else {
        marked += 1
      }
    }
    // Every way was exercised.
    #expect(
      sorted > 50 && marked > 50 && full > 10,
      "\(sorted) sorted, \(marked) marked, \(full) full")
  }

  /// A planted bug the gap oracle catches: gaps taken between the runs in
  /// the order given (new order), not sorted by start.
  @Test func unsortedGapsAreCaught() {
    let (walked, starts, lengths) = (0..<100, [50, 10], [10, 5])
    var planted: [Int] = []
    var next = walked.lowerBound
    for (start, length) in zip(starts, lengths) {
      planted.append(contentsOf: next..<Swift.max(next, start))
      next = start + length
    }
    planted.append(contentsOf: next..<walked.upperBound)
    var gaps: [Int] = []
    EngineDiffer<Int, Int>.appendGaps(in: walked, starts: starts, lengths: lengths, to: &gaps)
    let oracle = Array(0..<10) + Array(15..<50) + Array(60..<100)
    #expect(planted != oracle)
    #expect(gaps == oracle)
  }

  /// Snapshots derived from sections of 300 items by 1–12 single-item
  /// moves, deletes and inserts (and appends across sections): every
  /// changeset replays, is move-minimal and exact.
  @Test(arguments: [1 as UInt64, 2, 3, 4])
  func derivedEditsDiffMinimally(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    for round in 0..<40 {
      var old = Snap()
      try old.appendSections([0, 1])
      try old.appendItems(Array(0..<300), toSection: 0)
      try old.appendItems(Array(1_000..<1_050), toSection: 1)
      var new = old
      var fresh = 5_000
      for _ in 0..<(1 + rng.below(12)) {
        let items = new.itemIdentifiers
        let item = items[rng.below(items.count)]
        let anchor = items[rng.below(items.count)]
        switch rng.below(4) {
        case 0 where item != anchor: try new.moveItem(item, afterItem: anchor)
        case 1: try new.deleteItems([item])
        case 2:
          try new.insertItems([fresh], beforeItem: anchor)
          fresh += 1
        default: try new.appendItems([item], toSection: rng.below(2))
        }
      }
      EngineDifferTests().verify(old, new, "seed \(seed) round \(round)")
      EngineDifferTests().verify(new, old, "seed \(seed) round \(round), back")
    }
  }
}
