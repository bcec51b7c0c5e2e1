import Generators

/// One way a case failed: what it is blamed on (`kind`), where it showed
/// (the step of the case's script and the observable that diverged), the
/// text a person reads, and the end of the Swift test that shows it.
///
/// A case may fail in several ways: a check goes on past a divergence, so
/// a later bug or trap of the same script is a failure of its own.
public struct Failure: Hashable, Sendable {
  /// The culprit and severity: what tells this failure apart from others.
  public var kind: FailureKind
  /// The index of the step (of the case's script, setup included) that
  /// showed the failure; `nil` for a check that has no steps.
  public var step: Int?
  /// What diverged or which rule broke, e.g. `sectionIdentifiers` or
  /// `batch rule countMismatch`: detail for the message, not identity.
  public var observable: String
  /// The failure in a sentence or two, in the user's terms.
  public var message: String
  /// The reference's side, as text (the `-` side of the diff).
  public var expected: String
  /// The implementation's side, as text (the `+` side of the diff).
  public var actual: String
  /// The rendered test's statements from the failing step on: the call
  /// that failed and the expectations on exactly what the check compared,
  /// in the user's literals. Empty: the renderer ends the test with the
  /// step's call (a trap).
  public var test: [String]
  /// Where the documentation states the rule (`Documentation` anchor).
  public var rule: String?

  /// Creates a failure.
  public init(
    kind: FailureKind, step: Int? = nil, observable: String = "", message: String,
    expected: String = "", actual: String = "", test: [String] = [], rule: String? = nil
  ) {
    self.kind = kind
    self.step = step
    self.observable = observable
    self.message = message
    self.expected = expected
    self.actual = actual
    self.test = test
    self.rule = rule
  }
}
