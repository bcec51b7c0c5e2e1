import Mutation

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
  /// `replay TOKEN|FILE [--property NAME] [--case-timeout D]`; `caseTimeout`
  /// is `nil` for the default (`RunOptions().caseTimeoutSeconds`).
  case replay(input: String, property: String?, caseTimeout: Double? = nil)
  /// `merge DIR… [--out DIR] [--allow-partial]`.
  case merge(folders: [String], out: String, allowPartial: Bool)
  /// `mutate --target NAME …`; an empty `executable` stands for the
  /// running executable's own name.
  case mutate(MutationOptions)
  /// The hidden `worker` subcommand the supervisor spawns.
  case worker
}
