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
/// SnapshotFuzz.main(Catalog.propertySet(for: myImplementation))
/// ```
public enum SnapshotFuzz {
  /// Runs the command line of this process over `set`'s properties and
  /// exits with the command's exit code (0 passed, 1 a property failed, 64
  /// bad usage, 65 malformed input, 74 reports not written, 130/143
  /// interrupted).
  ///
  /// Properties with `expectsTrap` are checked only in worker processes:
  /// a trap passes the case, a normal return fails it. `set.skipped` (the
  /// catalog's properties the implementation lacks a part or capability
  /// for) are listed, with what each needs, in the console, `summary.md`,
  /// `report.html`, `junit.xml` (as skipped test cases) and `report.json`.
  ///
  /// The process first re-executes itself with
  /// `SWIFT_DETERMINISTIC_HASHING=1` when that is unset, and its workers
  /// get it too: verdicts, failing cases and tokens then do not depend on
  /// the process (hash table layouts follow the hash seed).
  ///
  /// - Parameters:
  ///   - set: the properties and the skipped ones.
  ///   - defaultCorpus: the corpus folder a run writes failures to when
  ///     the command line names none (`--corpus`, `--no-corpus`);
  ///     `Tests/Regressions` by default, `nil` for none.
  public static func main(
    _ set: PropertySet, defaultCorpus: String? = RunOptions.defaultCorpus
  ) -> Never {
    DeterministicHashing.reexecuteIfNeeded()
    exit(
      run(set, defaultCorpus: defaultCorpus, arguments: Array(CommandLine.arguments.dropFirst())))
  }

  /// Runs the command line over `properties` (with `skipped` listed in
  /// reports) and exits: `main(_:defaultCorpus:)` for properties of
  /// several sets, or written by hand.
  public static func main(
    properties: [AnyProperty], skipped: [SkippedProperty] = [],
    defaultCorpus: String? = RunOptions.defaultCorpus
  ) -> Never {
    main(
      PropertySet(implementation: "", properties: properties, skipped: skipped),
      defaultCorpus: defaultCorpus)
  }

  /// Runs `arguments` (without the executable name) over `set` and returns
  /// the exit code, for callers that exit themselves.
  public static func run(
    _ set: PropertySet, defaultCorpus: String? = RunOptions.defaultCorpus, arguments: [String]
  ) -> Int32 {
    let executable =
      CommandLine.arguments.first.map {
        URL(fileURLWithPath: $0).lastPathComponent
      } ?? "snapshot-fuzz"
    return FuzzCommand.main(
      arguments, executable: executable, skipped: set.skipped, defaultCorpus: defaultCorpus
    ) { PropertyTarget(set) }
  }
}
