import Foundation
import FuzzKit
import Verification

/// `snapshot-fuzz run`: checks the options, picks the seed, runs the
/// supervisor, writes the reports and prints the verdict.
struct RunCommand {
  let target: any FuzzTarget
  let options: RunOptions

  func run() -> Int32 {
    let known = target.propertyNames
    if let unknown = options.properties.first(where: { !known.contains($0) }) {
      Console.error("snapshot-fuzz: unknown property '\(unknown)' (see 'snapshot-fuzz list')")
      return ExitCode.usage
    }
    let names = options.properties.isEmpty
      ? known : known.filter { options.properties.contains($0) }
    guard !names.isEmpty else {
      Console.error("snapshot-fuzz: no properties to run (the catalog is empty)")
      return ExitCode.usage
    }
    let seed = options.seed ?? Self.freshSeed()
    let jobs = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
    let out = URL(fileURLWithPath: options.out, isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
      try clearFailures(in: out)
    } catch {
      Console.error("snapshot-fuzz: cannot prepare \(options.out): \(error.localizedDescription)")
      return ExitCode.ioError
    }
    let budget: String
    switch options.budget {
    case .cases(let count): budget = "\(count) cases per property"
    case .seconds(let seconds): budget = DurationParser.format(seconds)
    }
    Console.error(
      "snapshot-fuzz: seed \(seed)" + (options.shard.count > 1 ? ", shard \(options.shard)" : "")
        + ", \(names.count) properties, \(budget), \(jobs) jobs "
        + "(repeat with --seed \(seed))")
    let supervisor = Supervisor(target: target, options: options, names: names, seed: seed, jobs: jobs)
    let report = supervisor.run()
    do {
      try ReportWriter.write(report, to: out)
    } catch {
      Console.error("snapshot-fuzz: \(error)")
      return ExitCode.ioError
    }
    printVerdict(report)
    if report.stopReason == "worker-failure" {
      Console.error("snapshot-fuzz: the run could not keep its worker processes alive")
      return ExitCode.failure
    }
    return report.passed ? ExitCode.success : ExitCode.failure
  }

  /// A seed from the clock, for runs without `--seed`.
  static func freshSeed() -> UInt64 {
    let now = Date().timeIntervalSince1970
    return UInt64(now * 1_000_000) ^ (UInt64(ProcessInfo.processInfo.processIdentifier) << 48)
  }

  private func clearFailures(in out: URL) throws {
    let folder = out.appendingPathComponent("failures")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names where name.hasSuffix(".json") {
      try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
  }

  private func printVerdict(_ report: FuzzReport) {
    let verdict = report.passed ? "passed" : "FAILED"
    Console.output(
      "snapshot-fuzz: \(verdict): \(report.totalCases) cases over \(report.properties.count) "
        + "properties in \(DurationParser.format(report.durationSeconds)) (seed \(report.seed), "
        + "stopped by \(report.stopReason)); reports in \(options.out)/")
    for failure in report.failures {
      Console.output("  \(failure.property) \(failure.kind.rawValue): \(failure.message)")
      Console.output("    replay: snapshot-fuzz replay '\(failure.token)'")
    }
    for property in report.properties {
      for coverage in property.coverageShortfalls {
        Console.output(
          "  \(property.name) coverage: '\(coverage.name)' below its minimum share "
            + "\(coverage.minimum ?? 0)")
      }
    }
  }
}
