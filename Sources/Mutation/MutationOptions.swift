import Foundation

/// The settings of a mutation run: what to mutate, how to build and run
/// each mutant, and where the reports go.
public struct MutationOptions: Hashable, Sendable {
  /// The target whose `Sources/<target>` files are mutated.
  public var target: String
  /// The package folder.
  public var packageDirectory: String = "."
  /// The executable product whose `run` subcommand judges each mutant.
  public var executable: String
  /// The seed of every run (fixed, so a mutant's verdict replays).
  public var seed: UInt64 = 1
  /// Cases per property in each run (the CI budget by default).
  public var cases: Int = 200
  /// Mutant runs at once.
  public var jobs: Int = 2
  /// A run taking longer kills its mutant by timeout, in seconds.
  public var timeoutSeconds: Double = 300
  /// The score (percent killed) at or above which the command exits 0.
  public var minScore: Double = 0
  /// The report folder, replaced whole by the new report set.
  public var out: String = "Reports/mutation"
  /// The work folder: the scratch copy of the package, the resume state
  /// and the judging runs' output; `nil` for `.build/mutate/<target>` in
  /// the package.
  public var work: String?
  /// Whether to keep the results of a previous run with the same
  /// settings and run only the mutants it had not finished.
  public var resume = false
  /// The mutation operators to apply.
  public var operators: [MutationOperator] = MutationOperator.allCases
  /// Only files whose package-relative path starts with one of these
  /// prefixes or matches one of these `*` globs (all files when empty).
  public var files: [String] = []
  /// At most this many mutants, an evenly spaced sample of the sorted ones.
  public var limit: Int?
  /// The build configuration of the scratch build (`release` or `debug`).
  public var configuration = "release"

  /// Options for `target` judged by `executable`, the rest defaulted.
  public init(target: String, executable: String) {
    self.target = target
    self.executable = executable
  }

  /// Whether `path` (package-relative) passes `files`.
  public func includes(file path: String) -> Bool {
    files.isEmpty
      || files.contains { pattern in
        pattern.contains("*") ? Glob.matches(pattern, path) : path.hasPrefix(pattern)
      }
  }
}
