import Generators
import Verification

/// The verdict of a property on one case, as a worker reports it.
public struct CaseOutcome: Hashable, Sendable, Codable {
  /// Passed, failed or discarded.
  public enum Status: String, Hashable, Sendable, Codable {
    /// The property held.
    case pass
    /// The property failed; `failures` say how.
    case fail
    /// The case did not apply; `message` says why.
    case discard
  }

  /// One way the case failed.
  public struct Failure: Hashable, Sendable, Codable {
    /// What it is blamed on and how bad it is.
    public var rule: FailureKind
    /// The failure in a sentence or two.
    public var message: String
    /// A `-`/`+` diff of the two sides' states, if any.
    public var diff: String
    /// The step of the case's script that showed it, if it has steps.
    public var step: Int?
    /// The rendered test's statements from that step on.
    public var test: [String]
    /// Where the documentation states the rule.
    public var link: String?

    /// Creates a failure.
    public init(
      rule: FailureKind, message: String, diff: String = "", step: Int? = nil,
      test: [String] = [], link: String? = nil
    ) {
      self.rule = rule
      self.message = message
      self.diff = diff
      self.step = step
      self.test = test
      self.link = link
    }
  }

  /// The verdict.
  public var status: Status
  /// Why the case was discarded, or its first failure's message.
  public var message: String
  /// Every way the case failed, most severe first; empty unless it failed.
  public var failures: [Failure]
  /// The declared limits of the differ a passing case needed
  /// (`PropertyResult.limited`); empty otherwise.
  public var limits: [DifferLimit]

  /// Creates an outcome.
  public init(
    status: Status, message: String = "", failures: [Failure] = [], limits: [DifferLimit] = []
  ) {
    self.status = status
    self.message = message
    self.failures = failures
    self.limits = limits
  }

  /// A failing outcome.
  public init(failures: [Failure]) {
    self.init(status: .fail, message: failures.first?.message ?? "", failures: failures)
  }

  /// The most severe failure's rule; `nil` unless it failed.
  public var rule: FailureKind? { failures.first?.rule }

  /// The most severe failure's diff (empty unless it failed).
  public var diff: String { failures.first?.diff ?? "" }

  /// The failure of `rule`, if the case has one.
  public func failure(of rule: FailureKind) -> Failure? { failures.first { $0.rule == rule } }

  /// A passing outcome.
  public static let pass = CaseOutcome(status: .pass)
}
