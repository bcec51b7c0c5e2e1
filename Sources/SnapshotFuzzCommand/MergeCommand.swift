import Foundation
import FuzzKit
import Verification

/// `snapshot-fuzz merge DIR… --out DIR [--allow-partial]`: reads every
/// shard report first (any malformed one, an incomplete shard set without
/// `--allow-partial`, or an `--out` that is an input stops the merge before
/// anything is written), merges them, and writes the report set with its
/// failure entries into `--out` whole (`ReportWriter.writeSet`).
struct MergeCommand {
  let folders: [String]
  let out: String
  let allowPartial: Bool
  /// The executable's product name, for messages.
  let program: String

  func run() -> Int32 {
    let merged: FuzzReport
    do {
      try ReportMerger.checkOutput(out, inputs: folders)
      let reports = try folders.map { (folder: String) throws(ReportError) -> FuzzReport in
        try ReportReader.readReport(at: folder)
      }
      merged = try ReportMerger.merge(reports, allowPartial: allowPartial)
    } catch {
      Console.error("\(program): \(error)")
      return ExitCode.dataError
    }
    do {
      try ReportWriter.writeSet(merged, to: URL(fileURLWithPath: out, isDirectory: true))
    } catch {
      Console.error("\(program): cannot write the merged reports: \(error)")
      return ExitCode.ioError
    }
    Console.output(
      "\(program): merged \(folders.count) reports (\(merged.totalCases) cases, "
        + "\(merged.failures.count) failures) into \(out)/"
        + (merged.partial ? " — PARTIAL: some shards are missing" : ""))
    return merged.passed ? ExitCode.success : ExitCode.failure
  }
}
