/// What a failing case broke, as a structured value: which part of the
/// implementation, which call or rule, and how badly. It tells failures
/// apart (Hypothesis tells them apart by a structured origin, an exception
/// type and a location, never by the message): a run keeps and shrinks one
/// case per kind, a shrink accepts only candidates that fail with the kind
/// it started from, and failures of several properties that share a
/// `culprit` are one cause.
///
/// A kind never holds an id, a count or message text: one bug is one kind
/// whatever values its cases quote.
///
/// Kinds order by `severity` first (traps, then what UIKit raises on,
/// wrong results, identity losses, cosmetic differences), then by culprit:
/// the order reports list them in.
public struct FailureKind: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
  /// How bad a failure is for an app; reports list the most severe first.
  public enum Severity: Int, Hashable, Sendable, Codable, Comparable, CaseIterable {
    /// The code under test trapped (the process died) or hung.
    case trap = 0
    /// A batch that breaks a `performBatchUpdates` rule on valid snapshots
    /// (or repeats an id in a stage's data): UIKit raises
    /// `NSInternalInconsistencyException`, the app crashes.
    case raises = 1
    /// A wrong result, state or answer that UIKit accepts.
    case wrong = 2
    /// A valid batch that deletes and re-inserts an item or section
    /// present on both sides: the view animates the wrong thing and loses
    /// the cell's state.
    case identity = 3
    /// A difference no user sees in the list: more moves than needed, an
    /// order the spec leaves open, a debug description.
    case cosmetic = 4

    /// The severity in reports: `trap`, `UIKit raises`, `wrong result`,
    /// `identity loss` or `cosmetic`.
    public var label: String {
      switch self {
      case .trap: return "trap"
      case .raises: return "UIKit raises"
      case .wrong: return "wrong result"
      case .identity: return "identity loss"
      case .cosmetic: return "cosmetic"
      }
    }

    /// Whether `lhs` is more severe than `rhs`.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// The culprit: what a user would fix.
  public var culprit: Culprit
  /// How bad the failure is.
  public var severity: Severity

  /// Creates a kind.
  public init(_ culprit: Culprit, severity: Severity = .wrong) {
    self.culprit = culprit
    self.severity = severity
  }

  /// A kind named by a check of its own (a user-written property's rule).
  public init(_ rule: String, severity: Severity = .wrong) {
    self.init(.check(rule), severity: severity)
  }

  /// The one kind of a property that only says pass or fail (`Gen.check`
  /// with a `Bool` predicate, a check that names no kind).
  public static let failure = FailureKind(.check("failure"))

  /// A trap inside `operation` of `part` (both `nil` when the trap came
  /// from outside any call of the code under test).
  public static func trap(in part: String? = nil, _ operation: String? = nil) -> FailureKind {
    FailureKind(.trap(part: part, operation: operation), severity: .trap)
  }

  /// A case that did not finish in its time limit.
  public static let timeout = FailureKind(.timeout, severity: .trap)

  /// Severity first, then culprit.
  public static func < (lhs: FailureKind, rhs: FailureKind) -> Bool {
    (lhs.severity, lhs.culprit.description) < (rhs.severity, rhs.culprit.description)
  }

  /// The culprit, with the severity in front when it is not a plain wrong
  /// result: `[UIKit raises] differ: batch rule countMismatch`.
  public var description: String {
    severity == .wrong ? culprit.description : "[\(severity.label)] \(culprit)"
  }
}

/// What a failure is blamed on: the first call of the implementation whose
/// result diverged from the reference (or broke a rule of its own), the
/// batch rule a differ's changeset broke, a trap, or the suite itself.
///
/// Two failures with one culprit are one cause: fixing the culprit fixes
/// both.
public enum Culprit: Hashable, Sendable, Codable, CustomStringConvertible {
  /// A call of the implementation's `part` (`"snapshot"`,
  /// `"section snapshot"`, `"data source"`) whose result or state was
  /// wrong: `operation` is the method's Swift name
  /// (`"moveItem(_:afterItem:)"`).
  case call(part: String, operation: String)
  /// A rule the differ's changesets broke (`"batch rule countMismatch"`,
  /// `"identity"`, `"result"`, `"refresh"`, …).
  case differ(rule: String)
  /// A trap inside `operation` of `part`; both `nil` when it happened
  /// outside any call of the code under test.
  case trap(part: String?, operation: String?)
  /// A case that did not finish in its time limit.
  case timeout
  /// The suite's own code: the reference model, the reference interpreter,
  /// an identifier mapping, a generator.
  case suite(String)
  /// A rule a user-written check names.
  case check(String)

  /// `snapshot: moveItem(_:afterItem:)`, `differ: batch rule countMismatch`,
  /// `trap in snapshot: appendSections(_:)`, `the suite: reference model`.
  /// The part of an implementation at fault, when the culprit is a call
  /// of one or a trap in one.
  public var part: String? {
    switch self {
    case .call(let part, _): return part
    case .trap(let part, _): return part
    case .differ, .timeout, .suite, .check: return nil
    }
  }

  public var description: String {
    switch self {
    case .call(let part, let operation): return "\(part): \(operation)"
    case .differ(let rule): return "differ: \(rule)"
    case .trap(let part?, let operation?): return "trap in \(part): \(operation)"
    case .trap(let part?, nil): return "trap in \(part)"
    case .trap: return "trap"
    case .timeout: return "timeout"
    case .suite(let what): return "the suite: \(what)"
    case .check(let rule): return rule
    }
  }
}
