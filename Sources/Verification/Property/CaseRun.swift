import Generators

/// One case run through a property: the case as generated and the verdict.
public struct CaseRun: Sendable {
  /// The generated case.
  public var generated: GeneratedCase
  /// The verdict; a case that did not decode is a `.discard`.
  public var verdict: PropertyResult
  /// The case's description as the check read it off its run on the
  /// reference (`nil`: the check did not).
  var checkedDescription: CaseDescription?

  /// Creates a run.
  public init(generated: GeneratedCase, verdict: PropertyResult) {
    self.generated = generated
    self.verdict = verdict
  }

  /// The choices the case was generated from.
  public var choices: [UInt64] {
    get { generated.choices }
    set { generated.choices = newValue }
  }

  /// The labels and histogram samples of the case: the description the
  /// check read off its run, else the generated case's.
  /// - Complexity: O(1) when the check described the case, else that of
  ///   the property's description, on each call.
  public func describe() -> CaseDescription { checkedDescription ?? generated.describe() }

  /// The labels of the case.
  public var labels: [String] { describe().labels }

  /// The histogram samples of the case.
  public var observations: [Observation] { describe().observations }

  /// The kind of the case's most severe failure; `nil` unless it failed.
  public var failureKind: FailureKind? { verdict.failureKind }

  /// The shrinker's view of this case.
  public var attempt: ShrinkAttempt {
    ShrinkAttempt(choices: generated.choices, spans: generated.spans)
  }
}
