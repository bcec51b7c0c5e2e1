import Verification

/// A parsed `snapshot-fuzz` command line.
public enum Invocation: Hashable, Sendable {
  /// `--help` (of the top level or of `subcommand`).
  case help(subcommand: String?)
  /// `--version`.
  case version
  /// `list`.
  case list
  /// `run …`.
  case run(RunOptions)
  /// `replay TOKEN|FILE [--property NAME]`.
  case replay(input: String, property: String?)
  /// `merge DIR… [--out DIR]`.
  case merge(folders: [String], out: String)
  /// The hidden `worker` subcommand the supervisor spawns.
  case worker
}

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
  /// The regression-corpus folder; `nil` to write no corpus entries.
  public var corpus: String? = "Tests/Regressions"
  /// The most seconds spent shrinking one failure.
  public var shrinkSeconds: Double = 60
  /// The most seconds one case may run before it counts as hung.
  public var caseTimeoutSeconds: Double = 120

  /// Default options: every property for a minute into `Reports/latest`.
  public init() {}
}

/// A command line that cannot be run: exit code 64 with the usage.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, in one line.
  public var message: String
  /// The subcommand whose usage to print, if any.
  public var subcommand: String?

  /// Creates an error.
  public init(_ message: String, subcommand: String? = nil) {
    self.message = message
    self.subcommand = subcommand
  }

  public var description: String { message }
}
