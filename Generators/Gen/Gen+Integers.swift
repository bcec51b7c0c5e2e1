extension Gen where Value == Int {
  /// An integer in `range`, biased in random mode toward the bounds and
  /// small offsets; shrinks toward the lower bound (choice 0).
  public static func int(in range: ClosedRange<Int>) -> Gen<Int> {
    let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
    let lower = range.lowerBound
    return Gen { source in
      lower &+ Int(truncatingIfNeeded: source.drawBiased(upTo: span))
    }
  }

  /// An integer in `range`, uniform in random mode; shrinks toward the
  /// lower bound.
  public static func uniformInt(in range: ClosedRange<Int>) -> Gen<Int> {
    let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
    let lower = range.lowerBound
    return Gen { source in
      lower &+ Int(truncatingIfNeeded: source.draw(upTo: span))
    }
  }

  /// An index into a collection of `count` elements (`0..<count`), biased
  /// toward the first and last; 0 when `count` is 0.
  public static func index(count: Int) -> Gen<Int> {
    Gen { source in source.index(count: count) }
  }
}

extension Gen where Value == Bool {
  /// A Boolean, `true` with `probability` in random mode; shrinks to
  /// `false`.
  public static func bool(probability: Double = 0.5) -> Gen<Bool> {
    Gen { source in source.drawBool(probability: probability) }
  }
}

extension ChoiceSource {
  /// An index in `0..<count` (biased toward the ends in random mode), or 0
  /// without drawing when `count` ≤ 1.
  public func index(count: Int) -> Int {
    guard count > 1 else { return 0 }
    return Int(drawBiased(upTo: UInt64(count - 1)))
  }

  /// An element of `elements` chosen by index, or `nil` when it is empty.
  public func element<T>(of elements: [T]) -> T? {
    guard !elements.isEmpty else { return nil }
    return elements[index(count: elements.count)]
  }
}
