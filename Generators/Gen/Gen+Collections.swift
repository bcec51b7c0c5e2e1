extension Gen {
  /// An array of `count` elements from `self`, each in a span labelled
  /// `"element"`, whose length is encoded as one "continue?" choice before
  /// each optional element.
  ///
  /// Deleting an element's span (its continue choice and its draws) deletes
  /// exactly that element, and zeroing a continue choice truncates the
  /// array, so the shrinker shortens arrays with its generic passes. In
  /// random mode the expected length grows with the size hint, up to
  /// `count.upperBound`.
  public func array(count: ClosedRange<Int> = 0...10) -> Gen<[Value]> {
    Gen<[Value]> { source throws(GenerationError) in
      try source.collect(count: count) { () throws(GenerationError) in try self.generate(source) }
    }
  }

}

extension ChoiceSource {
  /// Repeats `element` while "continue?" choices say so, between
  /// `count.lowerBound` and `count.upperBound` times; the first
  /// `count.lowerBound` elements need no continue choice. Each element is a
  /// span labelled `"element"` that includes its continue choice.
  public func collect<T, E: Error>(
    count: ClosedRange<Int>, _ element: () throws(E) -> T
  ) throws(E) -> [T] {
    var values: [T] = []
    let average = Double(count.lowerBound)
      + Double(count.upperBound - count.lowerBound) * Double(Swift.max(size, 5)) / 200
    let more = average / (average + 1)
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
