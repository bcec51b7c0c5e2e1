/// SplitMix64 (Steele, Lea and Flood 2014): a tiny 64-bit generator used to
/// expand one seed into the state of `Xoshiro256StarStar` and to derive
/// independent per-case seeds.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  /// The current state; advanced by `next()`.
  public private(set) var state: UInt64

  /// Creates a generator whose first output is a function of `seed` alone.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return SplitMix64.mix(state)
  }

  /// The SplitMix64 output function: a bijective avalanche of `value`.
  public static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A seed for case `index` of a run seeded with `seed`.
  ///
  /// A pure function of the pair, so case `i` of a run can be regenerated
  /// without generating cases `0..<i`, and shards of case indices are
  /// disjoint and reproducible.
  public static func caseSeed(runSeed seed: UInt64, caseIndex index: Int) -> UInt64 {
    mix(mix(seed ^ 0x5DEE_CE66_D1CE_4E5B) &+ mix(UInt64(truncatingIfNeeded: index)))
  }
}
