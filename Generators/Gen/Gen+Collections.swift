extension Gen {
  /// The length range of `array()`: up to 100 elements.
  public static var defaultArrayCount: ClosedRange<Int> { 0...100 }

  /// The expected length of `array()` at the full size hint (Hypothesis's
  /// default average list size): short lists are the common case, long
  /// ones still occur.
  public static var defaultArrayAverage: Double { 5 }

  /// An array of 0 to 100 elements (`defaultArrayCount`) from `self`, 5
  /// long on average at the full size hint and shorter early in a run;
  /// shrinks like `array(count:)`.
  public func array() -> Gen<[Value]> {
    Gen<[Value]>.primitive { source throws(GenerationError) in
      let average = Gen.defaultArrayAverage * Double(Swift.max(source.size, 5)) / 100
      return try source.collect(count: Gen.defaultArrayCount, average: average) {
        () throws(GenerationError) in try self.generate(source)
      }
    }
  }

  /// An array of `count` elements from `self`, each in a span labelled
  /// `"element"`, whose length is encoded as one "continue?" choice before
  /// each optional element.
  ///
  /// Deleting an element's span (its continue choice and its draws) deletes
  /// exactly that element, and zeroing a continue choice truncates the
  /// array, so the shrinker shortens arrays with its generic passes. In
  /// random mode the expected length grows with the size hint, up to the
  /// middle of `count` at the full size hint.
  public func array(count: ClosedRange<Int>) -> Gen<[Value]> {
    Gen<[Value]>.primitive { source throws(GenerationError) in
      try source.collect(count: count) { () throws(GenerationError) in try self.generate(source) }
    }
  }
}

extension ChoiceSource {
  /// Repeats `element` while "continue?" choices say so, between
  /// `count.lowerBound` and `count.upperBound` times; the first
  /// `count.lowerBound` elements need no continue choice. Each element is a
  /// span labelled `"element"` that includes its continue choice.
  ///
  /// In random mode the expected length is `average` when given, else it
  /// grows with the size hint to the middle of `count`.
  public func collect<T, E: Error>(
    count: ClosedRange<Int>, average: Double? = nil, _ element: () throws(E) -> T
  ) throws(E) -> [T] {
    var values: [T] = []
    let expected =
      average.map { Swift.max(Double(count.lowerBound), $0) }
      ?? Double(count.lowerBound)
      + Double(count.upperBound - count.lowerBound) * Double(Swift.max(size, 5)) / 200
    let more = expected / (expected + 1)
    while values.count < count.upperBound {
      let token = beginSpan("element")
      if values.count >= count.lowerBound && !drawBool(probability: more) {
        endSpan(token)
        break
      }
      values.append(try element())
      endSpan(token)
    }
    return values
  }
}
