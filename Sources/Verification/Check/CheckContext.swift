import Generators

/// What a check tells the process running it while it runs: the call of
/// the implementation it is about to make (so a trap there is blamed on
/// that call) and each failure as soon as it is found (so a later trap
/// in the same case does not lose it). In-process runs pass `.none`; the
/// fuzz command's workers report both to their supervisor.
public struct CheckContext: Sendable {
  /// Called before a call of the implementation: its part, the method's
  /// Swift name and the index of the script's step.
  public var willCall: @Sendable (_ part: String, _ operation: String, _ step: Int) -> Void
  /// Called after the call returned.
  public var didCall: @Sendable () -> Void
  /// Called with each failure when it is found.
  public var found: @Sendable (Failure) -> Void

  /// Creates a context.
  public init(
    willCall: @escaping @Sendable (String, String, Int) -> Void = { _, _, _ in },
    didCall: @escaping @Sendable () -> Void = {},
    found: @escaping @Sendable (Failure) -> Void = { _ in }
  ) {
    self.willCall = willCall
    self.didCall = didCall
    self.found = found
  }

  /// A context that is told nothing (in-process runs).
  public static let none = CheckContext()
}
