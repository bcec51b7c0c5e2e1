/// How a rendered Swift statement of a call begins: whether its result is
/// discarded (`_ = `) and whether the call can throw (`try `).
public struct StatementPrefix: Hashable, Sendable {
  /// Whether the statement discards the call's result (`_ = `).
  public var discardsResult: Bool
  /// Whether the call can throw, so the statement needs `try`.
  public var canThrow: Bool

  /// A prefix for a call that discards its result or not and can throw or
  /// not.
  public init(discardsResult: Bool = false, canThrow: Bool) {
    self.discardsResult = discardsResult
    self.canThrow = canThrow
  }

  /// The prefix as Swift text: `try ` propagates a thrown error,
  /// `try? ` (with `swallowingErrors`) drops it, so a call that must trap
  /// ends the statement normally when it throws instead.
  public func text(swallowingErrors: Bool = false) -> String {
    let discard = discardsResult ? "_ = " : ""
    guard canThrow else { return discard }
    return discard + (swallowingErrors ? "try? " : "try ")
  }
}
