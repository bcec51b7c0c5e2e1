/// xoshiro256** (Blackman and Vigna 2018): a small, fast, seedable generator
/// with 256 bits of state, used for all random generation.
public struct Xoshiro256StarStar: RandomNumberGenerator, Sendable {
  private var s0: UInt64
  private var s1: UInt64
  private var s2: UInt64
  private var s3: UInt64

  /// Creates a generator whose state is expanded from `seed` by SplitMix64,
  /// as the authors recommend (never an all-zero state).
  public init(seed: UInt64) {
    var mixer = SplitMix64(seed: seed)
    s0 = mixer.next()
    s1 = mixer.next()
    s2 = mixer.next()
    s3 = mixer.next()
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    let result = rotl(s1 &* 5, 7) &* 9
    let t = s1 << 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = rotl(s3, 45)
    return result
  }

  /// A uniform value in `0...max` (Lemire's nearly-divisionless method).
  public mutating func next(upTo max: UInt64) -> UInt64 {
    if max == .max { return next() }
    let bound = max &+ 1
    var product = next().multipliedFullWidth(by: bound)
    if product.low < bound {
      let threshold = (0 &- bound) % bound
      while product.low < threshold {
        product = next().multipliedFullWidth(by: bound)
      }
    }
    return product.high
  }

  private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 {
    (x << k) | (x >> (64 - k))
  }
}
