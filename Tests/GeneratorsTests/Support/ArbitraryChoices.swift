import Generators

/// Choice sequences that no random run recorded, the inputs a replay must
/// survive: random values of random lengths (small, mixed, full-width),
/// huge values, all zeros, all `UInt64.max`; sequences a generator
/// recorded, then mutated the way the shrinker and a fuzzer mutate them
/// (a span deleted, zeroed or lowered, a choice raised or replaced, the
/// tail cut); and the candidates the shrinker itself runs while shrinking
/// recorded cases (the sequences that trapped in process).
///
/// Deterministic: the same seed yields the same sequences.
struct ArbitraryChoices {
  /// One recorded case: its choices and the spans over them.
  struct Recorded {
    var choices: [UInt64]
    var spans: [ChoiceSpan]
  }

  /// How a sequence was made, for the failure message.
  enum Kind {
    case small, mixed, fullWidth, huge, zeros, maxima, mutated, shrinkCandidate
  }

  private var rng: Xoshiro256StarStar
  private let recorded: [Recorded]
  private let candidates: [[UInt64]]
  private var nextCandidate = 0

  /// Sequences seeded by `seed` for `generator`: mutations of up to
  /// `bases` cases it records in random mode (at every size hint, boundary
  /// tables included) and `candidateCount` shrink candidates of the last
  /// 8 (the largest).
  init<T>(seed: UInt64, mutating generator: Gen<T>, bases: Int = 40, candidateCount: Int) {
    rng = Xoshiro256StarStar(seed: seed)
    recorded = (0..<bases).compactMap { index in
      let source = ChoiceSource(
        seed: SplitMix64.caseSeed(runSeed: seed, caseIndex: index),
        size: min(100, index * 5), caseIndex: index)
      guard (try? generator.generate(source)) != nil else { return nil }
      return Recorded(choices: source.choices, spans: source.spans)
    }
    candidates = Self.shrinkCandidates(generator, of: recorded.suffix(8), count: candidateCount)
  }

  /// The next sequence and how it was made; the kinds take turns, the
  /// mutated ones and the shrink candidates (the likeliest to reach deep
  /// branches) two turns in ten each.
  /// - Complexity: O(*n*), where *n* is the sequence's length.
  mutating func next(_ index: Int) -> (kind: Kind, choices: [UInt64]) {
    let plain: [Kind] = [.small, .mixed, .fullWidth, .huge, .zeros, .maxima]
    let kind: Kind
    switch index % 10 {
    case 6...7 where !recorded.isEmpty: kind = .mutated
    case 8...9 where !candidates.isEmpty: kind = .shrinkCandidate
    default: kind = plain[index % 10 % plain.count]
    }
    let length = Int(rng.next(upTo: 800))
    switch kind {
    case .small: return (kind, (0..<length).map { _ in rng.next(upTo: 3) })
    case .mixed: return (kind, (0..<length).map { _ in mixedValue() })
    case .fullWidth: return (kind, (0..<length).map { _ in rng.next() })
    case .huge: return (kind, (0..<length).map { _ in UInt64.max - rng.next(upTo: 1 << 20) })
    case .zeros: return (kind, Array(repeating: 0, count: length))
    case .maxima: return (kind, Array(repeating: .max, count: length))
    case .mutated: return (kind, mutated())
    case .shrinkCandidate:
      defer { nextCandidate += 1 }
      return (kind, candidates[nextCandidate % candidates.count])
    }
  }

  /// The first `count` candidates the shrinker runs while shrinking each
  /// of `bases` in turn, as if a case failed when its description hashes
  /// to an even number (FNV-1a): an arbitrary failure set, so the shrinker
  /// walks far (zeroing counts, deleting and lowering commands) the way it
  /// does on a real failure.
  static func shrinkCandidates<T>(
    _ generator: Gen<T>, of bases: some Collection<Recorded>, count: Int
  )
    -> [[UInt64]]
  {
    var candidates: [[UInt64]] = []
    let calls = count / Swift.max(1, bases.count) + 1
    let shrinker = Shrinker(budget: ShrinkBudget(maxCalls: calls, maxSeconds: 600))
    for base in bases {
      _ = shrinker.shrink(ShrinkAttempt(choices: base.choices, spans: base.spans)) { choices in
        candidates.append(choices)
        let source = ChoiceSource(replaying: choices)
        guard let value = try? generator.generate(source) else { return nil }
        let hash = String(describing: value).utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) {
          ($0 ^ UInt64($1)) &* 0x100_0000_01b3
        }
        return (ShrinkAttempt(choices: source.choices, spans: source.spans), hash % 2 == 0)
      }
    }
    return Array(candidates.prefix(count))
  }

  /// A value that is 0, small, medium or full-width, each a quarter of
  /// the time.
  private mutating func mixedValue() -> UInt64 {
    switch rng.next(upTo: 3) {
    case 0: return 0
    case 1: return rng.next(upTo: 3)
    case 2: return rng.next(upTo: 100)
    default: return rng.next()
    }
  }

  /// A recorded sequence after one to three mutations.
  private mutating func mutated() -> [UInt64] {
    let base = recorded[Int(rng.next(upTo: UInt64(recorded.count - 1)))]
    var choices = base.choices
    for _ in 0...rng.next(upTo: 2) {
      guard !choices.isEmpty else { break }
      let range = span(in: base, within: choices.count)
      switch rng.next(upTo: 5) {
      case 0: choices.removeSubrange(range)
      case 1: for index in range { choices[index] = 0 }
      case 2: for index in range { choices[index] /= 2 }
      case 3: for index in range { choices[index] &+= 1 + rng.next(upTo: 2) }
      case 4: choices[range.lowerBound] = mixedValue()
      default: choices.removeSubrange(range.lowerBound...)
      }
    }
    return choices
  }

  /// The choices of a random recorded span of `base` (cut to `count`), or
  /// of a random short run when the span is empty or past the end.
  private mutating func span(in base: Recorded, within count: Int) -> Range<Int> {
    if !base.spans.isEmpty {
      let span = base.spans[Int(rng.next(upTo: UInt64(base.spans.count - 1)))]
      let end = min(span.end, count)
      if span.start < end { return span.start..<end }
    }
    let start = Int(rng.next(upTo: UInt64(count - 1)))
    return start..<min(count, start + 1 + Int(rng.next(upTo: 7)))
  }
}
