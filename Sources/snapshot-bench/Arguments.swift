/// The command line, parsed by hand.
struct Arguments {
  /// Run the quick subset (fewer sizes and repetitions).
  var quick = false
  /// Where to write the JSON report, if anywhere.
  var jsonPath: String?
  /// Run only the cases whose name contains this text.
  var only: String?
  /// Run the shrinking challenge instead of the timings.
  var shrinkChallenge = false
  /// Print the usage and stop.
  var help = false

  static let usage = """
    usage: snapshot-bench [--quick] [--shrink-challenge] [--json FILE] [--only TEXT] [--help]

    Times the engine (EngineSnapshot, EngineSectionSnapshot, EngineDiffer)
    against the reference model and the standard library on seeded inputs,
    times what an app pays per update (build the new snapshot from arrays
    of Int or String ids, then diff) beside a floor written in the bench,
    and per change (unchanged, 1, 10 and 1% edits, the new snapshot built
    from arrays or derived from the old one) beside a bare comparison,
    per outline change (a section snapshot derived by 1 and 10 edits, a
    collapse and an expand, alone and through the data source's
    apply(_:to:)) beside a bare comparison and a rebuild from arrays,
    times the fuzz throughput of every catalog property (cases/s),
    prints a table and optionally writes JSON. Build with -c release.

      --quick      a subset (the 100k update, edit and outline rows, every
                   fuzz row)
      --shrink-challenge
                   run the public shrinking challenge instead (30 seeds
                   per challenge, 10 with --quick): found, ideal, median
                   property evaluations while shrinking
      --json FILE  also write the results as JSON to FILE (atomically)
      --only TEXT  run only the cases whose name contains TEXT
      --help       show this text
    """

  /// Parses `arguments` (without the program name).
  /// - Throws: a one-line message for an unknown or incomplete flag.
  init(_ arguments: [String]) throws(UsageError) {
    var rest = arguments[...]
    while let flag = rest.popFirst() {
      switch flag {
      case "--quick":
        quick = true
      case "--shrink-challenge":
        shrinkChallenge = true
      case "--help", "-h":
        help = true
      case "--json":
        guard let path = rest.popFirst(), !path.isEmpty, !path.hasPrefix("--") else {
          throw UsageError(message: "--json needs a file name")
        }
        jsonPath = path
      case "--only":
        guard let text = rest.popFirst(), !text.isEmpty else {
          throw UsageError(message: "--only needs a case name (or part of one)")
        }
        only = text
      default:
        throw UsageError(message: "unknown argument '\(flag)' (try --help)")
      }
    }
  }
}

/// A bad command line: exit 64 with one line.
struct UsageError: Error {
  var message: String
}
