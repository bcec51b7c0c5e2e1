import Generators

/// The verdict of a property on one case.
public enum PropertyResult: Hashable, Sendable {
  /// The property holds.
  case pass
  /// The property is violated. `expected` and `actual` are the two sides'
  /// states (e.g. model and engine), rendered as text; the counterexample
  /// shows them as a `-`/`+` line diff. `kind` names the rule broken (a
  /// run keeps one case per kind); `nil` derives it from the message
  /// (`FailureKind(message:)`).
  case fail(message: String, expected: String = "", actual: String = "", kind: FailureKind? = nil)
  /// The case does not apply (a precondition the generator could not
  /// enforce); it counts as a discard.
  case discard(String)

  /// Whether the verdict is `.fail`.
  public var isFailure: Bool {
    if case .fail = self { return true }
    return false
  }

  /// The kind of a failure (the one given, else derived from the
  /// message); `nil` unless the verdict is `.fail`.
  public var failureKind: FailureKind? {
    guard case .fail(let message, _, _, let kind) = self else { return nil }
    return kind ?? FailureKind(message: message)
  }

  /// The same verdict with `kind` as a failure's kind, unless it names
  /// one already.
  public func kind(_ kind: FailureKind) -> PropertyResult {
    guard case .fail(let message, let expected, let actual, nil) = self else { return self }
    return .fail(message: message, expected: expected, actual: actual, kind: kind)
  }
}
