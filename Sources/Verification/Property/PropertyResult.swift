/// The verdict of a property on one case.
public enum PropertyResult: Hashable, Sendable {
  /// The property holds.
  case pass
  /// The property is violated. `expected` and `actual` are the two sides'
  /// states (e.g. model and engine), rendered as text; the counterexample
  /// shows them as a `-`/`+` line diff.
  case fail(message: String, expected: String = "", actual: String = "")
  /// The case does not apply (a precondition the generator could not
  /// enforce); it counts as a discard.
  case discard(String)

  /// Whether the verdict is `.fail`.
  public var isFailure: Bool {
    if case .fail = self { return true }
    return false
  }
}
