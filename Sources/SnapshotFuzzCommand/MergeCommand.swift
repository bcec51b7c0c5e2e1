import Foundation
import FuzzKit
import Verification

/// `snapshot-fuzz merge DIR… --out DIR`: reads every shard report first
/// (any malformed one stops the merge before anything is written), merges
/// them, copies the failure entries and writes the four report files.
struct MergeCommand {
  let folders: [String]
  let out: String

  func run() -> Int32 {
    let reports: [FuzzReport]
    let merged: FuzzReport
    do {
      reports = try folders.map { (folder: String) throws(ReportError) -> FuzzReport in
        try ReportReader.readReport(at: folder)
      }
      merged = try ReportMerger.merge(reports)
    } catch {
      Console.error("snapshot-fuzz: \(error)")
      return ExitCode.dataError
    }
    let outURL = URL(fileURLWithPath: out, isDirectory: true)
    var failures: [FailureRecord] = []
    do {
      for failure in merged.failures {
        failures.append(try ReportWriter.writeFailure(failure, to: outURL))
      }
      var final = merged
      final.failures = failures
      final.command = final.command ?? reports.first?.command
      try ReportWriter.write(final, to: outURL)
    } catch {
      Console.error("snapshot-fuzz: \(error)")
      return ExitCode.ioError
    }
    Console.output(
      "snapshot-fuzz: merged \(reports.count) reports (\(merged.totalCases) cases, "
        + "\(merged.failures.count) failures) into \(out)/")
    return merged.passed ? ExitCode.success : ExitCode.failure
  }
}
