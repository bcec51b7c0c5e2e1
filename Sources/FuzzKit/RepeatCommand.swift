import Verification

/// The command line that repeats a run exactly: the same properties,
/// budget, seed, jobs, shard and timeouts, with the environment that
/// changes which failures it keeps (`DIFFABLE_KINDS`).
public enum RepeatCommand {
  /// The command repeating a run of `executable` with `options` and the
  /// resolved `seed` and `jobs`. Arguments are quoted for a POSIX shell
  /// when they need it.
  public static func text(
    executable: String, options: RunOptions, seed: UInt64, jobs: Int,
    environment: [String: String]
  ) -> String {
    var words: [String] = []
    let kinds = RunConfiguration.Variable.kinds.rawValue
    if let value = environment[kinds], !value.isEmpty {
      words.append("\(kinds)=\(value)")
    }
    words += ["swift", "run", "-c", "release", executable, "run"]
    words += arguments(options: options, seed: seed, jobs: jobs)
    return words.map(quoted).joined(separator: " ")
  }

  /// The `run` flags that repeat the run (no report or corpus folders:
  /// they do not change which cases run).
  public static func arguments(options: RunOptions, seed: UInt64, jobs: Int) -> [String] {
    var words: [String] = []
    for property in options.properties { words += ["--property", property] }
    words += ["--seed", String(seed)]
    switch options.budget {
    case .cases(let count): words += ["--cases", String(count)]
    case .seconds(let seconds): words += ["--duration", DurationParser.format(seconds)]
    }
    words += ["--jobs", String(jobs)]
    if options.shard.count > 1 { words += ["--shard", "\(options.shard)"] }
    let defaults = RunOptions()
    if options.caseTimeoutSeconds != defaults.caseTimeoutSeconds {
      words += ["--case-timeout", DurationParser.format(options.caseTimeoutSeconds)]
    }
    if options.shrinkSeconds != defaults.shrinkSeconds {
      words += ["--shrink-time", DurationParser.format(options.shrinkSeconds)]
    }
    return words
  }

  /// `word` quoted for a POSIX shell when it holds anything but safe
  /// characters (an environment assignment's `=` is kept bare).
  static func quoted(_ word: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:@")
    if !word.isEmpty, word.allSatisfy(safe.contains) { return word }
    return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
