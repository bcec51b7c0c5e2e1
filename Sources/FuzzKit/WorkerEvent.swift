/// An event from a worker process to the supervisor: one JSON object per
/// line on the worker's protocol channel.
public struct WorkerEvent: Hashable, Sendable, Codable {
  /// What happened.
  public enum Kind: String, Hashable, Sendable, Codable {
    /// Case `index` with `token` is about to be checked (its statistics
    /// come with it).
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
    /// The case being checked failed (`outcome`, one failure), reported at
    /// once so a later trap in the same case does not lose it.
    case found
    /// A traced check is about to call `operation` of `part` at `step`.
    case call
    /// The traced call returned.
    case returned
  }

  /// What happened.
  public var ev: Kind
  /// The case index (`begin`, `end`).
  public var index: Int?
  /// The case's replay token.
  public var token: String?
  /// The verdict (`end`, `done`).
  public var outcome: CaseOutcome?
  /// The case's labels and histogram samples (`begin`: a case that traps
  /// is counted with them too).
  public var statistics: CaseStatistics?
  /// Seconds spent generating and checking the case (`end`).
  public var seconds: Double?
  /// What went wrong (`error`).
  public var message: String?
  /// The part of the implementation called (`call`).
  public var part: String?
  /// The method called (`call`).
  public var operation: String?
  /// The step of the case's script (`call`).
  public var step: Int?

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

  /// A traced call of `operation` of `part` at `step`.
  public static func call(part: String, operation: String, step: Int) -> WorkerEvent {
    var event = WorkerEvent(.call)
    event.part = part
    event.operation = operation
    event.step = step
    return event
  }
}
