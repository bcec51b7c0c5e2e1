import Generators

/// The verdict of a property on one case, as a worker reports it.
public struct CaseOutcome: Hashable, Sendable, Codable {
  /// Passed, failed or discarded.
  public enum Status: String, Hashable, Sendable, Codable {
    /// The property held.
    case pass
    /// The property failed; `message` and `diff` say how.
    case fail
    /// The case did not apply; `message` says why.
    case discard
  }

  /// The verdict.
  public var status: Status
  /// Why the case failed or was discarded; empty when it passed.
  public var message: String
  /// A `-`/`+` diff of the two sides' states when it failed.
  public var diff: String
  /// The rule a failure broke (a run keeps one case per rule); `nil`
  /// unless it failed.
  public var rule: FailureKind?

  /// Creates an outcome.
  public init(status: Status, message: String = "", diff: String = "", rule: FailureKind? = nil) {
    self.status = status
    self.message = message
    self.diff = diff
    self.rule = rule
  }

  /// A passing outcome.
  public static let pass = CaseOutcome(status: .pass)
}
