import Generators

/// The engine tests draw from the package's seeded `SplitMix64`, so every
/// test run draws the same cases.
extension SplitMix64 {
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
