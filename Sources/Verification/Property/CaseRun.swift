import Generators

/// One case run through a property: the case as generated and the verdict.
public struct CaseRun: Sendable {
  /// The generated case.
  public var generated: GeneratedCase
  /// The verdict; a case that did not decode is a `.discard`.
  public var verdict: PropertyResult
  /// The case's labels as the check read them off its run on the
  /// reference (`nil`: the check did not).
  var checkedLabels: [String]?

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

  /// The labels and histogram samples of the case: the generated case's
  /// description, its labels taken from the check when it gave them.
  /// - Complexity: that of the property's description, on each call,
  ///   less the labels' run when the check gave them.
  public func describe() -> CaseDescription {
    guard let checkedLabels else { return generated.describe() }
    return CaseDescription(labels: checkedLabels, observations: generated.observations)
  }

  /// The labels of the case.
  public var labels: [String] { checkedLabels ?? generated.labels }

  /// The histogram samples of the case.
  public var observations: [Observation] { generated.observations }

  /// The kind of the case's most severe failure; `nil` unless it failed.
  public var failureKind: FailureKind? { verdict.failureKind }

  /// The shrinker's view of this case.
  public var attempt: ShrinkAttempt {
    ShrinkAttempt(choices: generated.choices, spans: generated.spans)
  }
}
