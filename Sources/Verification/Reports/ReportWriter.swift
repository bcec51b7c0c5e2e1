import Foundation

/// Writes a report folder: `report.json`, `summary.md`, `report.html`,
/// `junit.xml`, and one JSON entry per failure under `failures/`.
/// `writeSet(_:to:)` (and `ReportStage` for a run that writes failure
/// entries as it finds them) swaps the whole set in at once, so a failed
/// or killed writer never removes or mixes the previous set.
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

  /// The four report files of `report`, named and rendered, in the order
  /// they are written (`report.json` last).
  /// - Throws: `ReportError.io` when the JSON cannot be encoded.
  public static func files(of report: FuzzReport) throws(ReportError) -> [(
    name: String, data: Data
  )] {
    [
      ("summary.md", Data(SummaryRenderer.render(report).utf8)),
      ("report.html", Data(HTMLRenderer.render(report).utf8)),
      ("junit.xml", Data(JUnitRenderer.render(report).utf8)),
      ("report.json", try json(report)),
    ]
  }

  /// Writes the four report files of `report` into `folder`, each
  /// atomically but not as a set (see `writeSet(_:to:)` for that).
  /// - Throws: `ReportError.io` when a file cannot be written; files
  ///   already written stay complete.
  public static func write(_ report: FuzzReport, to folder: URL) throws(ReportError) {
    for (name, data) in try files(of: report) {
      try AtomicFile.write(data, to: folder.appendingPathComponent(name))
    }
  }

  /// Writes `report` with an entry under `failures/` for each of its
  /// failures as one set, swapped into `folder` whole (see `ReportStage`):
  /// on any failure `folder` keeps its previous set unchanged.
  /// - Parameters:
  ///   - report: the report to write.
  ///   - folder: the folder the set is swapped into.
  ///   - writer: writes each file; tests inject failures here.
  /// - Returns: the report as written, each failure's `file` set.
  /// - Throws: `ReportError.io` when `folder` cannot take a report set
  ///   (see `ReportStage.init`) or a file cannot be written.
  @discardableResult
  public static func writeSet(
    _ report: FuzzReport, to folder: URL,
    writer: @escaping ReportStage.FileWriter = AtomicFile.write
  ) throws(ReportError) -> FuzzReport {
    let stage = try ReportStage(destination: folder, writer: writer)
    var written = report
    do {
      written.failures = try report.failures.map { (failure) throws(ReportError) -> FailureRecord in
        try stage.writeFailure(failure)
      }
    } catch {
      stage.discard()
      throw error
    }
    try stage.commit(written)
    return written
  }

  /// The path, relative to the report folder, of `failure`'s entry:
  /// `failures/<property>-<case index>-<kind>.json`.
  public static func failureFile(for failure: FailureRecord) -> String {
    let safe = String(
      failure.property.unicodeScalars.map {
        CharacterSet.alphanumerics.contains($0) || $0 == "." || $0 == "-" ? Character($0) : "_"
      })
    // A case may fail in several ways: each kind has its own entry.
    let kind = failure.rule.map { "-" + SwiftCode.slug($0) } ?? ""
    return "failures/\(safe)-\(failure.caseIndex)\(kind).json"
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
