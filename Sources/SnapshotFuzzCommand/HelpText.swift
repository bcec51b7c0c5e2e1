import FuzzKit
import Verification

/// The usage texts of the fuzz command and its subcommands, naming the
/// executable that runs (`snapshot-fuzz`, or a user's fuzz executable built
/// on `SnapshotFuzz.main(_:)`) and its own default corpus.
enum HelpText {
  /// The name the texts are written with.
  static let defaultProgram = "snapshot-fuzz"

  /// `--version`'s line for `program`.
  static func version(program: String) -> String {
    "\(program) 1.0.0 (DiffableSuite fuzz command; report schema \(FuzzReport.currentSchema), "
      + "replay tokens v\(ReplayToken.version))"
  }

  /// The `USAGE:` lines of `subcommand`'s help and where to find the rest:
  /// what bad usage prints under its one-line error.
  static func synopsis(for subcommand: String?, program: String) -> String {
    let usage = text(for: subcommand, program: program)
      .split(separator: "\n", omittingEmptySubsequences: false)
      .prefix { !$0.isEmpty }
    let help = subcommand.map { "\(program) \($0) --help" } ?? "\(program) --help"
    return usage.joined(separator: "\n") + "\nSee '\(help)' for the options."
  }

  /// The full help of `subcommand` (the top-level help for `nil`), naming
  /// `program` and the corpus its runs write to by default
  /// (`defaultCorpus`, `nil` for none).
  static func text(
    for subcommand: String?, program: String,
    defaultCorpus: String? = RunOptions.defaultCorpus
  ) -> String {
    let text: String
    switch subcommand {
    case "list": text = list
    case "run":
      text = run.replacingOccurrences(
        of: "(default: \(RunOptions.defaultCorpus))", with: "(default: \(defaultCorpus ?? "none"))")
    case "replay": text = replay
    case "merge": text = merge
    case "mutate": text = mutate
    default:
      text =
        program == defaultProgram
        ? top
        : top.replacingOccurrences(
          of: "Fuzzes the property catalog of DiffableSuite:",
          with: "Fuzzes this executable's properties (DiffableSuite's fuzz command):")
    }
    return renamed(text, to: program)
  }

  /// `text` with `snapshot-fuzz` replaced by `program`, the continuation
  /// lines of its `USAGE:` block re-aligned under the first.
  static func renamed(_ text: String, to program: String) -> String {
    guard program != defaultProgram else { return text }
    let shift = program.count - defaultProgram.count
    var inUsage = false
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      if line.hasPrefix("USAGE: ") {
        inUsage = true
      } else if inUsage, line.hasPrefix(" ") {
        let indent = line.prefix { $0 == " " }.count
        return String(repeating: " ", count: max(1, indent + shift)) + line.dropFirst(indent)
      } else {
        inUsage = false
      }
      return line.replacingOccurrences(of: defaultProgram, with: program)
    }.joined(separator: "\n")
  }

  static let top = """
    USAGE: snapshot-fuzz <subcommand> [options]

    Fuzzes the property catalog of DiffableSuite: long, crash-safe,
    replayable runs with reports a person can read.

    SUBCOMMANDS:
      run        Fuzz properties and write reports (the default subcommand)
      list       Print the property names, one per line
      replay     Re-run one case from a token, failure entry, corpus entry
                 or libFuzzer crash file
      merge      Merge the reports of shards into one
      mutate     Score how many mutants of a target the properties kill

    OPTIONS:
      -h, --help   Show help (also: snapshot-fuzz <subcommand> --help)
      --version    Show the version

    With no arguments, runs every property for about a minute with a fresh
    seed and writes Reports/latest/.

    EXIT CODES: 0 all passed, 1 a property failed, 64 bad usage,
    65 malformed input (token, corpus entry, crash file, report),
    74 reports could not be written (the previous ones are kept),
    130/143 interrupted by SIGINT/SIGTERM (reports are written).

    ENVIRONMENT:
      DIFFABLE_PROPERTY    the property a raw libFuzzer crash file belongs to

    """

  static let list = """
    USAGE: snapshot-fuzz list

    Prints the property names, one per line, sorted.

    """

  static let run = """
    USAGE: snapshot-fuzz run [--property NAME]... [--seed S]
                             [--cases N | --duration D] [--jobs K]
                             [--shard I/N] [--out DIR]
                             [--corpus DIR | --no-corpus] [--shrink-time D]
                             [--case-timeout D] [--stop-on-failure]

    Fuzzes properties in K worker processes and writes DIR/report.json,
    DIR/summary.md, DIR/report.html, DIR/junit.xml and one entry per
    minimised failure in DIR/failures/ (and in the regression corpus).

    OPTIONS:
      --property NAME   Run this property (repeatable; default: all)
      --seed S          The run seed, decimal or 0x hex (default: from the
                        clock, printed so the run can be repeated)
      --cases N         Run N cases per property (from this shard's part)
      --duration D      Run for about D: 30s, 10m, 2h, 1h30m (default 1m)
      --jobs K          Worker processes (default: the number of cores)
      --shard I/N       Run shard I of N (1-based): the case indices k with
                        k % N == I - 1. Same seed and shard, same cases.
      --out DIR         Report folder (default: Reports/latest), replaced
                        whole when the run ends; checked before the first case
      --corpus DIR      Regression corpus folder (default: Tests/Regressions)
      --no-corpus       Write no corpus entries
      --shrink-time D   Time to spend shrinking each failure (default 1m)
      --case-timeout D  A case running longer is killed and recorded as a
                        timeout failure with its token (default 2m)
      --stop-on-failure Stop at the first failure found: no further case is
                        run, that failure is shrunk and the reports written
                        (stop reason first-failure; with --jobs 1 it is the
                        first failing case in run order)

    A trap in the code under test kills only its worker: the case is
    retried in a fresh worker, recorded as a crash with its replay token if
    it dies again, shrunk in fresh processes, and the run goes on. A worker
    killed from outside (the retry returns) is counted as killed, not
    failed. The failure recorded for a property is its lowest failing case,
    with any --jobs. SIGINT/SIGTERM stop the run; reports are written.

    """

  static let replay = """
    USAGE: snapshot-fuzz replay TOKEN|FILE [--property NAME]
                                [--case-timeout D]

    Re-runs one case and prints the counterexample and its Swift test code.
    FILE may be a failure entry (DIR/failures/*.json), a regression-corpus
    entry, or a libFuzzer crash file (raw bytes read as the choice
    sequence; name its property with --property or DIFFABLE_PROPERTY).

    --case-timeout D (default 2m): a case running longer is stopped and
    reported as a TIMEOUT.

    Exits 1 if the case still fails (or crashes, or times out), 0 if it
    passes now, 65 if the token or file is malformed.

    """

  static let mutate = """
    USAGE: snapshot-fuzz mutate --target NAME [--package DIR]
                                [--executable NAME] [--seed S] [--cases N]
                                [--jobs K] [--timeout D] [--min-score P]
                                [--out DIR] [--work DIR] [--resume]
                                [--operators LIST]
                                [--files PREFIX|GLOB]... [--limit N]
                                [--configuration release|debug]

    Mutation testing: makes mutants of the files in DIR/Sources/NAME
    (relational, equality, arithmetic and logical operators, negation,
    integer literal boundaries, booleans, ranges, first/last, min/max,
    removed call statements, early returns), compiles them all into one
    build of a scratch copy of the package (each behind a run-time switch;
    a site that does not compile is dropped with its reason), checks that
    the unmutated executable passes, then runs the executable's `run` on
    each mutant in a child process. A mutant is killed when a property
    fails, when the run traps or when it exceeds --timeout; it survives
    when every property passes. Writes DIR/report.json, DIR/summary.md,
    DIR/report.html and DIR/junit.xml as one set with the score per file
    and per operator, every survivor with its line and the properties that
    ran, and every killed mutant with what killed it.

    OPTIONS:
      --target NAME     The target to mutate (required)
      --package DIR     The package folder (default: .)
      --executable NAME The executable product whose `run` judges the
                        mutants (default: this executable)
      --seed S          The seed of every run (default: 1)
      --cases N         Cases per property in every run (default: 200,
                        the CI budget)
      --jobs K          Mutants judged at once (default: the number of cores)
      --timeout D       A run taking longer kills its mutant (default 5m)
      --min-score P     Exit 0 when at least P% are killed (default: 0)
      --out DIR         Report folder, replaced whole by the new set; checked
                        before the build (default: Reports/mutation)
      --work DIR        The scratch copy, the resume state and the runs'
                        output (default: .build/mutate/NAME in the package)
      --resume          Keep the results of a previous run with the same
                        target, executable, seed and cases
      --operators LIST  Comma-separated operators (default: all):
                        relational, equality, arithmetic, logical, negation,
                        integerBoundary, boolean, range, firstLast, minMax,
                        removeCall, earlyReturn
      --files P         Only files whose path (from the package folder)
                        starts with P or matches the * glob P (repeatable)
      --limit N         At most N mutants, an evenly spaced sample in id order
      --configuration C The scratch build's configuration (default: release)

    EXIT CODES: 0 the score meets --min-score, 1 it does not (or the build
    fails outside every site, or the unmutated executable fails), 64 bad
    usage or no sources, 74 the reports could not be written.

    """

  static let merge = """
    USAGE: snapshot-fuzz merge DIR... [--out DIR] [--allow-partial]

    Merges the report.json of each DIR (shards of one seed) into one
    report: counts summed, rates recomputed, histograms and coverage
    merged, failures united. Writes the four report files and the failure
    entries to --out (default: Reports/merged) as one set, swapped in
    whole. Exits 65 if a report is malformed, the reports do not fit
    together (other seeds, overlapping shards), a shard is missing (unless
    --allow-partial, which marks the merged report PARTIAL) or --out is
    one of the inputs; nothing is written then. Exits 74 if the set
    cannot be written; --out keeps its previous set then.

    """
}
