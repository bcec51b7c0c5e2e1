/// The one place randomness enters generation: a source of bounded integers
/// that records every draw, or replays a given sequence of them.
///
/// Generation is a pure function of the recorded sequence: replaying the
/// sequence that a random run recorded yields the same value, and any other
/// sequence (a shrunk one, a hand-edited one) still decodes to a value the
/// generators could have produced. Replay is forgiving, and never selects
/// a branch the random mode could not draw:
///
/// - past the end of the sequence every draw reads 0, the minimal choice;
/// - a value above a draw's bound is clamped to the bound;
/// - a value the draw can never yield at random is mapped to one it can:
///   a zero-weight index of `weightedIndex` to the nearest lower index with
///   weight (else the first with weight), `true` for a Boolean of
///   probability 0 to `false`, `false` for one of probability 1 to `true`.
///
/// `choices` records the value each draw yielded (clamped and mapped), so
/// it is always a sequence the random mode could have recorded, and it
/// replays to the same value and the same choices.
///
/// Random mode is where distribution lives (bias toward boundaries and small
/// values, the size ramp, boundary tables); none of it changes how a recorded
/// sequence decodes. A reference type because generators pass it down a call
/// tree; not thread-safe, one source per case.
///
/// Its mutable stored properties are `@exclusivity(unchecked)`: each draw
/// reads and writes them, and a dynamic exclusivity check per access (a
/// thread-local access set) would be a constant on every draw. A source is
/// used by one generator call tree on one thread, and each access is a
/// read or write within one method; built with the checks on, the tests
/// trip none.
public final class ChoiceSource {
  /// The choices drawn so far, each within the bound of its draw.
  @exclusivity(unchecked) public private(set) var choices: [UInt64] = []
  /// The spans recorded so far, in the order they were opened.
  @exclusivity(unchecked) public private(set) var spans: [ChoiceSpan] = []
  /// The size hint of random mode, in `0...100`; small early in a run.
  public let size: Int
  /// The index of the case within its run in random mode (boundary tables
  /// use it so boundary cases come first); `nil` when replaying.
  public let caseIndex: Int?
  /// The most choices one case may draw; later draws yield 0.
  public let maxChoices: Int
  /// Whether a draw happened past `maxChoices` (random mode) or past the end
  /// of the replayed sequence.
  @exclusivity(unchecked) public private(set) var overran = false

  /// The last integers `Gen.int(in:)` drew in random mode, newest last:
  /// later draws sometimes land near one of them (see `drawInteger`).
  @exclusivity(unchecked) var recentIntegers: [Int] = []

  @exclusivity(unchecked) private var rng: Xoshiro256StarStar?
  private let prefix: [UInt64]
  @exclusivity(unchecked) private var open: [Int] = []

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

  /// `true` (recorded as 1) with `probability` in random mode. A
  /// probability of 0 or less (or NaN) always yields `false` and one of 1
  /// or more always `true`, replayed choices included: the draw still
  /// consumes its choice, so the choices after it stay aligned.
  public func drawBool(probability: Double) -> Bool {
    let heads = randomChance(probability)
    let lowest: UInt64 = probability >= 1 ? 1 : 0
    let highest: UInt64 = probability > 0 ? 1 : 0
    return drawForced(heads ? 1 : 0, upTo: 1) { Swift.min(Swift.max($0, lowest), highest) } == 1
  }

  /// An index of `weights` drawn with probability proportional to its
  /// weight in random mode (weights ≤ 0 count as 0). When replaying, a
  /// recorded index with a positive weight decodes to itself; one without
  /// decodes to the nearest lower index with a positive weight, or the
  /// first such index when there is none below. The map is monotone, so a
  /// shrinker lowering the choice never raises the index, and choice 0
  /// is the first alternative with weight.
  ///
  /// - Throws: `.empty(label:)` when no weight is positive (nothing could
  ///   be drawn): the case is a discard.
  /// - Complexity: O(*n*), where *n* is `weights.count`.
  func weightedIndex(_ weights: [Int], label: String = "weightedIndex") throws(GenerationError)
    -> Int
  {
    var total = 0
    for weight in weights where weight > 0 { total += weight }
    guard total > 0 else { throw .empty(label: label) }
    var ticket = Int(randomValue(upTo: UInt64(total - 1)))
    var chosen = 0
    for (index, weight) in weights.enumerated() where weight > 0 {
      if ticket < weight {
        chosen = index
        break
      }
      ticket -= weight
    }
    let last = UInt64(weights.count - 1)
    return Int(
      drawForced(UInt64(chosen), upTo: last) { recorded in
        let index = Int(recorded)
        let below = weights[...index].lastIndex { $0 > 0 }
        return UInt64(below ?? weights.firstIndex { $0 > 0 } ?? 0)
      })
  }

  /// Records `value` (clamped to `max`) in random mode; reads a value in
  /// `0...max` when replaying. For choices the run decides, such as the
  /// size or a boundary-table entry.
  public func drawForced(_ value: UInt64, upTo max: UInt64) -> UInt64 {
    record(max) { _ in Swift.min(value, max) }
  }

  /// Records `value` (clamped to `max`) in random mode; when replaying,
  /// reads a value in `0...max` and yields (and records) `drawable` of it,
  /// which maps any value to one the random mode could have recorded.
  func drawForced(
    _ value: UInt64, upTo max: UInt64, replayed drawable: (UInt64) -> UInt64
  ) -> UInt64 {
    record(max, replayed: drawable) { _ in Swift.min(value, max) }
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

  /// Appends and yields the next choice: `random`'s value in random mode;
  /// otherwise the replayed value clamped to `max` (0 past the end of the
  /// sequence or past `maxChoices`), passed through `drawable`.
  private func record(
    _ max: UInt64, replayed drawable: (UInt64) -> UInt64 = { $0 },
    _ random: (inout Xoshiro256StarStar) -> UInt64
  ) -> UInt64 {
    let index = choices.count
    let value: UInt64
    if index < maxChoices, var generator = rng {
      value = random(&generator)
      rng = generator
    } else {
      let replayed = index < maxChoices && index < prefix.count ? prefix[index] : nil
      if replayed == nil { overran = true }
      value = drawable(Swift.min(replayed ?? 0, max))
    }
    choices.append(value)
    return value
  }
}
