import Generators

/// The verdict of a property on one case.
public enum PropertyResult: Hashable, Sendable {
  /// The property holds.
  case pass
  /// The property holds only because the implementation declares these
  /// limits of its differ (`DifferLimit`): reports list them, never as
  /// failures.
  case limited([DifferLimit])
  /// The property is violated, in one or more ways (most severe first).
  case failed([Failure])
  /// The case does not apply (a precondition the generator could not
  /// enforce); it counts as a discard.
  case discard(String)

  /// A failure in one way: `message`, the two sides' states as text for
  /// the `-`/`+` diff, and `kind` naming the rule broken (a run keeps one
  /// case per kind; `FailureKind.failure` when none is named).
  public static func fail(
    message: String, expected: String = "", actual: String = "",
    kind: FailureKind = .failure
  ) -> PropertyResult {
    .failed([Failure(kind: kind, message: message, expected: expected, actual: actual)])
  }

  /// `.pass` for no failures, else `.failed` with them, most severe first
  /// (the order found kept among equals).
  ///
  /// With no failures, `limits` (the declared limits the case needed) make
  /// it `.limited`.
  public static func from(_ failures: [Failure], limits: [DifferLimit] = []) -> PropertyResult {
    guard !failures.isEmpty else {
      return limits.isEmpty ? .pass : .limited(Array(Set(limits)).sorted())
    }
    return .failed(
      failures.enumerated().sorted {
        ($0.element.kind.severity, $0.offset) < ($1.element.kind.severity, $1.offset)
      }.map(\.element))
  }

  /// Whether the verdict is a failure.
  public var isFailure: Bool {
    if case .failed = self { return true }
    return false
  }

  /// The declared limits the case needed to pass (empty unless
  /// `.limited`).
  public var limits: [DifferLimit] {
    if case .limited(let limits) = self { return limits }
    return []
  }

  /// The failures (empty unless it failed), most severe first.
  public var failures: [Failure] {
    if case .failed(let failures) = self { return failures }
    return []
  }

  /// The kinds of its failures, most severe first; empty unless it failed.
  public var failureKinds: [FailureKind] { failures.map(\.kind) }

  /// The most severe failure's kind; `nil` unless it failed.
  public var failureKind: FailureKind? { failures.first?.kind }

  /// The failure of `kind`, if the verdict has one.
  public func failure(of kind: FailureKind) -> Failure? {
    failures.first { $0.kind == kind }
  }
}
