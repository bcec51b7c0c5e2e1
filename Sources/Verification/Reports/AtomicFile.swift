import Foundation

/// Writes files so that a reader never sees a half-written one: the bytes go
/// to a temporary file in the same folder, which is then renamed over the
/// destination (an atomic replace on POSIX file systems).
public enum AtomicFile {
  /// Writes `data` to `url` atomically, creating missing parent folders.
  /// - Throws: `ReportError.io` when the folder cannot be created or the
  ///   file cannot be written or renamed; `url` is then left as it was.
  public static func write(_ data: Data, to url: URL) throws(ReportError) {
    let folder = url.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(
      ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try data.write(to: temporary)
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw .io("cannot write \(url.path): \(error.localizedDescription)")
    }
    guard rename(temporary.path, url.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw .io("cannot replace \(url.path): \(reason)")
    }
  }

  /// Writes `text` as UTF-8 to `url` atomically.
  /// - Throws: `ReportError.io` as `write(_:to:)`.
  public static func write(_ text: String, to url: URL) throws(ReportError) {
    try write(Data(text.utf8), to: url)
  }
}
