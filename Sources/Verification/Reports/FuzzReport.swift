import Generators

/// The result of one `snapshot-fuzz run` (or of merging several), as written
/// to `report.json`.
///
/// The schema is versioned (`schema`, currently 1). Keys are snake_case.
/// Every list is written in a fixed order (properties and histogram buckets
/// sorted by name, failures by property then case index), so the same run
/// writes the same bytes apart from times. The seed is a decimal string:
/// a 64-bit value does not survive a round trip through JavaScript numbers.
public struct FuzzReport: Hashable, Sendable, Codable {
  /// The schema version this build writes and reads.
  public static let currentSchema = 1

  /// The schema version of this report.
  public var schema: Int
  /// The run seed; every case is a pure function of it, the property and
  /// the case index.
  public var seed: UInt64
  /// The shard this report covers; `nil` for the whole seed space. A merged
  /// report lists its parts in `mergedShards` instead.
  public var shard: ShardSpec?
  /// The shards a merged report combines, sorted; empty for a plain run.
  public var mergedShards: [ShardSpec]
  /// When the run started, ISO 8601 in UTC.
  public var startedAt: String
  /// Wall-clock seconds the run took (for a merge: the longest part).
  public var durationSeconds: Double
  /// Why the run stopped: `cases`, `duration`, `interrupted` or `merged`.
  public var stopReason: String
  /// Whether the report covers only part of what it claims: a merge of an
  /// incomplete shard set made with `--allow-partial`.
  public var partial: Bool
  /// The number of worker processes (for a merge: the sum).
  public var jobs: Int
  /// One entry per property run, sorted by name.
  public var properties: [PropertyReport]
  /// Every failure found, sorted by property and case index.
  public var failures: [FailureRecord]
  /// Cumulative cases over wall-clock time, sampled during the run.
  public var timeline: [TimelinePoint]
  /// The command line that repeats the run exactly (flags and the
  /// environment that changes what runs); `nil` in older reports.
  public var command: String?
  /// The fuzz executable that ran (its product name, e.g. `snapshot-fuzz`
  /// or a user's `my-fuzz`): every replay line names it. `nil` in reports
  /// written before the field existed, read as `snapshot-fuzz`.
  public var program: String?
  /// The properties of the default catalog this run's catalog leaves out
  /// because the implementation lacks a part or capability, with what it
  /// lacks (`Catalog.skipped(for:)`), in catalog order; empty when none (or
  /// the executable was not told: `SnapshotFuzz.main(properties:skipped:)`).
  public var skippedProperties: [SkippedProperty] = []

  /// The name reports give the executable: `program`, or `snapshot-fuzz`
  /// for an older report.
  public var programName: String { program ?? Self.defaultProgram }

  /// The executable older reports (without `program`) came from.
  public static let defaultProgram = "snapshot-fuzz"

  /// Creates a report; lists are sorted into their canonical order.
  public init(
    seed: UInt64, shard: ShardSpec? = nil, mergedShards: [ShardSpec] = [],
    startedAt: String, durationSeconds: Double, stopReason: String,
    jobs: Int, properties: [PropertyReport], failures: [FailureRecord],
    timeline: [TimelinePoint] = [], partial: Bool = false
  ) {
    self.schema = Self.currentSchema
    self.partial = partial
    self.seed = seed
    self.shard = shard
    self.mergedShards = mergedShards.sorted()
    self.startedAt = startedAt
    self.durationSeconds = durationSeconds
    self.stopReason = stopReason
    self.jobs = jobs
    self.properties = properties.sorted { $0.name < $1.name }
    self.failures = failures.sorted()
    self.timeline = timeline
  }

  /// Whether every property passed: no failure and no coverage shortfall.
  public var passed: Bool {
    failures.isEmpty && properties.allSatisfy(\.passed)
  }

  /// The total number of cases over all properties.
  public var totalCases: Int { properties.reduce(0) { $0 + $1.cases } }

  /// The total number of failing cases over all properties.
  public var totalFailures: Int { properties.reduce(0) { $0 + $1.failures } }

  enum CodingKeys: String, CodingKey {
    case schema, seed, shard
    case mergedShards = "merged_shards"
    case startedAt = "started_at"
    case durationSeconds = "duration_seconds"
    case stopReason = "stop_reason"
    case jobs, properties, failures, timeline, partial, command, program, causes
    case skippedProperties = "skipped_properties"
  }

  /// Decodes a report from `report.json`, checking its schema version.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    schema = try container.decode(Int.self, forKey: .schema)
    guard schema == Self.currentSchema else {
      throw DecodingError.dataCorruptedError(
        forKey: .schema, in: container,
        debugDescription: "unsupported schema \(schema) (this build reads \(Self.currentSchema))")
    }
    let seedText = try container.decode(String.self, forKey: .seed)
    guard let seed = UInt64(seedText) else {
      throw DecodingError.dataCorruptedError(
        forKey: .seed, in: container, debugDescription: "seed is not a 64-bit unsigned integer")
    }
    self.seed = seed
    shard = try container.decodeIfPresent(ShardSpec.self, forKey: .shard)
    mergedShards = try container.decodeIfPresent([ShardSpec].self, forKey: .mergedShards) ?? []
    startedAt = try container.decode(String.self, forKey: .startedAt)
    durationSeconds = try container.decode(Double.self, forKey: .durationSeconds)
    stopReason = try container.decode(String.self, forKey: .stopReason)
    jobs = try container.decode(Int.self, forKey: .jobs)
    properties = try container.decode([PropertyReport].self, forKey: .properties)
    failures = try container.decode([FailureRecord].self, forKey: .failures)
    timeline = try container.decodeIfPresent([TimelinePoint].self, forKey: .timeline) ?? []
    partial = try container.decodeIfPresent(Bool.self, forKey: .partial) ?? false
    command = try container.decodeIfPresent(String.self, forKey: .command)
    program = try container.decodeIfPresent(String.self, forKey: .program)
    skippedProperties =
      try container.decodeIfPresent([SkippedProperty].self, forKey: .skippedProperties) ?? []
  }

  /// Encodes the report in the `report.json` format (schema 1).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(schema, forKey: .schema)
    try container.encode(String(seed), forKey: .seed)
    try container.encodeIfPresent(shard, forKey: .shard)
    try container.encode(mergedShards, forKey: .mergedShards)
    try container.encode(startedAt, forKey: .startedAt)
    try container.encode(durationSeconds, forKey: .durationSeconds)
    try container.encode(stopReason, forKey: .stopReason)
    try container.encode(jobs, forKey: .jobs)
    try container.encode(properties, forKey: .properties)
    try container.encode(failures, forKey: .failures)
    try container.encode(timeline, forKey: .timeline)
    try container.encode(partial, forKey: .partial)
    try container.encodeIfPresent(command, forKey: .command)
    try container.encodeIfPresent(program, forKey: .program)
    if !skippedProperties.isEmpty {
      try container.encode(skippedProperties, forKey: .skippedProperties)
    }
    let causes = causes.map { cause in
      CauseRecord(
        culprit: cause.culprit, severity: cause.severity,
        properties: cause.failures.map(\.property).uniqued(), token: cause.smallest.token)
    }
    if !causes.isEmpty { try container.encode(causes, forKey: .causes) }
  }
}

extension FuzzReport {
  /// The recorded failures grouped by culprit, the most severe first.
  public var causes: [Cause<FailureRecord>] {
    Cause.group(failures, kind: \.rule) { SharedChoices.count(ofToken: $0.token) }
  }
}

/// One cause as `report.json` lists it.
struct CauseRecord: Codable {
  var culprit: Culprit
  var severity: FailureKind.Severity
  var properties: [String]
  var token: String
}

/// The size of a token's case: its choice count (`Int.max` for a token
/// that does not parse), to pick a cause's smallest case.
enum SharedChoices {
  static func count(ofToken token: String) -> Int {
    (try? ReplayToken.parse(token).choices.count) ?? Int.max
  }
}
