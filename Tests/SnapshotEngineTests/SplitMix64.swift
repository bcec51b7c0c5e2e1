/// A tiny seeded generator (SplitMix64, Steele et al. 2014) so every test
/// run draws the same cases.
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

  /// A uniform integer in `0..<bound`.
  mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &self) }

  /// A uniform pick from a non-empty array.
  mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

  /// `count` draws from `0..<universe`, repeats possible with probability
  /// `repeatChance` percent.
  mutating func ids(_ count: Int, universe: Int, repeatChance: Int = 10) -> [Int] {
    var ids: [Int] = []
    for _ in 0..<count {
      if !ids.isEmpty && below(100) < repeatChance {
        ids.append(pick(ids))
      } else {
        ids.append(below(universe))
      }
    }
    return ids
  }
}
