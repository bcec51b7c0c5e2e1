import Generators
import Verification

/// What a shrink is after and whom it tells about its progress.
public struct ShrinkRequest {
  /// Which candidates count as still failing.
  public enum Goal: String, Sendable, Codable {
    /// A candidate whose check fails (returns a failure verdict).
    case failure
    /// Only a candidate that crashes the process; every candidate that
    /// returns is uninteresting.
    case crash
  }

  /// Which candidates count as still failing.
  public var goal: Goal
  /// With `goal` `.failure`: the rule a candidate must break to count
  /// (the failure's own, so it never shrinks into another); `nil` accepts
  /// any failure.
  public var rule: FailureKind?
  /// Tokens of candidates that crashed an earlier shrink worker of this
  /// shrink: each counts as not failing, unchecked, so the shrink goes on
  /// past it instead of crashing again.
  public var avoid: [String]
  /// The most seconds the shrink may take.
  public var maxSeconds: Double
  /// Called with a candidate's token just before it is checked.
  public var willCheck: (String) -> Void
  /// Called with the token of each simpler failing case found.
  public var didImprove: (String) -> Void
  /// Called after a candidate's check returned.
  public var didCheck: () -> Void
  /// What each candidate's check tells of its calls and failures.
  public var context: CheckContext

  /// Creates a request.
  public init(
    goal: Goal, rule: FailureKind? = nil, avoid: [String] = [], maxSeconds: Double,
    willCheck: @escaping (String) -> Void = { _ in },
    didImprove: @escaping (String) -> Void = { _ in }, didCheck: @escaping () -> Void = {},
    context: CheckContext = .none
  ) {
    self.didCheck = didCheck
    self.context = context
    self.goal = goal
    self.rule = rule
    self.avoid = avoid
    self.maxSeconds = maxSeconds
    self.willCheck = willCheck
    self.didImprove = didImprove
  }
}
