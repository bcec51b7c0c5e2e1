/// An event from a worker process to the supervisor: one JSON object per
/// line on the worker's protocol channel.
public struct WorkerEvent: Hashable, Sendable, Codable {
  /// What happened.
  public enum Kind: String, Hashable, Sendable, Codable {
    /// Case `index` with `token` is about to be checked.
    case begin
    /// Case `index` finished with `outcome`.
    case end
    /// The shrinker is about to check candidate `token`.
    case attempt
    /// The shrinker found a simpler failing case `token`.
    case improved
    /// The shrink or replay finished: `token` with `outcome`.
    case done
    /// The request finished; the worker waits for the next one.
    case idle
    /// The request was unusable (`message` says why).
    case error
  }

  /// What happened.
  public var ev: Kind
  /// The case index (`begin`, `end`).
  public var index: Int?
  /// The case's replay token.
  public var token: String?
  /// The verdict (`end`, `done`).
  public var outcome: CaseOutcome?
  /// The case's labels and histogram samples (`end`).
  public var statistics: CaseStatistics?
  /// Seconds spent generating and checking the case (`end`).
  public var seconds: Double?
  /// What went wrong (`error`).
  public var message: String?

  /// Creates an event.
  public init(
    _ ev: Kind, index: Int? = nil, token: String? = nil, outcome: CaseOutcome? = nil,
    statistics: CaseStatistics? = nil, seconds: Double? = nil, message: String? = nil
  ) {
    self.ev = ev
    self.index = index
    self.token = token
    self.outcome = outcome
    self.statistics = statistics
    self.seconds = seconds
    self.message = message
  }
}
