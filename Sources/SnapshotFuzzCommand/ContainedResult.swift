import Generators
import Verification

/// What a `ContainedCheck` found: a verdict per property (or corpus
/// entry), the problems to record as test failures, and a short summary.
///
/// `description` is the summary, so a result interpolated into a test
/// message (or shown by `#expect`) reads in a few lines: the verdict, then
/// one line per cause (the failures of any properties that share a
/// culprit) with its replay line. The full messages are in
/// `problems`.
public struct ContainedResult: Hashable, Sendable, CustomStringConvertible {
  /// The fuzz executable's name.
  public var program: String
  /// One verdict per property or corpus entry, in the order asked for.
  public var verdicts: [ContainedCheck.Verdict]

  /// Creates a result.
  public init(program: String, verdicts: [ContainedCheck.Verdict]) {
    self.program = program
    self.verdicts = verdicts
  }

  /// Every problem, one complete message each (property or entry, kind
  /// and trap message, token, replay line, Swift test, diff), in verdict
  /// order: record each as a test failure.
  public var problems: [String] { verdicts.flatMap(\.problems) }

  /// Whether every property or entry passed.
  public var passed: Bool { verdicts.allSatisfy(\.passed) }

  /// The names of the verdicts with problems, in order.
  public var failedNames: [String] { verdicts.filter { !$0.passed }.map(\.name) }

  /// The recorded failures of every verdict grouped by culprit (the most
  /// severe cause first), each with its replay line.
  public var causes: [Cause<(failure: FailureRecord, replay: String)>] {
    let recorded = verdicts.flatMap { verdict in
      zip(verdict.failures, verdict.replayLines).map { (failure: $0, replay: $1) }
    }
    return Cause.group(recorded, kind: \.failure.rule) {
      (try? ReplayToken.parse($0.failure.token).choices.count) ?? Int.max
    }
  }

  /// A short summary, verdict first: "my-fuzz: passed: 31 of 31" or
  /// "my-fuzz: FAILED: 2 causes (5 failures) in 3 of 31", then one line per
  /// cause (its culprit, severity, properties, first message line) with
  /// the replay line of its smallest case.
  public var summary: String {
    let failed = verdicts.filter { !$0.passed }
    guard !failed.isEmpty else {
      return "\(program): passed: \(verdicts.count) of \(verdicts.count)"
    }
    let causes = causes
    let others = failed.filter { $0.failures.isEmpty }
    let failures = causes.reduce(0) { $0 + $1.failures.count }
    var lines = [
      "\(program): FAILED: "
        + Cause<FailureRecord>.count(
          causes: causes.count + others.count, failures: failures + others.count)
        + " in \(failed.count) of \(verdicts.count)"
    ]
    for cause in causes {
      var seen = Set<String>()
      let names = cause.failures.map(\.failure.property).filter { seen.insert($0).inserted }
      lines.append("- \(cause): " + Self.firstLine(cause.smallest.failure.message))
      lines.append("  in \(names.joined(separator: ", "))")
      lines.append("  replay: \(cause.smallest.replay)")
    }
    for verdict in others {
      lines.append("- \(verdict.name): " + Self.firstLine(verdict.problems.first ?? ""))
    }
    return lines.joined(separator: "\n")
  }

  /// `summary`.
  public var description: String { summary }

  /// `text`'s first line, cut to 200 characters.
  static func firstLine(_ text: String) -> String {
    let line = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
    return line.count > 200 ? String(line.prefix(199)) + "…" : line
  }
}
