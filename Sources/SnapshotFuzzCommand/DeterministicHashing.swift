import Foundation

/// Deterministic hashing for every process of a fuzz run: Swift seeds
/// `Hasher` per process unless `SWIFT_DETERMINISTIC_HASHING` is set, and a
/// hash table's layout (the engine's item table, any `Set`) follows that
/// seed; a bug that needs a particular layout would then fail in one
/// process and pass in another. With the variable set in the command's own
/// process and in every worker it starts, the same seed gives the same
/// verdict, failing case and token in every process, with any `--jobs`.
enum DeterministicHashing {
  /// The variable the Swift runtime reads at start-up.
  static let variable = "SWIFT_DETERMINISTIC_HASHING"

  /// `environment` with deterministic hashing on.
  static func enabled(_ environment: [String: String]) -> [String: String] {
    var result = environment
    result[variable] = "1"
    return result
  }

  /// Re-executes this process (same executable, same arguments) with the
  /// variable set when it is not; returns only when it already was, or
  /// when the re-execution failed (the run then goes on, its own hash seed
  /// random, its workers still deterministic).
  static func reexecuteIfNeeded() {
    guard ProcessInfo.processInfo.environment[variable] == nil else { return }
    setenv(variable, "1", 1)
    let path = WorkerHandle.executableURL.path
    var arguments = CommandLine.arguments.map { strdup($0) }
    arguments.append(nil)
    execv(path, arguments)
    for argument in arguments { free(argument) }
  }
}
