import Foundation
import FuzzKit
import Verification

/// A report folder written as one set: the run writes every file into a
/// staging folder next to the destination (`.NAME.staging-PID`), and
/// `commit` swaps the staging folder in whole by renaming. Until then the
/// previous set stays exactly as it was; a run that fails to write, or is
/// killed, leaves it untouched (a killed run's staging folder is removed
/// by the next run into the same destination).
struct ReportSet {
  /// Why a destination cannot take a report set.
  enum Problem: Error, CustomStringConvertible {
    /// The destination holds files that are not a report set (replacing
    /// it would delete them): bad usage, exit 64.
    case notAReportFolder(String)
    /// The file system refused: exit 74.
    case io(String)

    var description: String {
      switch self {
      case .notAReportFolder(let message), .io(let message): return message
      }
    }
  }

  /// The environment variable that injects a write failure into
  /// `commit` (value `report-write`), for testing that a failed write
  /// keeps the previous set.
  static let faultVariable = "SNAPSHOT_FUZZ_INJECT_FAULT"

  /// The folder the set ends up in.
  let destination: URL
  /// The folder the run writes into.
  let staging: URL

  /// Checks `path` and creates the staging folder: the destination must be
  /// absent, a folder holding only a report set, or empty, and its parent
  /// must be writable (a probe file is written and removed).
  /// - Throws: `Problem` naming what is wrong, in one line.
  init(path: String) throws(Problem) {
    guard !path.isEmpty else { throw .notAReportFolder("--out wants a folder path, got ''") }
    destination = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
    let parent = destination.deletingLastPathComponent()
    let name = destination.lastPathComponent
    guard !name.isEmpty, name != "/", name != ".", name != ".." else {
      throw .notAReportFolder("--out \(path): cannot replace this folder; name a report folder")
    }
    staging = parent.appendingPathComponent(".\(name).staging-\(getpid())", isDirectory: true)
    try Self.checkDestination(destination, path: path)
    let manager = FileManager.default
    do {
      try manager.createDirectory(at: parent, withIntermediateDirectories: true)
    } catch {
      throw .io(
        "cannot write reports to \(path): cannot create \(parent.path) "
          + "(\(SystemErrorText.reason(error, path: destination.path)))")
    }
    Self.removeStale(in: parent, name: name)
    do {
      try? manager.removeItem(at: staging)
      try manager.createDirectory(at: staging, withIntermediateDirectories: false)
      let probe = staging.appendingPathComponent(".probe")
      try Data("probe\n".utf8).write(to: probe)
      try manager.removeItem(at: probe)
    } catch {
      try? manager.removeItem(at: staging)
      throw .io("cannot write reports to \(path): \(SystemErrorText.reason(error, path: staging.path))")
    }
  }

  /// Writes `failure`'s entry into the staging folder.
  /// - Returns: the record with its `file` set.
  /// - Throws: `ReportError.io` when it cannot be written.
  func writeFailure(_ failure: FailureRecord) throws(ReportError) -> FailureRecord {
    try ReportWriter.writeFailure(failure, to: staging)
  }

  /// Writes the report files into the staging folder, then puts the
  /// staging folder in the destination's place, and removes the previous
  /// set. On any error the staging folder is removed and the destination
  /// is as it was.
  /// - Throws: `ReportError.io` naming the problem in one line.
  func commit(_ report: FuzzReport) throws(ReportError) {
    do throws(ReportError) {
      if ProcessInfo.processInfo.environment[Self.faultVariable] == "report-write" {
        throw ReportError.io(
          "cannot write \(staging.appendingPathComponent("report.json").path): "
            + "injected fault (\(Self.faultVariable))")
      }
      try ReportWriter.write(report, to: staging)
      try swap()
    } catch {
      discard()
      throw error
    }
  }

  /// Removes the staging folder (the destination is untouched).
  func discard() {
    try? FileManager.default.removeItem(at: staging)
  }

  /// Renames the staging folder over the destination: the previous set
  /// moves aside first and is removed only once the new one is in place.
  private func swap() throws(ReportError) {
    let manager = FileManager.default
    var isFolder: ObjCBool = false
    guard manager.fileExists(atPath: destination.path, isDirectory: &isFolder) else {
      try rename(staging, to: destination)
      return
    }
    let aside = destination.deletingLastPathComponent()
      .appendingPathComponent(".\(destination.lastPathComponent).old-\(getpid())", isDirectory: true)
    try? manager.removeItem(at: aside)
    try rename(destination, to: aside)
    do {
      try rename(staging, to: destination)
    } catch {
      try? rename(aside, to: destination)
      throw error
    }
    try? manager.removeItem(at: aside)
  }

  private func rename(_ from: URL, to: URL) throws(ReportError) {
    guard Foundation.rename(from.path, to.path) == 0 else {
      throw .io("cannot move \(from.path) to \(to.path): \(String(cString: strerror(errno)))")
    }
  }

  /// The names a report set holds.
  private static let setNames: Set<String> = Set(ReportWriter.fileNames + ["failures"])

  private static func checkDestination(_ destination: URL, path: String) throws(Problem) {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: destination.path, isDirectory: &isFolder) else { return }
    guard isFolder.boolValue else {
      throw .io("cannot write reports to \(path): it exists and is not a folder")
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? []
    if let other = names.sorted().first(where: { !$0.hasPrefix(".") && !setNames.contains($0) }) {
      throw .notAReportFolder(
        "--out \(path) holds '\(other)', which is not part of a report set; "
          + "name an empty or report folder (its contents are replaced)")
    }
  }

  /// Removes staging and set-aside folders of runs into the same
  /// destination whose process is gone (a killed run's leftovers).
  private static func removeStale(in parent: URL, name: String) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
    for entry in names.sorted() {
      for marker in [".\(name).staging-", ".\(name).old-"] where entry.hasPrefix(marker) {
        guard let pid = pid_t(entry.dropFirst(marker.count)), pid != getpid() else { continue }
        if kill(pid, 0) != 0 && errno == ESRCH {
          try? FileManager.default.removeItem(at: parent.appendingPathComponent(entry))
        }
      }
    }
  }
}
