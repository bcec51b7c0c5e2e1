extension Gen where Value == Int {
  /// An integer in `range` that shrinks toward zero (or toward the bound
  /// nearest to zero when the range excludes it): choice 0 is that value
  /// and small choices are small magnitudes (see `IntegerCoding`).
  ///
  /// In random mode the draw favours small and nearby values: a bound
  /// about 1/8 of the time, a value within 2 of an integer drawn earlier in
  /// the same case about 1/8, a magnitude below 8, 32 or 256 about 3/8, a
  /// magnitude below 65,536 about 1/8, uniform over the range otherwise;
  /// early in a run (size hint below 100) magnitudes are also capped at
  /// the range's span times the size hint / 100. None of this changes how a recorded choice decodes.
  public static func int(in range: ClosedRange<Int>) -> Gen<Int> {
    let coding = IntegerCoding(range)
    return Gen.primitive { source in source.drawInteger(coding, in: range) }
  }

  /// An integer in `range`, uniform in random mode; shrinks toward the
  /// lower bound.
  public static func uniformInt(in range: ClosedRange<Int>) -> Gen<Int> {
    let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
    let lower = range.lowerBound
    return Gen.primitive { source in
      lower &+ Int(truncatingIfNeeded: source.draw(upTo: span))
    }
  }

  /// An index into a collection of `count` elements (`0..<count`), biased
  /// toward the first and last.
  /// - Throws (when generating): `.empty(label: "index")` when `count` is
  ///   0 or less: an empty collection has no index to draw.
  public static func index(count: Int) -> Gen<Int> {
    Gen.primitive { source throws(GenerationError) in
      guard count > 0 else { throw .empty(label: "index") }
      return source.index(count: count)
    }
  }
}

extension Gen where Value == Bool {
  /// A Boolean, `true` with `probability` in random mode; shrinks to
  /// `false`.
  public static func bool(probability: Double = 0.5) -> Gen<Bool> {
    Gen.primitive { source in source.drawBool(probability: probability) }
  }
}

extension ChoiceSource {
  /// An index in `0..<count` (biased toward the ends in random mode), or 0
  /// without drawing when `count` is 0 or less: not an index, so a caller
  /// that subscripts checks the count first (or uses `element(of:)`).
  ///
  /// A one-element count still records its choice (a 0, no randomness
  /// used): a draw consumes one choice whenever it has something to pick,
  /// so a shrink that leaves a list with one element keeps every later
  /// choice aligned.
  public func index(count: Int) -> Int {
    guard count > 0 else { return 0 }
    guard count > 1 else { return Int(drawForced(0, upTo: 0)) }
    return Int(drawBiased(upTo: UInt64(count - 1)))
  }

  /// An element of `elements` chosen by index, or `nil` when it is empty.
  public func element<T>(of elements: [T]) -> T? {
    guard !elements.isEmpty else { return nil }
    return elements[index(count: elements.count)]
  }

  /// One integer of `range` recorded as one choice of `coding`; in random
  /// mode drawn from the mix `Gen.int(in:)` documents.
  func drawInteger(_ coding: IntegerCoding, in range: ClosedRange<Int>) -> Int {
    guard isRandom else { return coding.value(draw(upTo: coding.span)) }
    let wanted = randomInteger(coding, in: range)
    let value = coding.value(drawForced(coding.choice(wanted), upTo: coding.span))
    recentIntegers.append(value)
    if recentIntegers.count > 8 { recentIntegers.removeFirst() }
    return value
  }

  private func randomInteger(_ coding: IntegerCoding, in range: ClosedRange<Int>) -> Int {
    let span = scaled(coding.span)
    switch randomValue(upTo: 15) {
    case 0: return range.lowerBound
    case 1: return range.upperBound
    case 2...3 where !recentIntegers.isEmpty:
      let base = recentIntegers[Int(randomValue(upTo: UInt64(recentIntegers.count - 1)))]
      let delta = Int(randomValue(upTo: 4)) - 2
      let near =
        delta < 0 ? base.subtractingReportingOverflow(-delta) : base.addingReportingOverflow(delta)
      return near.overflow
        ? base : Swift.min(Swift.max(near.partialValue, range.lowerBound), range.upperBound)
    case 2...9:
      let limits: [UInt64] = [15, 63, 511]
      return coding.value(randomValue(upTo: Swift.min(span, limits[Int(randomValue(upTo: 2))])))
    case 10, 11:
      return coding.value(randomValue(upTo: Swift.min(span, 131_071)))
    default:
      return coding.value(randomValue(upTo: span))
    }
  }

  /// `span` scaled by the size hint (at least 1), so that early cases of a
  /// run draw small values from small ranges too.
  private func scaled(_ span: UInt64) -> UInt64 {
    guard size < 100 else { return span }
    let (product, overflow) = span.multipliedReportingOverflow(by: UInt64(size))
    return Swift.max(1, overflow ? span / 100 * UInt64(size) : product / 100)
  }
}
