import Foundation

/// Writes a report folder: `report.json`, `summary.md`, `report.html`,
/// `junit.xml`, and one JSON entry per failure under `failures/`. Each file
/// is written atomically, `report.json` last, so a folder whose
/// `report.json` exists holds a complete set.
public enum ReportWriter {
  /// The names of the four report files, in the order they are written.
  public static let fileNames = ["summary.md", "report.html", "junit.xml", "report.json"]

  /// The JSON encoding of `value` used by every file this module writes:
  /// pretty-printed, keys sorted.
  public static func json<T: Encodable>(_ value: T) throws(ReportError) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      var data = try encoder.encode(value)
      data.append(UInt8(ascii: "\n"))
      return data
    } catch {
      throw .io("cannot encode JSON: \(error)")
    }
  }

  /// Writes the four report files of `report` into `folder`.
  /// - Throws: `ReportError.io` when a file cannot be written; files
  ///   already written stay complete.
  public static func write(_ report: FuzzReport, to folder: URL) throws(ReportError) {
    try AtomicFile.write(SummaryRenderer.render(report), to: folder.appendingPathComponent("summary.md"))
    try AtomicFile.write(HTMLRenderer.render(report), to: folder.appendingPathComponent("report.html"))
    try AtomicFile.write(JUnitRenderer.render(report), to: folder.appendingPathComponent("junit.xml"))
    try AtomicFile.write(json(report), to: folder.appendingPathComponent("report.json"))
  }

  /// The path, relative to the report folder, of `failure`'s entry.
  public static func failureFile(for failure: FailureRecord) -> String {
    let safe = String(failure.property.unicodeScalars.map {
      CharacterSet.alphanumerics.contains($0) || $0 == "." || $0 == "-" ? Character($0) : "_"
    })
    return "failures/\(safe)-\(failure.caseIndex).json"
  }

  /// Writes `failure` as one JSON entry under `folder/failures/`.
  /// - Returns: the record with `file` set to the entry's relative path.
  /// - Throws: `ReportError.io` when the entry cannot be written.
  @discardableResult
  public static func writeFailure(
    _ failure: FailureRecord, to folder: URL
  ) throws(ReportError) -> FailureRecord {
    var record = failure
    record.file = failureFile(for: failure)
    try AtomicFile.write(json(record), to: folder.appendingPathComponent(record.file))
    return record
  }
}
