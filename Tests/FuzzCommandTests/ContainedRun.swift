import Foundation
import Verification

/// Runs properties and corpus entries the way `swift test` does: in child
/// processes of a fuzz executable (the built `snapshot-fuzz`, or a user's
/// built on `SnapshotFuzzCommand`), so a trap in the code under test is a
/// failure of that property or entry, with its token and shrunk case, and
/// the test process survives it with every other test.
///
/// A property's `RunConfiguration` (from `CatalogTests`' budgets and the
/// `DIFFABLE_*` variables) becomes `snapshot-fuzz run` flags; properties
/// with the same configuration share one run of `jobs` workers. What the
/// runs find comes back as `Verdict`s, one per property or entry, whose
/// `problems` the caller records as test failures.
struct ContainedRun: Sendable {
  /// What one property or corpus entry came to.
  struct Verdict: Sendable {
    /// The property, or the entry's file name.
    var name: String
    /// One line for the log: cases and time, or why it was skipped.
    var summary: String
    /// The failures to record, each a complete message naming its
    /// property or entry (trap message, token, shrunk Swift code, diff).
    var problems: [String]
  }

  /// The fuzz executable the children run.
  var executable = FuzzExecutable.url
  /// Whether the children offer the planted properties (`DIFFABLE_PLANTED=1`).
  var planted = false
  /// Worker processes per run.
  var jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)

  // MARK: Corpus

  /// Replays every entry of `folder` in file-name order, each in a child
  /// process: one verdict per entry. An entry that still fails (or traps,
  /// or hangs) and one that cannot be replayed (malformed, stale, naming an
  /// unknown property) each have a problem naming the file.
  func replayCorpus(_ folder: URL) -> [Verdict] {
    Corpus(directory: folder).files().map { replay($0.path, name: $0.lastPathComponent) }
  }

  /// Replays `input` (a replay token or an entry file) in a child process
  /// (`snapshot-fuzz replay`, whose own worker runs the case).
  func replay(_ input: String, name: String) -> Verdict {
    let result: FuzzExecutable.Result
    do {
      result = try FuzzExecutable.run(["replay", input], planted: planted, executable: executable)
    } catch {
      return Verdict(
        name: name, summary: "\(name): not replayed",
        problems: ["\(name): cannot start \(command): \(error)"])
    }
    switch result.status {
    case 0:
      return Verdict(name: name, summary: "\(name): passes", problems: [])
    case 1:
      return Verdict(
        name: name, summary: "\(name): FAILED",
        problems: ["\(name) still fails (replay: \(command) replay '\(input)'):\n\(result.output)"])
    default:
      return Verdict(
        name: name, summary: "\(name): not replayed",
        problems: ["\(name): \(Self.trimmed(result.error)) (exit \(result.status))"])
    }
  }

  // MARK: Properties

  /// Runs each property of `plan` with its configuration; returns one
  /// verdict per property, in `plan`'s order.
  ///
  /// A configuration's `replay` token replays that case alone (the other
  /// properties are skipped); its `timeBudgetSeconds` stops the run (with
  /// `SIGINT`, which still writes the report) after that many seconds per
  /// property, shared by the workers. Its failures come back with their
  /// shrunk Swift code and diff; a coverage class below its minimum and a
  /// run that discards too many cases are problems too.
  func check(_ plan: [(name: String, configuration: RunConfiguration)]) -> [Verdict] {
    var verdicts: [String: Verdict] = [:]
    var groups: [(configuration: RunConfiguration, names: [String])] = []
    for (name, configuration) in plan {
      if let token = configuration.replay {
        verdicts[name] = token.property == name
          ? replay(token.description, name: name)
          : Verdict(
            name: name, summary: "\(name): skipped (replaying \(token.property))", problems: [])
      } else if let index = groups.firstIndex(where: { $0.configuration == configuration }) {
        groups[index].names.append(name)
      } else {
        groups.append((configuration, [name]))
      }
    }
    for group in groups {
      for verdict in run(group.names, group.configuration) { verdicts[verdict.name] = verdict }
    }
    return plan.map { name, _ in
      verdicts[name]
        ?? Verdict(name: name, summary: "\(name): not run", problems: ["\(name): not run"])
    }
  }

  /// One `run` of `names` with `configuration`.
  private func run(_ names: [String], _ configuration: RunConfiguration) -> [Verdict] {
    let folder = FuzzExecutable.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("report")
    let shrinkSeconds = max(1, Int(configuration.shrinkBudget.maxSeconds.rounded(.up)))
    var arguments = [
      "run", "--seed", String(configuration.seed), "--cases", String(configuration.cases),
      "--jobs", String(jobs), "--out", out.path, "--shrink-time", "\(shrinkSeconds)s",
    ]
    for name in names { arguments += ["--property", name] }
    if let shard = configuration.shard { arguments += ["--shard", shard.description] }
    if let corpus = configuration.corpusDirectory {
      arguments += ["--corpus", corpus]
    } else {
      arguments.append("--no-corpus")
    }
    let deadline = configuration.timeBudgetSeconds.map { $0 * Double(names.count) / Double(jobs) }
    let failed = { (problem: String) in
      names.map { Verdict(name: $0, summary: "\($0): not run", problems: ["\($0): \(problem)"]) }
    }
    let result: FuzzExecutable.Result
    do {
      result = try FuzzExecutable.run(
        arguments, planted: planted, interruptAfter: deadline, signal: SIGINT,
        executable: executable)
    } catch {
      return failed("cannot start \(command): \(error)")
    }
    let report: FuzzReport
    do {
      report = try ReportReader.readReport(at: out.appendingPathComponent("report.json").path)
    } catch {
      return failed(
        "\(command) wrote no readable report (exit \(result.status)): \(error)\n\(result.error)")
    }
    let expectedStatus = result.status == 0 || result.status == 1
      || (deadline != nil && result.status == 128 + SIGINT)
    var runProblems: [String] = []
    if !expectedStatus {
      runProblems.append(
        "\(command) exited with status \(result.status):\n\(Self.trimmed(result.error))")
    }
    if report.stopReason == "worker-failure" {
      runProblems.append(
        "\(command) could not keep its worker processes alive:\n\(Self.trimmed(result.error))")
    }
    return names.map { name in
      var verdict = self.verdict(name, in: report, configuration: configuration)
      verdict.problems += runProblems.map { "\(name): \($0)" }
      return verdict
    }
  }

  /// What `report` says about property `name`.
  private func verdict(_ name: String, in report: FuzzReport, configuration: RunConfiguration)
    -> Verdict
  {
    guard let property = report.properties.first(where: { $0.name == name }) else {
      return Verdict(
        name: name, summary: "\(name): not run",
        problems: ["\(name): missing from the run's report"])
    }
    var summary = "\(name): \(property.cases) cases, \(property.discards) discards, "
      + "\(Self.rounded(property.seconds))s of worker time, seed \(report.seed)"
    if let shard = report.shard, shard.count > 1 { summary += ", shard \(shard)" }
    if report.stopReason == "interrupted" { summary += ", stopped by the time budget" }
    if property.killed > 0 {
      summary += ", \(property.killed) case(s) killed from outside (not failures)"
    }
    let failures = report.failures.filter { $0.property == name }
    var problems = failures.map(describe)
    if failures.isEmpty, property.failures > 0 {
      problems.append(
        "\(name): \(property.failures) failing case(s) but no failure record (the run stopped "
          + "before one was written)")
    }
    for coverage in property.coverageShortfalls {
      problems.append(
        "\(name) coverage: '\(coverage.name)' in \(Self.percent(coverage.share)) of cases, "
          + "required \(Self.percent(coverage.minimum ?? 0))")
    }
    let health = configuration.healthProblem(cases: property.cases, discards: property.discards)
    if let problem = health {
      problems.append("\(name) health check failed: \(problem)")
    }
    return Verdict(name: name, summary: summary, problems: problems)
  }

  /// A failure as a test failure message: kind and message, seed, case and
  /// token, the replay command, the shrunk case as Swift code, the diff.
  private func describe(_ failure: FailureRecord) -> String {
    var lines = [
      "\(failure.property) \(failure.kind.rawValue): \(failure.message)",
      "seed \(failure.seed), case \(failure.caseIndex), token \(failure.token)"
        + (failure.shrunk ? ", shrunk in \(failure.shrinkSteps) step(s)" : ", not fully shrunk"),
      "replay: swift run \(command) replay '\(failure.token)'",
    ]
    if !failure.swiftCode.isEmpty { lines += ["", "Swift test:", failure.swiftCode] }
    if !failure.diff.isEmpty { lines += ["", "State (- expected, + actual):", failure.diff] }
    return lines.joined(separator: "\n")
  }

  /// The executable's name, for messages.
  private var command: String { executable.lastPathComponent }

  private static func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  private static func rounded(_ seconds: Double) -> String {
    String(Double((seconds * 10).rounded()) / 10)
  }

  private static func percent(_ share: Double) -> String {
    "\(Double((share * 1000).rounded()) / 10)%"
  }
}
