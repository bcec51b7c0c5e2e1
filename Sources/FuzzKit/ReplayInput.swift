import Foundation
import Verification

/// What `snapshot-fuzz replay` accepts, resolved to one case: a replay
/// token; a failure entry (`failures/*.json`); a regression-corpus entry;
/// or a libFuzzer crash file, whose raw bytes are the choice sequence of
/// the property named by `--property` or `DIFFABLE_PROPERTY`.
public enum ReplayInput {
  /// The environment variable naming a raw crash file's property.
  public static let propertyVariable = "DIFFABLE_PROPERTY"

  /// The case `input` names.
  /// - Throws: `FuzzInputError.malformed` with one line naming the
  ///   problem: a malformed token, an unreadable or malformed file, a raw
  ///   file without a property, an unknown property.
  public static func resolve(
    _ input: String, property: String?, target: any FuzzTarget,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(FuzzInputError) -> FuzzCase {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) else {
      if input.contains("@") { return try target.decode(token: input) }
      throw .malformed(
        "'\(input)' is neither a replay token (name@v2.catalog:…) nor an existing file")
    }
    guard !isFolder.boolValue else { throw .malformed("\(input): is a folder, not a file") }
    guard let data = FileManager.default.contents(atPath: input) else {
      throw .malformed("\(input): cannot read file")
    }
    // A `.json` file is an entry (a corpus entry or a failure record),
    // whatever its first byte: a raw crash file has no extension.
    if input.hasSuffix(".json") || data.first == UInt8(ascii: "{") {
      return try decodeEntry(input, target: target)
    }
    guard let name = property ?? environment[propertyVariable], !name.isEmpty else {
      throw .malformed(
        "\(input): a raw crash file needs its property: --property NAME or \(propertyVariable)=NAME"
      )
    }
    return try target.decode(property: name, bytes: [UInt8](data))
  }

  /// A JSON file: a failure entry (it has a `kind`) or a corpus entry.
  private static func decodeEntry(_ path: String, target: any FuzzTarget) throws(FuzzInputError)
    -> FuzzCase
  {
    let isFailureEntry: Bool
    if let data = FileManager.default.contents(atPath: path),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    {
      isFailureEntry = object["kind"] != nil && object["case_index"] != nil
    } else {
      throw .malformed("\(path): not a corpus entry or failure record: not valid JSON")
    }
    guard isFailureEntry else { return try target.decodeCorpusEntry(at: path) }
    let record: FailureRecord
    do {
      record = try ReportReader.readFailure(at: path)
    } catch {
      throw .malformed(error.description)
    }
    return try target.decode(token: record.token)
  }
}
