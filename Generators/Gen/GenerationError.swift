/// Why a generator produced no value for a choice sequence. The runner
/// counts such a case as a discard, never as a failure.
public enum GenerationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A `filter` rejected `attempts` values in a row (a health-check failure
  /// when it happens too often in a run).
  case filterExhausted(label: String, attempts: Int)
  /// An `assume` (or `Gen.assuming`) rejected the case: a discard.
  case assumptionFailed(label: String)
  /// A generator found nothing to choose from (e.g. `oneOf([])`).
  case empty(label: String)

  /// A one-line explanation.
  public var description: String {
    switch self {
    case .filterExhausted(let label, let attempts):
      return "filter '\(label)' rejected \(attempts) values in a row"
    case .assumptionFailed(let label):
      return "assumption '\(label)' rejected the case"
    case .empty(let label):
      return "generator '\(label)' has nothing to choose from"
    }
  }
}
