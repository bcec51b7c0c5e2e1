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

  public var ev: Kind
  public var index: Int?
  public var token: String?
  public var outcome: CaseOutcome?
  public var statistics: CaseStatistics?
  public var seconds: Double?
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
