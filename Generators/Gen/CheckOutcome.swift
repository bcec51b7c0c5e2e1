/// What `Gen.check` found: how many cases it checked and discarded, and
/// the first failure, shrunk.
public struct CheckOutcome<Value> {
  /// Cases checked (discards excluded).
  public var cases: Int
  /// Cases discarded by `filter`, `assuming` or `assume`.
  public var discards: Int
  /// The index of the failing case in the run, when one failed.
  public var caseIndex: Int?
  /// The failing value as generated, before shrinking.
  public var original: Value?
  /// The failing value after shrinking, with the shrink's result.
  public var shrunk: Shrunk<Value>?

  /// Creates an outcome.
  public init(
    cases: Int, discards: Int, caseIndex: Int? = nil, original: Value? = nil,
    shrunk: Shrunk<Value>? = nil
  ) {
    self.cases = cases
    self.discards = discards
    self.caseIndex = caseIndex
    self.original = original
    self.shrunk = shrunk
  }

  /// Whether a case failed.
  public var failed: Bool { caseIndex != nil }
}

extension CheckOutcome: Sendable where Value: Sendable {}
