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
  public static func decode<T: Decodable>(_ type: T.Type, at path: String) throws(ReportError) -> T
  {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .malformed("\(path): cannot read file")
    }
    guard (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil else {
      throw .malformed("\(path): not valid JSON")
    }
    do {
      return try JSONDecoder().decode(T.self, from: data)
    } catch let error as DecodingError {
      throw .malformed("\(path): \(describe(error))")
    } catch {
      throw .malformed("\(path): \(error)")
    }
  }

  /// A one-line description of a decoding error of valid JSON: what is
  /// wrong with its shape and where, e.g. `missing key 'seed'` or
  /// `expected a string at properties[0].name`.
  static func describe(_ error: DecodingError) -> String {
    func at(_ path: [any CodingKey]) -> String {
      path.isEmpty
        ? " at the top level"
        : " at "
          + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
          .joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
    }
    switch error {
    case .dataCorrupted(let context):
      return context.debugDescription + (context.codingPath.isEmpty ? "" : at(context.codingPath))
    case .keyNotFound(let key, let context):
      return "missing key '\(key.stringValue)'"
        + (context.codingPath.isEmpty ? "" : at(context.codingPath))
    case .typeMismatch(let type, let context):
      return "expected \(kind(of: type))" + at(context.codingPath)
    case .valueNotFound(let type, let context):
      return "null where \(kind(of: type)) is expected" + at(context.codingPath)
    @unknown default:
      return "unexpected JSON structure"
    }
  }

  /// A JSON reader's name for the Swift type a decoder expected.
  private static func kind(of type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Bool.Type: return "true or false"
    case is Int.Type, is Double.Type, is UInt64.Type: return "a number"
    default:
      let name = String(describing: type)
      if name.hasPrefix("Array") { return "a list" }
      if name.hasPrefix("Dictionary") { return "an object" }
      return "a JSON value of type \(name)"
    }
  }
}
