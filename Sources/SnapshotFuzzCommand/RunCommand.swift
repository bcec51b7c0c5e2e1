import Foundation
import FuzzKit
import Verification

/// `snapshot-fuzz run`: checks the options, picks the seed, runs the
/// supervisor, writes the reports and prints the verdict.
struct RunCommand {
  let target: any FuzzTarget
  let options: RunOptions
  /// The executable's product name: in messages, the "Repeat:" line, the
  /// replay lines and the reports.
  let program: String
  /// The catalog's properties the implementation lacks a part or
  /// capability for: listed in the console and every report.
  var skipped: [SkippedProperty] = []

  func run() -> Int32 {
    let known = target.propertyNames
    if let unknown = options.properties.first(where: { !known.contains($0) }) {
      Console.error("\(program): unknown property '\(unknown)' (see '\(program) list')")
      return ExitCode.usage
    }
    let names =
      options.properties.isEmpty
      ? known : known.filter { options.properties.contains($0) }
    guard !names.isEmpty else {
      Console.error("\(program): no properties to run (the catalog is empty)")
      return ExitCode.usage
    }
    // `DIFFABLE_KINDS`: the most distinct failure kinds a property
    // reports, as for `Conformance.check`.
    let kinds = ProcessInfo.processInfo.environment.filter {
      $0.key == RunConfiguration.Variable.kinds.rawValue
    }
    let maxFailureKinds: Int
    do {
      maxFailureKinds = try RunConfiguration.fromEnvironment(kinds).maxFailureKinds
    } catch {
      Console.error("\(program): \(error)")
      return ExitCode.usage
    }
    let seed = options.seed ?? Self.freshSeed()
    let jobs = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
    let reports: ReportSet
    do {
      reports = try ReportSet(path: options.out)
    } catch {
      Console.error("\(program): \(error)")
      if case .notAReportFolder = error { return ExitCode.usage }
      return ExitCode.ioError
    }
    let budget: String
    switch options.budget {
    case .cases(let count): budget = "\(count) cases per property"
    case .seconds(let seconds): budget = DurationParser.format(seconds)
    }
    let repeatCommand = RepeatCommand.text(
      executable: program, options: options, seed: seed, jobs: jobs,
      environment: ProcessInfo.processInfo.environment)
    Console.error(
      "\(program): seed \(seed)" + (options.shard.count > 1 ? ", shard \(options.shard)" : "")
        + ", \(names.count) properties, \(budget), \(jobs) jobs\nRepeat: \(repeatCommand)")
    let supervisor = Supervisor(
      target: target, options: options, names: names, seed: seed, jobs: jobs, reports: reports,
      program: program)
    supervisor.maxFailureKinds = maxFailureKinds
    var report = supervisor.run()
    report.command = repeatCommand
    report.program = program
    report.skippedProperties = skipped
    if let problem = supervisor.writeErrors.first {
      reports.discard()
      Console.error(
        "\(program): reports not written (\(problem)); \(options.out)/ keeps its previous reports")
      return ExitCode.ioError
    }
    do {
      try reports.commit(report)
    } catch {
      Console.error(
        "\(program): reports not written (\(error)); \(options.out)/ keeps its previous reports")
      return ExitCode.ioError
    }
    printVerdict(report, interruption: supervisor.interruption)
    if let signal = supervisor.interruption { return 128 + signal }
    if report.stopReason == "worker-failure" {
      Console.error("\(program): the run could not keep its worker processes alive")
      return ExitCode.failure
    }
    return report.passed ? ExitCode.success : ExitCode.failure
  }

  /// A seed from the clock, for runs without `--seed`.
  static func freshSeed() -> UInt64 {
    let now = Date().timeIntervalSince1970
    return UInt64(now * 1_000_000) ^ (UInt64(ProcessInfo.processInfo.processIdentifier) << 48)
  }

  private func printVerdict(_ report: FuzzReport, interruption: Int32?) {
    let verdict =
      interruption.map { "interrupted (\(WorkerDeath.signalName($0)))" }
      ?? (report.passed ? "passed" : "FAILED")
    Console.output(
      "\(program): \(verdict): \(report.totalCases) cases over \(report.properties.count) "
        + "properties in \(DurationParser.format(report.durationSeconds)) (seed \(report.seed), "
        + "\(ReportText.stopPhrase(report))); reports in \(options.out)/")
    let causes = report.causes
    if !causes.isEmpty {
      Console.output("  \(ReportText.causeCount(report)):")
    }
    for cause in causes {
      let properties = cause.failures.map(\.property).uniquedNames()
      Console.output("  - \(cause): \(cause.smallest.message)")
      Console.output("    in \(properties.joined(separator: ", "))")
      Console.output("    replay: " + ReportText.replayCommand(cause.smallest, in: report))
    }
    if let intro = ReportText.skippedPropertiesIntro(report) {
      Console.output("  \(intro):")
      for skipped in report.skippedProperties { Console.output("    \(skipped.description)") }
    }
    for limitation in report.limitations { Console.output("  \(limitation)") }
    for property in report.properties where property.killed > 0 {
      Console.output(
        "  \(property.name): \(property.killed) case(s) killed from outside (a retry did not fail; "
          + "not failures)")
    }
    for property in report.properties {
      for coverage in property.coverageShortfalls {
        Console.output(
          "  \(property.name) coverage: '\(coverage.name)' below its minimum share "
            + "\(coverage.minimum ?? 0)")
      }
      let undecided = property.coverageUndecided.map(\.name)
      if !undecided.isEmpty {
        Console.output(
          "  \(property.name) coverage not judged (too few cases to tell a shortfall from "
            + "chance): \(undecided.joined(separator: ", "))")
      }
    }
  }
}

extension Array where Element == String {
  /// The names without repeats, in order.
  fileprivate func uniquedNames() -> [String] {
    var seen = Set<String>()
    return filter { seen.insert($0).inserted }
  }
}
