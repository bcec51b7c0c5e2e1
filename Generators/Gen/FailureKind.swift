/// Which rule a failing case broke: what tells two failures of one property
/// apart (Hypothesis reports each distinct failure, by exception type and
/// location; here by the rule a check names). Two failing cases of one
/// kind are the same bug as far as a run can tell, so a run keeps and
/// shrinks one case per kind, and a shrink accepts only candidates that
/// fail with the kind it started from.
///
/// Kinds order by `severity` first (traps, then violations UIKit raises
/// on, then wrong results), then by name: the order reports list them in.
public struct FailureKind: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
  /// How bad a failure of this kind is for an app; reports list the most
  /// severe first.
  public enum Severity: Int, Hashable, Sendable, Codable, Comparable, CaseIterable {
    /// The code under test trapped (the process died).
    case trap = 0
    /// The code produced what UIKit raises an exception on (a batch-rule
    /// violation, an id repeated in a stage's data): an app would crash.
    case raises = 1
    /// A wrong result, state or answer that UIKit accepts.
    case wrong = 2

    /// The severity in reports: `trap`, `UIKit raises` or `wrong result`.
    public var label: String {
      switch self {
      case .trap: return "trap"
      case .raises: return "UIKit raises"
      case .wrong: return "wrong result"
      }
    }

    /// Whether `lhs` is more severe than `rhs`.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// How bad a failure of this kind is.
  public var severity: Severity
  /// The rule broken, e.g. `batch violation: repeatedItemInData` or
  /// `identity loss`.
  public var name: String

  /// Creates a kind.
  public init(_ name: String, severity: Severity = .wrong) {
    self.name = name
    self.severity = severity
  }

  /// The one kind of a property that only says pass or fail (`Gen.check`
  /// with a `Bool` predicate).
  public static let failure = FailureKind("failure")

  /// A trap whose message is `message` (digits normalized, as in
  /// `FailureKind(message:)`).
  public static func trap(_ message: String) -> FailureKind {
    FailureKind("trap: " + normalized(message), severity: .trap)
  }

  /// The default kind of a failure message, for checks that name no kind
  /// (user-written properties): the message with `step N:` prefixes
  /// removed, numbers replaced by `#` and the contents of backticks,
  /// brackets and quotes elided, cut at 120 characters. Two messages that
  /// differ only in the values they quote are one kind.
  public init(message: String) {
    self.init(FailureKind.normalized(message))
  }

  /// `message` with values elided (see `init(message:)`).
  public static func normalized(_ message: String) -> String {
    var text = Substring(message)
    while text.hasPrefix("step ") {
      guard let colon = text.firstIndex(of: ":"),
        text[text.index(text.startIndex, offsetBy: 5)..<colon].allSatisfy(\.isNumber)
      else { break }
      text = text[text.index(after: colon)...].drop { $0 == " " }
    }
    var result = ""
    var closing: Character?
    var lastWasDigit = false
    for character in text {
      if let close = closing {
        if character == close {
          closing = nil
          result.append(character)
        }
        continue
      }
      switch character {
      case "`", "\"", "'":
        closing = character
        result.append(character)
        result.append("…")
      case "[":
        closing = "]"
        result.append("[…")
      case _ where character.isNumber:
        if !lastWasDigit { result.append("#") }
        lastWasDigit = true
        continue
      default:
        result.append(character)
      }
      lastWasDigit = false
    }
    return String(result.prefix(120))
  }

  /// Severity first, then name.
  public static func < (lhs: FailureKind, rhs: FailureKind) -> Bool {
    (lhs.severity, lhs.name) < (rhs.severity, rhs.name)
  }

  /// `name`, with `[trap]` or `[raises]` in front when severe.
  public var description: String {
    switch severity {
    case .trap, .wrong: return name
    case .raises: return "\(name) (UIKit raises)"
    }
  }
}
