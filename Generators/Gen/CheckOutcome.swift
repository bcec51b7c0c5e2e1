/// What `Gen.check` found: how many cases it checked and discarded, and
/// its failures, shrunk: the first case of each distinct kind
/// (`FailureKind`), most severe first. `caseIndex`, `original` and
/// `shrunk` describe the first of them.
public struct CheckOutcome<Value> {
  /// One distinct failure: its kind, its first case and that case shrunk
  /// (keeping the kind).
  public struct Failure {
    /// The rule the case broke.
    public var kind: FailureKind
    /// The index of the first failing case of this kind.
    public var caseIndex: Int
    /// The failing value as generated.
    public var original: Value
    /// The failing value after shrinking, when it decodes.
    public var shrunk: Shrunk<Value>?

    /// Creates a failure.
    public init(kind: FailureKind, caseIndex: Int, original: Value, shrunk: Shrunk<Value>?) {
      self.kind = kind
      self.caseIndex = caseIndex
      self.original = original
      self.shrunk = shrunk
    }
  }

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
  /// Every distinct failure, most severe first (then by case index).
  public var failures: [Failure] = []

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
extension CheckOutcome.Failure: Sendable where Value: Sendable {}
