import Foundation

/// A report set being written as a whole: every file goes into a staging
/// folder next to the destination, and `commit(_:)` swaps the complete set
/// in; until then, and whenever a write or the swap fails, the destination
/// keeps its previous set byte for byte.
///
/// For `--out Reports/latest` the staging folder is
/// `Reports/.latest.staging-<pid>`. The swap renames the previous set aside
/// (`Reports/.latest.previous-<pid>`), renames the staging folder into
/// place and then removes the previous set; if the second rename fails the
/// previous set is renamed back. A process killed between the two renames
/// leaves both sets complete and no folder at the destination, never a mix:
/// the next stage for that destination renames the previous set back before
/// it starts, and removes staging folders of processes that no longer run.
///
/// The destination must be missing, empty or a report set: a folder holding
/// anything else is refused, because the swap replaces the folder whole.
/// A set is the fuzz run's files by default; another tool's set (the
/// mutation reports) names its own files.
public final class ReportStage {
  /// Writes one file; `AtomicFile.write` unless a test injects a failure.
  public typealias FileWriter = (Data, URL) throws(ReportError) -> Void

  /// The names a report set may hold at its top level.
  public static let setNames = Set(ReportWriter.fileNames + ["failures"])

  /// The folder the set is swapped into (`--out`).
  public let destination: URL
  /// The names this set may hold at its top level.
  public let names: Set<String>
  /// The staging folder the files are written to before the swap.
  public let folder: URL
  private let writer: FileWriter

  /// Checks `destination`, recovers what a killed earlier run left next to
  /// it, and creates an empty staging folder.
  /// - Parameters:
  ///   - destination: the folder the set is swapped into.
  ///   - names: the names the set may hold at its top level.
  ///   - writer: writes each file; tests inject failures here.
  /// - Throws: `ReportError.io` when `destination` is not a folder, holds
  ///   files that are not part of a report set, or its parent folder or
  ///   the staging folder cannot be created.
  public init(
    destination: URL, names: Set<String> = setNames,
    writer: @escaping FileWriter = AtomicFile.write
  ) throws(ReportError) {
    let destination = destination.standardizedFileURL
    guard !destination.path.isEmpty, destination.path != "/" else {
      throw .io("'\(destination.path)' cannot hold a report set")
    }
    self.destination = destination
    self.names = names
    self.writer = writer
    folder = Self.sibling(of: destination, role: "staging", pid: getpid())
    try Self.checkDestination(destination, names: names)
    Self.recoverLeftovers(of: destination)
    do {
      try? FileManager.default.removeItem(at: folder)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .io("cannot create the staging folder \(folder.path): \(error.localizedDescription)")
    }
  }

  /// Writes `failure` as an entry under the staging folder's `failures/`.
  /// - Returns: the record with `file` set to the entry's relative path.
  /// - Throws: `ReportError.io` when the entry cannot be written; the
  ///   destination is untouched.
  @discardableResult
  public func writeFailure(_ failure: FailureRecord) throws(ReportError) -> FailureRecord {
    var record = failure
    record.file = ReportWriter.failureFile(for: failure)
    try writer(ReportWriter.json(record), folder.appendingPathComponent(record.file))
    return record
  }

  /// Writes the four report files of `report` into the staging folder and
  /// swaps the set into the destination.
  /// - Throws: `ReportError.io` when a file cannot be written or the swap
  ///   fails; the staging folder is then removed and the destination keeps
  ///   its previous set.
  public func commit(_ report: FuzzReport) throws(ReportError) {
    let files: [(name: String, data: Data)]
    do {
      files = try ReportWriter.files(of: report)
    } catch {
      discard()
      throw error
    }
    try commit(files: files)
  }

  /// Writes `files` (top-level names of this set) into the staging folder
  /// and swaps the set into the destination.
  /// - Throws: as `commit(_:)`.
  public func commit(files: [(name: String, data: Data)]) throws(ReportError) {
    do {
      for (name, data) in files {
        try writer(data, folder.appendingPathComponent(name))
      }
      try swapIn()
    } catch {
      discard()
      throw error
    }
  }

  /// Removes the staging folder; the destination is left as it was.
  public func discard() {
    try? FileManager.default.removeItem(at: folder)
  }

  private func swapIn() throws(ReportError) {
    let aside = Self.sibling(of: destination, role: "previous", pid: getpid())
    try? FileManager.default.removeItem(at: aside)
    let hadPrevious = FileManager.default.fileExists(atPath: destination.path)
    if hadPrevious, rename(destination.path, aside.path) != 0 {
      throw .io(
        "cannot move the previous report set in \(destination.path) aside: \(Self.reason())")
    }
    guard rename(folder.path, destination.path) == 0 else {
      let reason = Self.reason()
      if hadPrevious { _ = rename(aside.path, destination.path) }
      throw .io("cannot move the new report set into \(destination.path): \(reason)")
    }
    if hadPrevious { try? FileManager.default.removeItem(at: aside) }
  }

  /// Refuses a destination the swap could damage: a file, or a folder
  /// holding anything besides a set of `names` (hidden `.tmp` files of an
  /// interrupted atomic write excepted).
  public static func checkDestination(
    _ destination: URL, names setNames: Set<String> = setNames
  ) throws(ReportError) {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: destination.path, isDirectory: &isFolder) else {
      return
    }
    guard isFolder.boolValue else {
      throw .io("\(destination.path) is a file, not a report folder")
    }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: destination.path).sorted()
    } catch {
      throw .io("cannot list \(destination.path): \(error.localizedDescription)")
    }
    if let stranger = names.first(where: { !setNames.contains($0) && !isTemporary($0) }) {
      throw .io(
        "\(destination.path) holds '\(stranger)', which is not part of a report set "
          + "(the set is replaced whole); choose an empty or report folder")
    }
  }

  private static func isTemporary(_ name: String) -> Bool {
    name.hasPrefix(".") && name.hasSuffix(".tmp")
  }

  /// Renames back a previous set that a killed process moved aside without
  /// moving a new one in, and removes what killed processes left staged.
  static func recoverLeftovers(of destination: URL) {
    let parent = destination.deletingLastPathComponent()
    let prefix = ".\(destination.lastPathComponent)."
    let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
    for name in names.sorted() where name.hasPrefix(prefix) {
      let parts = name.dropFirst(prefix.count).split(separator: "-")
      guard parts.count == 2, let pid = pid_t(parts[1]), pid != getpid(), !isRunning(pid) else {
        continue
      }
      let leftover = parent.appendingPathComponent(name)
      if parts[0] == "previous", !FileManager.default.fileExists(atPath: destination.path),
        rename(leftover.path, destination.path) == 0
      {
        continue
      }
      if parts[0] == "previous" || parts[0] == "staging" {
        try? FileManager.default.removeItem(at: leftover)
      }
    }
  }

  private static func isRunning(_ pid: pid_t) -> Bool {
    kill(pid, 0) == 0 || errno != ESRCH
  }

  static func sibling(of destination: URL, role: String, pid: pid_t) -> URL {
    destination.deletingLastPathComponent()
      .appendingPathComponent(".\(destination.lastPathComponent).\(role)-\(pid)", isDirectory: true)
  }

  private static func reason() -> String { String(cString: strerror(errno)) }
}
