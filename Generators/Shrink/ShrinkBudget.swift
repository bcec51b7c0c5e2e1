/// How much work one shrink may do: it stops at whichever limit comes first
/// and returns the best case found so far.
public struct ShrinkBudget: Hashable, Sendable, Codable {
  /// The most times the property may be run on a candidate.
  public var maxCalls: Int
  /// The most wall-clock time the shrink may take, in seconds.
  public var maxSeconds: Double

  /// Creates a budget.
  public init(maxCalls: Int = 20_000, maxSeconds: Double = 30) {
    self.maxCalls = maxCalls
    self.maxSeconds = maxSeconds
  }
}
