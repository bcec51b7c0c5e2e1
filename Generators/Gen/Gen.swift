/// A generator of `Value`s: a pure function from the choices drawn from a
/// `ChoiceSource` to a value.
///
/// Because every random decision is a recorded bounded integer, a generator
/// shrinks for free: the shrinker edits the choice sequence and re-runs the
/// generator, so a shrunk value is always one the generator can produce,
/// dependent generation included. Choice 0 is always the "simplest" option
/// (the lower bound, the first alternative, "stop").
public struct Gen<Value>: Sendable {
  private let body: @Sendable (ChoiceSource) throws(GenerationError) -> Value

  /// Creates a generator from a function of a choice source; each value
  /// it draws is recorded as a span labelled by where the generator was
  /// written (`file:line`, e.g. `MyApp/Heap.swift:12`). A recursive
  /// generator written this way (a tree whose nodes are drawn by the same
  /// closure) therefore shows the shrinker its structure with no label of
  /// ours: every node is a span of the same label, so a subtree can
  /// replace its parent (Hypothesis records a span per draw the same way).
  public init(
    _ body: @escaping @Sendable (ChoiceSource) throws(GenerationError) -> Value,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    let label = "\(fileID):\(line)"
    self.body = { source throws(GenerationError) in
      let token = source.beginSpan(label)
      defer { source.endSpan(token) }
      return try body(source)
    }
  }

  private init(spanless body: @escaping @Sendable (ChoiceSource) throws(GenerationError) -> Value) {
    self.body = body
  }

  /// A generator from a function of a choice source that records no span
  /// of its own: for combinators and library generators whose structure
  /// is recorded by the spans they open themselves (list elements,
  /// commands, subtrees), so that their choice layout, and how the
  /// shrinker sees it, stay as they are.
  public static func primitive(
    _ body: @escaping @Sendable (ChoiceSource) throws(GenerationError) -> Value
  ) -> Gen { Gen(spanless: body) }

  /// Draws one value.
  /// - Throws: `GenerationError` when the choices admit no value.
  public func generate(_ source: ChoiceSource) throws(GenerationError) -> Value {
    try body(source)
  }

  /// Draws one value inside a span labelled `label`.
  public func generate(_ source: ChoiceSource, label: String) throws(GenerationError) -> Value {
    let token = source.beginSpan(label)
    defer { source.endSpan(token) }
    return try body(source)
  }

  /// Decodes `choices` (see `ChoiceSource(replaying:)`).
  /// - Returns: the value and the choices actually consumed.
  public func replay(_ choices: [UInt64]) throws(GenerationError) -> (
    value: Value, choices: [UInt64]
  ) {
    let source = ChoiceSource(replaying: choices)
    let value = try body(source)
    return (value, source.choices)
  }
}
