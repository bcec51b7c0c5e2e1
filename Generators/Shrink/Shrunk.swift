/// A shrunk failing value, decoded: what `Gen.shrink` and `Gen.check`
/// hand back.
public struct Shrunk<Value> {
  /// The simplest failing value found.
  public var value: Value
  /// The shrink's result: the value's choices, the cost, and whether the
  /// budget ran out (`result.budgetExhausted`) before a fixpoint.
  public var result: ShrinkResult

  /// Creates a shrunk value.
  public init(value: Value, result: ShrinkResult) {
    self.value = value
    self.result = result
  }
}

extension Shrunk: Sendable where Value: Sendable {}
