import Generators

/// The benchmark draws every input from the package's seeded `SplitMix64`,
/// so each input is a pure function of its seed.
extension SplitMix64 {
  /// A uniform integer in `0..<bound` (`bound` > 0).
  mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &self) }

  /// `count` distinct positions of `0..<total`, ascending.
  mutating func sample(_ count: Int, of total: Int) -> [Int] {
    var positions = Array(0..<total)
    for index in 0..<min(count, total) {
      positions.swapAt(index, index + below(total - index))
    }
    return positions.prefix(min(count, total)).sorted()
  }
}
