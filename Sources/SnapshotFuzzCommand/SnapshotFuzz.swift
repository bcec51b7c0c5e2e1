import Foundation
import FuzzKit
import Verification

/// The fuzz command as a library: an executable of a few lines gets
/// `list`, `run`, `replay` and `merge` over its own properties, with
/// child-process workers (this same executable, re-run as a hidden
/// `worker`), crash capture, shrinking, reports and a regression corpus.
///
/// ```swift
/// import SnapshotFuzzCommand
/// import Verification
///
/// SnapshotFuzz.main(
///   properties: Catalog.typedProperties(for: myImplementation),
///   skipped: Catalog.skipped(for: myImplementation))
/// ```
public enum SnapshotFuzz {
  /// Runs the command line of this process over `properties` and exits
  /// with the command's exit code (0 passed, 1 a property failed, 64 bad
  /// usage, 65 malformed input, 74 reports not written, 130/143
  /// interrupted).
  ///
  /// Properties with `expectsTrap` are checked only in worker processes:
  /// a trap passes the case, a normal return fails it.
  ///
  /// The process first re-executes itself with
  /// `SWIFT_DETERMINISTIC_HASHING=1` when that is unset, and its workers
  /// get it too: verdicts, failing cases and tokens then do not depend on
  /// the process (hash table layouts follow the hash seed).
  ///
  /// `skipped` (`Catalog.skipped(for:)`) lists the catalog's properties
  /// the implementation lacks a part or capability for: a run shows them,
  /// with what each needs, in the console, `summary.md`, `report.html`,
  /// `junit.xml` (as skipped test cases) and `report.json`.
  public static func main(
    properties: [any VisitableProperty], skipped: [SkippedProperty] = []
  ) -> Never {
    DeterministicHashing.reexecuteIfNeeded()
    exit(
      run(
        properties: properties, skipped: skipped,
        arguments: Array(CommandLine.arguments.dropFirst())))
  }

  /// Runs `arguments` (without the executable name) over `properties`
  /// and returns the exit code, for callers that exit themselves.
  public static func run(
    properties: [any VisitableProperty], skipped: [SkippedProperty] = [], arguments: [String]
  ) -> Int32 {
    let executable =
      CommandLine.arguments.first.map {
        URL(fileURLWithPath: $0).lastPathComponent
      } ?? "snapshot-fuzz"
    return FuzzCommand.main(arguments, executable: executable, skipped: skipped) {
      FuzzTargets.target(CatalogAdapter.fuzzProperties(properties))
    }
  }
}
