import Foundation
import FuzzKit
import Mutation

/// `snapshot-fuzz mutate`: builds every mutant of a target into a scratch
/// copy of the package, judges each with this executable's `run`, writes
/// the mutation reports and exits 0 when the score meets `--min-score`.
struct MutateCommand {
  let options: MutationOptions
  /// The executable's product name, in messages.
  let program: String

  func run() -> Int32 {
    let driver = MutationDriver(options: options) { Console.error($0) }
    let report: MutationReport
    do {
      try MutationReportWriter.checkDestination(driver.outURL)
      report = try driver.run()
      try MutationReportWriter.write(report, to: driver.outURL)
    } catch {
      Console.error("\(program) mutate: \(error.message)")
      switch error {
      case .noSources: return ExitCode.usage
      case .io: return ExitCode.ioError
      case .buildFailed, .baselineFailed: return ExitCode.failure
      }
    }
    Console.output(MutationReportWriter.scoreLine(report))
    for entry in report.survivors {
      Console.output("survived: \(entry.mutant.id)")
      Console.output("  - \(entry.mutant.originalLine)\n  + \(entry.mutant.shownMutatedLine)")
    }
    Console.output(
      "Reports: \(options.out)/{report.json,summary.md,report.html,junit.xml}; "
        + "\(report.dropped.count) mutants dropped (their sites did not compile)")
    guard report.passed else {
      Console.error(
        "\(program) mutate: score \(String(format: "%.1f", report.score.percent))% is below "
          + "--min-score \(options.minScore)")
      return ExitCode.failure
    }
    return ExitCode.success
  }
}
