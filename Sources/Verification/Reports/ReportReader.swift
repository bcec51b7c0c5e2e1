import Foundation

/// Reads report files written by `ReportWriter`, turning every problem into
/// a one-line `ReportError` that names the file.
public enum ReportReader {
  /// Reads `report.json` from `path`, a report folder or the file itself.
  /// - Throws: `ReportError.malformed` when the file is missing, unreadable,
  ///   not JSON, of another schema, or missing fields.
  public static func readReport(at path: String) throws(ReportError) -> FuzzReport {
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
    let file = isFolder.boolValue ? (path as NSString).appendingPathComponent("report.json") : path
    guard exists, FileManager.default.fileExists(atPath: file) else {
      throw .malformed("\(file): no such report file")
    }
    return try decode(FuzzReport.self, at: file)
  }

  /// Reads one failure entry (a file under `failures/`).
  /// - Throws: `ReportError.malformed` as `readReport(at:)`.
  public static func readFailure(at path: String) throws(ReportError) -> FailureRecord {
    try decode(FailureRecord.self, at: path)
  }

  /// Decodes a JSON file, describing errors in one line.
  public static func decode<T: Decodable>(_ type: T.Type, at path: String) throws(ReportError) -> T {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .malformed("\(path): cannot read file")
    }
    do {
      return try JSONDecoder().decode(T.self, from: data)
    } catch let error as DecodingError {
      throw .malformed("\(path): \(describe(error))")
    } catch {
      throw .malformed("\(path): not valid JSON")
    }
  }

  /// A one-line description of a decoding error: what went wrong and where.
  static func describe(_ error: DecodingError) -> String {
    func at(_ path: [any CodingKey]) -> String {
      path.isEmpty ? "" : " at " + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        .joined(separator: ".")
    }
    switch error {
    case .dataCorrupted(let context):
      let underlying = context.underlyingError.map { _ in "not valid JSON" }
      return (underlying ?? context.debugDescription) + at(context.codingPath)
    case .keyNotFound(let key, let context):
      return "missing field \"\(key.stringValue)\"" + at(context.codingPath)
    case .typeMismatch(let type, let context):
      return "expected \(type)" + at(context.codingPath)
    case .valueNotFound(let type, let context):
      return "missing \(type) value" + at(context.codingPath)
    @unknown default:
      return "malformed JSON"
    }
  }
}
