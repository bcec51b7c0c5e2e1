import Verification

/// The options of `snapshot-fuzz run`.
public struct RunOptions: Hashable, Sendable {
  /// How long a run goes on.
  public enum Budget: Hashable, Sendable {
    /// This many case indices per property (from this shard's part).
    case cases(Int)
    /// About this many seconds of wall-clock time.
    case seconds(Double)
  }

  /// The properties to run; empty for all of them.
  public var properties: [String] = []
  /// The run seed; `nil` to derive a fresh one from the clock.
  public var seed: UInt64?
  /// The budget; one minute by default.
  public var budget: Budget = .seconds(60)
  /// The number of worker processes; `nil` for the number of cores.
  public var jobs: Int?
  /// This run's part of the case space.
  public var shard: ShardSpec = .whole
  /// The report folder.
  public var out = "Reports/latest"
  /// The committed regression corpus, the default `corpus`.
  public static let defaultCorpus = "Tests/Regressions"

  /// The regression-corpus folder; `nil` to write no corpus entries.
  public var corpus: String? = defaultCorpus
  /// Whether the command line chose `corpus` (`--corpus`, `--no-corpus`):
  /// an executable's own default applies otherwise.
  public var corpusChosen = false
  /// The most seconds spent shrinking one failure.
  public var shrinkSeconds: Double = 60
  /// The most seconds one case may run before it counts as hung.
  public var caseTimeoutSeconds: Double = 120
  /// Whether the run stops once one failure is found (`--stop-on-failure`):
  /// no further case is handed out, the failure is shrunk and the reports
  /// are written, with stop reason `first-failure`.
  public var stopOnFailure = false

  /// Default options: every property for a minute into `Reports/latest`.
  public init() {}
}
