import Foundation

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

  public var op: Operation
  public var property: String?
  /// The run seed, as a decimal string.
  public var seed: String?
  public var start: Int?
  public var stride: Int?
  public var count: Int?
  public var token: String?
  public var goal: ShrinkRequest.Goal?
  public var maxSeconds: Double?

  /// A `run` request.
  public static func run(property: String, seed: UInt64, start: Int, stride: Int, count: Int) -> Self {
    WorkerRequest(op: .run, property: property, seed: String(seed), start: start, stride: stride, count: count)
  }

  /// A `shrink` request.
  public static func shrink(token: String, goal: ShrinkRequest.Goal, maxSeconds: Double) -> Self {
    WorkerRequest(op: .shrink, token: token, goal: goal, maxSeconds: maxSeconds)
  }

  /// A `replay` request for a token or a file (see `ReplayInput`).
  public static func replay(input: String, property: String?) -> Self {
    WorkerRequest(op: .replay, property: property, token: input)
  }

  init(
    op: Operation, property: String? = nil, seed: String? = nil, start: Int? = nil,
    stride: Int? = nil, count: Int? = nil, token: String? = nil,
    goal: ShrinkRequest.Goal? = nil, maxSeconds: Double? = nil
  ) {
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

/// Line-delimited JSON for the worker protocol.
public enum WireFormat {
  /// `value` as one line of JSON, newline included.
  public static func line<T: Encodable>(_ value: T) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    data.append(UInt8(ascii: "\n"))
    return data
  }

  /// Decodes one line, or `nil` when it is not a `T`.
  public static func decode<T: Decodable>(_ type: T.Type, from line: String) -> T? {
    try? JSONDecoder().decode(T.self, from: Data(line.utf8))
  }
}
