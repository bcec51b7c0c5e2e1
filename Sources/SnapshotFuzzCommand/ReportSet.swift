import Foundation
import FuzzKit
import Verification

/// The run's report folder, written as one set through `ReportStage`: the
/// run writes every file into a staging folder next to `--out` and
/// `commit` swaps it in whole, so a run that fails to write, or is killed,
/// leaves the previous set untouched.
///
/// This type only classifies `--out` for the command's exit codes (a folder
/// that cannot take a set is bad usage, a file system refusal is an I/O
/// error); its test hook, which injects a write failure, is in
/// `ReportSet+Testing.swift`.
@_spi(Testing) public struct ReportSet {
  /// Why a destination cannot take a report set.
  enum Problem: Error, CustomStringConvertible {
    /// `--out` names no folder, or one holding other files (replacing it
    /// would delete them): bad usage, exit 64.
    case notAReportFolder(String)
    /// The file system refused: exit 74.
    case io(String)

    var description: String {
      switch self {
      case .notAReportFolder(let message), .io(let message): return message
      }
    }
  }

  private let stage: ReportStage

  /// Checks `path` and creates the staging folder (which also proves that
  /// the destination's parent is writable, before the first case runs).
  /// - Throws: `Problem` naming what is wrong, in one line.
  init(path: String) throws(Problem) {
    guard !path.isEmpty else { throw .notAReportFolder("--out wants a folder path, got ''") }
    let destination = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
    guard ![".", "..", "/", ""].contains(destination.lastPathComponent) else {
      throw .notAReportFolder("--out \(path): cannot replace this folder; name a report folder")
    }
    do {
      try ReportStage.checkDestination(destination)
    } catch {
      throw .notAReportFolder("--out \(path): \(error)")
    }
    do {
      stage = try ReportStage(destination: destination, writer: Self.writer())
    } catch {
      throw .io("cannot write reports to \(path): \(error)")
    }
  }

  /// Writes `failure`'s entry into the staging folder.
  /// - Returns: the record with its `file` set.
  /// - Throws: `ReportError.io` when it cannot be written.
  func writeFailure(_ failure: FailureRecord) throws(ReportError) -> FailureRecord {
    try stage.writeFailure(failure)
  }

  /// Writes the report files and swaps the set in; on any error the
  /// destination is as it was.
  /// - Throws: `ReportError.io` naming the problem in one line.
  func commit(_ report: FuzzReport) throws(ReportError) {
    try stage.commit(report)
  }

  /// Removes the staging folder (the destination is untouched).
  func discard() {
    stage.discard()
  }

  /// The file writer: `AtomicFile.write`, failing on `report.json` when
  /// a test injected that fault (`injectedFault`).
  private static func writer() -> ReportStage.FileWriter {
    guard injectedFault == .reportWrite else { return AtomicFile.write }
    return { (data: Data, url: URL) throws(ReportError) in
      if url.lastPathComponent == "report.json" {
        throw ReportError.io("cannot write \(url.path): injected fault (report write)")
      }
      try AtomicFile.write(data, to: url)
    }
  }
}
