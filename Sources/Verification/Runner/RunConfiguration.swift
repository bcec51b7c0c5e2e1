import Generators

/// How a run is seeded and bounded.
public struct RunConfiguration: Hashable, Sendable {
  /// The run seed; case `i` is seeded by `SplitMix64.caseSeed(runSeed:caseIndex:)`.
  public var seed: UInt64
  /// The number of cases to check (discards excluded).
  public var cases: Int
  /// The wall-clock budget of the generation loop, in seconds; `nil` for none.
  public var timeBudgetSeconds: Double?
  /// The largest size hint, reached halfway through the cases.
  public var maxSize: Int
  /// The limits of the shrink of a failure.
  public var shrinkBudget: ShrinkBudget
  /// The shard of case indices to run, if any.
  public var shard: Shard?
  /// Where failures are written as corpus entries, if anywhere.
  public var corpusDirectory: String?
  /// A replay token: when set, a property of the token's name runs only that
  /// case, and other properties are skipped.
  public var replay: ReplayToken?
  /// The largest tolerated share of discarded cases (health check).
  public var maxDiscardRatio: Double
  /// The most distinct failure kinds a property's run keeps, shrinks and
  /// reports (`FailureKind`). A run with more than 1 checks all its cases
  /// after a failure, looking for other kinds; 1 stops at the first
  /// failure, whatever its kind.
  public var maxFailureKinds: Int = RunConfiguration.defaultMaxFailureKinds

  /// The default of `maxFailureKinds`.
  public static let defaultMaxFailureKinds = 4

  /// Creates a configuration; the defaults suit a CI `swift test` run.
  public init(
    seed: UInt64 = 0xD1FF_AB1E, cases: Int = 200, timeBudgetSeconds: Double? = nil,
    maxSize: Int = 100, shrinkBudget: ShrinkBudget = ShrinkBudget(maxCalls: 20_000, maxSeconds: 20),
    shard: Shard? = nil, corpusDirectory: String? = nil, replay: ReplayToken? = nil,
    maxDiscardRatio: Double = 0.5
  ) {
    self.seed = seed
    self.cases = cases
    self.timeBudgetSeconds = timeBudgetSeconds
    self.maxSize = maxSize
    self.shrinkBudget = shrinkBudget
    self.shard = shard
    self.corpusDirectory = corpusDirectory
    self.replay = replay
    self.maxDiscardRatio = maxDiscardRatio
  }

  /// A shard `index/count` (1-based): the run checks global case indices
  /// `k * count + index - 1`, so shards of one seed are disjoint and their
  /// union is the unsharded index space.
  public struct Shard: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The 1-based shard number.
    public var index: Int
    /// The number of shards.
    public var count: Int

    /// Creates a shard; `nil` unless `1 <= index <= count`.
    public init?(index: Int, count: Int) {
      guard count >= 1, (1...count).contains(index) else { return nil }
      self.index = index
      self.count = count
    }

    /// Parses `I/N`.
    public init?(_ text: String) {
      let parts = text.split(separator: "/")
      guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
        return nil
      }
      self.init(index: index, count: count)
    }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }

    /// The global case index of the shard's `ordinal`-th case.
    public func globalIndex(_ ordinal: Int) -> Int { ordinal * count + index - 1 }
  }

  /// The global index of the run's `ordinal`-th case.
  public func globalIndex(_ ordinal: Int) -> Int {
    shard?.globalIndex(ordinal) ?? ordinal
  }

  /// The size hint of the `ordinal`-th case: from 1 up to `maxSize`,
  /// reached halfway through `cases`.
  public func size(ofCase ordinal: Int) -> Int {
    let ramp = max(1, cases / 2)
    return min(maxSize, 1 + ordinal * maxSize / ramp)
  }
}
