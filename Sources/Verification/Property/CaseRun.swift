import Generators

/// One case run through a property: the choices it consumed, the spans
/// recorded, the verdict and the case's statistics.
public struct CaseRun: @unchecked Sendable {
  /// The choices the generator consumed (empty when the case was decoded
  /// from a corpus script).
  public var choices: [UInt64]
  /// The spans recorded over `choices`.
  public var spans: [ChoiceSpan]
  /// The verdict; a generation error is a `.discard`.
  public var verdict: PropertyResult
  /// The labels of the case.
  public var labels: [String]
  /// The histogram samples of the case.
  public var observations: [Observation]
  /// The generated case, boxed; read back by the `AnyProperty` that made it.
  /// `@unchecked Sendable` because `Case` is `Sendable` by `Property`'s
  /// constraint but erased here.
  let value: Any?

  init(
    choices: [UInt64], spans: [ChoiceSpan], verdict: PropertyResult,
    labels: [String] = [], observations: [Observation] = [], value: Any?
  ) {
    self.choices = choices
    self.spans = spans
    self.verdict = verdict
    self.labels = labels
    self.observations = observations
    self.value = value
  }

  /// The kind of the case's failure; `nil` unless the verdict is `.fail`.
  public var failureKind: FailureKind? { verdict.failureKind }

  /// The shrinker's view of this case.
  public var attempt: ShrinkAttempt { ShrinkAttempt(choices: choices, spans: spans) }
}
