import Generators

/// A request from the supervisor to a worker process: one JSON object per
/// line on the worker's standard input.
public struct WorkerRequest: Hashable, Sendable, Codable {
  /// What to do.
  public enum Operation: String, Hashable, Sendable, Codable {
    /// Generate and check `count` cases of `property`: indices `start`,
    /// `start + stride`, ….
    case run
    /// Shrink the case `token` toward `goal`.
    case shrink
    /// Check once the case that `token` (a replay input: a token or a
    /// file) names; `property` names a raw crash file's property.
    case replay
  }

  /// What to do.
  public var op: Operation
  /// The property (`run`), or a raw crash file's property (`replay`).
  public var property: String?
  /// The run seed, as a decimal string.
  /// The run seed, as a decimal string (`run`).
  public var seed: String?
  /// The first case index (`run`).
  public var start: Int?
  /// The distance between case indices: the shard count (`run`).
  public var stride: Int?
  /// The number of cases (`run`).
  public var count: Int?
  /// The case's token (`shrink`), or a token or file (`replay`).
  public var token: String?
  /// Which candidates count as failing (`shrink`).
  public var goal: ShrinkRequest.Goal?
  /// The shrink's time limit (`shrink`).
  public var maxSeconds: Double?
  /// The rule candidates must break to count as failing (`shrink`).
  public var rule: FailureKind?
  /// Candidates that count as not failing, unchecked (`shrink`; see
  /// `ShrinkRequest.avoid`).
  public var avoid: [String]?
  /// Whether the worker reports each call of the code under test as it
  /// makes it (`WorkerEvent.call`, `.returned`), so the supervisor can tell
  /// which call a trap was in.
  public var trace: Bool?

  /// A `run` request.
  public static func run(property: String, seed: UInt64, start: Int, stride: Int, count: Int)
    -> Self
  {
    WorkerRequest(
      op: .run, property: property, seed: String(seed), start: start, stride: stride, count: count)
  }

  /// A `shrink` request.
  public static func shrink(
    token: String, goal: ShrinkRequest.Goal, rule: FailureKind? = nil, avoid: [String] = [],
    maxSeconds: Double, trace: Bool = false
  ) -> Self {
    var request = WorkerRequest(
      op: .shrink, token: token, goal: goal, maxSeconds: maxSeconds, rule: rule)
    request.avoid = avoid.isEmpty ? nil : avoid
    request.trace = trace ? true : nil
    return request
  }

  /// A `replay` request for a token or a file (see `ReplayInput`),
  /// `trace`d when asked.
  public static func replay(input: String, property: String?, trace: Bool = false) -> Self {
    var request = WorkerRequest(op: .replay, property: property, token: input)
    request.trace = trace ? true : nil
    return request
  }

  init(
    op: Operation, property: String? = nil, seed: String? = nil, start: Int? = nil,
    stride: Int? = nil, count: Int? = nil, token: String? = nil,
    goal: ShrinkRequest.Goal? = nil, maxSeconds: Double? = nil, rule: FailureKind? = nil
  ) {
    self.rule = rule
    self.op = op
    self.property = property
    self.seed = seed
    self.start = start
    self.stride = stride
    self.count = count
    self.token = token
    self.goal = goal
    self.maxSeconds = maxSeconds
  }
}
