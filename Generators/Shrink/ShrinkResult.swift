/// What a shrink produced and what it cost.
public struct ShrinkResult: Hashable, Sendable {
  /// The simplest failing case found (shortlex-minimal among those tried).
  public var attempt: ShrinkAttempt
  /// The number of choices of the case the shrink started from.
  public var originalCount: Int
  /// How many candidates were run.
  public var calls: Int
  /// How many candidates were accepted as simpler failures.
  public var improvements: Int
  /// The wall-clock time taken, in seconds.
  public var seconds: Double
  /// Whether a budget limit stopped the shrink before a fixpoint.
  public var budgetExhausted: Bool

  /// Creates a result.
  public init(
    attempt: ShrinkAttempt, originalCount: Int, calls: Int, improvements: Int,
    seconds: Double, budgetExhausted: Bool
  ) {
    self.attempt = attempt
    self.originalCount = originalCount
    self.calls = calls
    self.improvements = improvements
    self.seconds = seconds
    self.budgetExhausted = budgetExhausted
  }
}
