/// How `Gen.int(in:)` maps a choice to an integer: choice 0 is the value
/// of the range closest to zero (its *origin*), and larger choices move
/// away from it, alternating sides while both sides have room.
///
/// For `-3...5` the choices `0, 1, 2, 3, 4, 5, 6, 7, 8` decode to
/// `0, 1, -1, 2, -2, 3, -3, 4, 5`; for `10...20` choice `c` is `10 + c`;
/// for `-20...(-10)` it is `-10 - c`. So a shrinker that lowers choices
/// moves integers toward zero, and a small choice is a small magnitude.
/// The map is a bijection between `0...span` and the range.
struct IntegerCoding: Hashable, Sendable {
  /// The value of choice 0: 0 when the range contains it, else the bound
  /// nearest to zero.
  let origin: Int
  /// How far the range reaches below the origin.
  let below: UInt64
  /// How far the range reaches above the origin.
  let above: UInt64

  init(_ range: ClosedRange<Int>) {
    origin = range.lowerBound > 0 ? range.lowerBound : (range.upperBound < 0 ? range.upperBound : 0)
    below = UInt64(bitPattern: Int64(origin &- range.lowerBound))
    above = UInt64(bitPattern: Int64(range.upperBound &- origin))
  }

  /// The largest choice.
  var span: UInt64 { below &+ above }

  /// The distance both sides share (choices `1...2 * shared` alternate).
  private var shared: UInt64 { Swift.min(below, above) }

  /// The integer that `choice` (clamped to `span`) decodes to.
  func value(_ choice: UInt64) -> Int {
    let choice = Swift.min(choice, span)
    if choice == 0 { return origin }
    let alternating = choice <= 2 * shared
    let magnitude = alternating ? (choice + 1) / 2 : choice - shared
    let upward = alternating ? choice % 2 == 1 : above > below
    let offset = Int(truncatingIfNeeded: magnitude)
    return upward ? origin &+ offset : origin &- offset
  }

  /// The choice that decodes to `value` (clamped into the range).
  func choice(_ value: Int) -> UInt64 {
    let upward = value > origin
    let magnitude =
      upward
      ? Swift.min(UInt64(bitPattern: Int64(value &- origin)), above)
      : Swift.min(UInt64(bitPattern: Int64(origin &- value)), below)
    if magnitude == 0 { return 0 }
    if magnitude <= shared { return upward ? 2 * magnitude - 1 : 2 * magnitude }
    return shared + magnitude
  }
}
