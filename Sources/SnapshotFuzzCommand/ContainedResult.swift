import Verification

/// What a `ContainedCheck` found: a verdict per property (or corpus
/// entry), the problems to record as test failures, and a short summary.
///
/// `description` is the summary, so a result interpolated into a test
/// message (or shown by `#expect`) reads in a few lines: the verdict, then
/// one line per cause (failures of several properties that shrank to one
/// case are one cause) with its replay line. The full messages are in
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

  /// A short summary, verdict first: "my-fuzz: passed: 31 of 31" or
  /// "my-fuzz: FAILED: 3 of 31 (2 causes)", then one line per cause
  /// (its properties, kind, first message line) with its replay line.
  public var summary: String {
    let failed = verdicts.filter { !$0.passed }
    guard !failed.isEmpty else {
      return "\(program): passed: \(verdicts.count) of \(verdicts.count)"
    }
    let recorded = failed.flatMap { verdict in
      zip(verdict.failures, verdict.replayLines).map { (failure: $0, replay: $1) }
    }
    let causes = SharedCause.groups(recorded) { SharedCause.choices(ofToken: $0.failure.token) }
    let others = failed.filter { $0.failures.isEmpty }
    var lines = [
      "\(program): FAILED: \(failed.count) of \(verdicts.count) "
        + "(\(causes.count + others.count) cause\(causes.count + others.count == 1 ? "" : "s"))"
    ]
    for cause in causes {
      let first = cause[0]
      let names = cause.map(\.failure.property)
      lines.append(
        "- \(names.joined(separator: ", ")): \(first.failure.shortHeading): "
          + Self.firstLine(first.failure.message))
      if let note = SharedCause.note(names) { lines.append("  \(note)") }
      lines.append("  replay: \(first.replay)")
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
