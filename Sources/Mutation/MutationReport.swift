import Foundation

/// The outcome of a mutation run: the score, per file and per operator,
/// every judged mutant with its result and every dropped one with the
/// compiler's reason. It is what `report.json` holds.
public struct MutationReport: Hashable, Sendable, Codable {
  /// The report format's version.
  public static let currentSchema = 1

  /// Killed and total mutants of one group.
  public struct Score: Hashable, Sendable, Codable {
    /// The group: a file, an operator, or `all`.
    public var name: String
    /// Mutants killed.
    public var killed: Int
    /// Mutants judged.
    public var total: Int
    /// `killed / total` as a percentage (100 when `total` is 0).
    public var percent: Double { total == 0 ? 100 : Double(killed) * 100 / Double(total) }
  }

  /// A judged mutant and its result.
  public struct Entry: Hashable, Sendable, Codable {
    /// The mutant.
    public var mutant: Mutant
    /// Its result.
    public var result: MutantResult
  }

  /// The report format's version (`currentSchema`).
  public var schema = Self.currentSchema
  /// The mutated target.
  public var target: String
  /// The executable whose runs judged the mutants.
  public var executable: String
  /// The seed of every run.
  public var seed: UInt64
  /// The cases per property of every run.
  public var cases: Int
  /// The score the command exits 0 at or above, in percent.
  public var minScore: Double
  /// When the run started (ISO 8601).
  public var startedAt: String
  /// The run's wall time in seconds.
  public var durationSeconds: Double
  /// Every judged mutant, in id order.
  public var entries: [Entry]
  /// The mutants dropped because their site did not compile.
  public var dropped: [DroppedMutant]

  /// A report of `mutants` with their `results` (matched by id; a mutant
  /// without one is left out).
  public init(
    options: MutationOptions, startedAt: Date, duration: Double, mutants: [Mutant],
    results: [MutantResult], dropped: [DroppedMutant]
  ) {
    target = options.target
    executable = options.executable
    seed = options.seed
    cases = options.cases
    minScore = options.minScore
    self.startedAt = ISO8601DateFormatter().string(from: startedAt)
    durationSeconds = duration
    let byID = Dictionary(results.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    entries = mutants.sorted().compactMap { mutant in
      byID[mutant.id].map { Entry(mutant: mutant, result: $0) }
    }
    self.dropped = dropped
  }

  /// The score over every judged mutant.
  public var score: Score { Self.score("all", entries) }

  /// Whether the score meets `minScore`.
  public var passed: Bool { score.percent >= minScore }

  /// The score of each file, by path.
  public var byFile: [Score] { Self.grouped(entries) { $0.mutant.file } }

  /// The score of each operator, by raw name.
  public var byOperator: [Score] { Self.grouped(entries) { $0.mutant.operator.rawValue } }

  /// The mutants the catalog missed, in id order.
  public var survivors: [Entry] { entries.filter { !$0.result.status.isKilled } }

  /// The mutants the catalog killed, in id order.
  public var killed: [Entry] { entries.filter { $0.result.status.isKilled } }

  private static func score(_ name: String, _ entries: [Entry]) -> Score {
    Score(
      name: name, killed: entries.filter { $0.result.status.isKilled }.count, total: entries.count)
  }

  private static func grouped(_ entries: [Entry], by key: (Entry) -> String) -> [Score] {
    Dictionary(grouping: entries, by: key).map { score($0.key, $0.value) }.sorted {
      $0.name < $1.name
    }
  }

  private enum CodingKeys: String, CodingKey {
    case schema, target, executable, seed, cases, minScore, startedAt, durationSeconds, entries
    case dropped, score, byFile, byOperator, passed
  }

  /// Decodes a report; the derived scores in the file are not read.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    schema = try container.decode(Int.self, forKey: .schema)
    target = try container.decode(String.self, forKey: .target)
    executable = try container.decode(String.self, forKey: .executable)
    seed = try container.decode(UInt64.self, forKey: .seed)
    cases = try container.decode(Int.self, forKey: .cases)
    minScore = try container.decode(Double.self, forKey: .minScore)
    startedAt = try container.decode(String.self, forKey: .startedAt)
    durationSeconds = try container.decode(Double.self, forKey: .durationSeconds)
    entries = try container.decode([Entry].self, forKey: .entries)
    dropped = try container.decode([DroppedMutant].self, forKey: .dropped)
  }

  /// Encodes the report with its derived scores (`score`, `byFile`,
  /// `byOperator`, `passed`) for readers of the JSON.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(schema, forKey: .schema)
    try container.encode(target, forKey: .target)
    try container.encode(executable, forKey: .executable)
    try container.encode(seed, forKey: .seed)
    try container.encode(cases, forKey: .cases)
    try container.encode(minScore, forKey: .minScore)
    try container.encode(startedAt, forKey: .startedAt)
    try container.encode(durationSeconds, forKey: .durationSeconds)
    try container.encode(entries, forKey: .entries)
    try container.encode(dropped, forKey: .dropped)
    try container.encode(score, forKey: .score)
    try container.encode(byFile, forKey: .byFile)
    try container.encode(byOperator, forKey: .byOperator)
    try container.encode(passed, forKey: .passed)
  }
}
