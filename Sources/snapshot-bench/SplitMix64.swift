/// The benchmark's own seeded generator (SplitMix64, Steele, Lea & Flood
/// 2014): every input is a pure function of the seed.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

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
