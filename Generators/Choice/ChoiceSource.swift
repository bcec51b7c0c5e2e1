/// The one place randomness enters generation: a source of bounded integers
/// that records every draw, or replays a given sequence of them.
///
/// Generation is a pure function of the recorded sequence: replaying the
/// sequence that a random run recorded yields the same value, and any other
/// sequence (a shrunk one, a hand-edited one) still decodes to a value the
/// generators could have produced. Replay is forgiving:
///
/// - past the end of the sequence every draw yields 0, the minimal choice;
/// - a value above a draw's bound is clamped to the bound.
///
/// Random mode is where distribution lives (bias toward boundaries and small
/// values, the size ramp, boundary tables); none of it changes how a recorded
/// sequence decodes. A reference type because generators pass it down a call
/// tree; not thread-safe, one source per case.
public final class ChoiceSource {
  /// The choices drawn so far, each within the bound of its draw.
  public private(set) var choices: [UInt64] = []
  /// The spans recorded so far, in the order they were opened.
  public private(set) var spans: [ChoiceSpan] = []
  /// The size hint of random mode, in `0...100`; small early in a run.
  public let size: Int
  /// The index of the case within its run in random mode (boundary tables
  /// use it so boundary cases come first); `nil` when replaying.
  public let caseIndex: Int?
  /// The most choices one case may draw; later draws yield 0.
  public let maxChoices: Int
  /// Whether a draw happened past `maxChoices` (random mode) or past the end
  /// of the replayed sequence.
  public private(set) var overran = false

  /// The last integers `Gen.int(in:)` drew in random mode, newest last:
  /// later draws sometimes land near one of them (see `drawInteger`).
  var recentIntegers: [Int] = []

  private var rng: Xoshiro256StarStar?
  private let prefix: [UInt64]
  private var open: [Int] = []

  /// Creates a random source.
  ///
  /// - Parameters:
  ///   - seed: the seed of this case.
  ///   - size: the size hint, `0...100`.
  ///   - caseIndex: the index of the case within its run, if any.
  ///   - maxChoices: the most choices the case may draw.
  public init(
    seed: UInt64, size: Int = 100, caseIndex: Int? = nil, maxChoices: Int = 20_000
  ) {
    rng = Xoshiro256StarStar(seed: seed)
    prefix = []
    self.size = Swift.max(0, Swift.min(100, size))
    self.caseIndex = caseIndex
    self.maxChoices = maxChoices
    choices.reserveCapacity(256)
  }

  /// Creates a source that replays `choices`.
  public init(replaying choices: [UInt64], maxChoices: Int = 20_000) {
    rng = nil
    prefix = choices
    size = 100
    caseIndex = nil
    self.maxChoices = maxChoices
    self.choices.reserveCapacity(choices.count)
  }

  /// Whether the source draws fresh random values (not a replay).
  public var isRandom: Bool { rng != nil }

  // MARK: Draws

  /// A value in `0...max`, uniform in random mode.
  /// - Complexity: O(1) amortized.
  public func draw(upTo max: UInt64) -> UInt64 {
    record(max) { rng in rng.next(upTo: max) }
  }

  /// A value in `0...max` biased, in random mode, toward the boundaries and
  /// small values: 0 and `max` each about 1/16 of the time, `0...3` about
  /// 3/16, uniform otherwise.
  public func drawBiased(upTo max: UInt64) -> UInt64 {
    record(max) { rng in
      switch rng.next(upTo: 15) {
      case 0: return 0
      case 1: return max
      case 2, 3, 4: return rng.next(upTo: Swift.min(max, 3))
      default: return rng.next(upTo: max)
      }
    }
  }

  /// `true` (recorded as 1) with `probability` in random mode.
  public func drawBool(probability: Double) -> Bool {
    drawForced(randomChance(probability) ? 1 : 0, upTo: 1) == 1
  }

  /// Records `value` (clamped to `max`) in random mode; reads a value in
  /// `0...max` when replaying. For choices the run decides, such as the
  /// size or a boundary-table entry.
  public func drawForced(_ value: UInt64, upTo max: UInt64) -> UInt64 {
    record(max) { _ in Swift.min(value, max) }
  }

  /// An unrecorded uniform value in `0...max` in random mode (0 when
  /// replaying), for random-mode decisions that are then recorded with
  /// `drawForced(_:upTo:)`.
  public func randomValue(upTo max: UInt64) -> UInt64 {
    guard var generator = rng else { return 0 }
    defer { rng = generator }
    return generator.next(upTo: max)
  }

  /// An unrecorded coin flip that is `true` with `probability` in random
  /// mode (`false` when replaying).
  public func randomChance(_ probability: Double) -> Bool {
    guard var generator = rng else { return false }
    defer { rng = generator }
    return Double(generator.next() >> 11) * 0x1.0p-53 < probability
  }

  // MARK: Spans

  /// Opens a span labelled `label`; close it with `endSpan(_:)`.
  /// - Returns: a token for `endSpan(_:)`.
  public func beginSpan(_ label: String) -> Int {
    spans.append(
      ChoiceSpan(label: label, start: choices.count, end: choices.count, depth: open.count))
    open.append(spans.count - 1)
    return spans.count - 1
  }

  /// Closes the span `token` (and any span opened inside it and left open).
  public func endSpan(_ token: Int) {
    while let last = open.last, last >= token {
      open.removeLast()
      spans[last].end = choices.count
    }
  }

  /// Runs `body` inside a span labelled `label`.
  public func span<T, E: Error>(_ label: String, _ body: () throws(E) -> T) throws(E) -> T {
    let token = beginSpan(label)
    defer { endSpan(token) }
    return try body()
  }

  // MARK: Private

  private func record(_ max: UInt64, _ random: (inout Xoshiro256StarStar) -> UInt64) -> UInt64 {
    let index = choices.count
    let value: UInt64
    if index >= maxChoices {
      overran = true
      value = 0
    } else if var generator = rng {
      value = random(&generator)
      rng = generator
    } else if index < prefix.count {
      value = Swift.min(prefix[index], max)
    } else {
      overran = true
      value = 0
    }
    choices.append(value)
    return value
  }
}
