import Foundation

/// The regression corpus: a folder of `CorpusEntry` JSON files, one per
/// failing case, with stable names (`Tests/Regressions/` in this repo).
///
/// Writes are atomic (a temporary file in the same folder, then a rename),
/// so a crash never leaves a half-written entry. Loading never traps: a
/// malformed file is a `CorpusError.malformed` naming it, and an entry in a
/// format version that cannot be migrated is reported `stale` by name,
/// never skipped silently.
///
/// Format history: version 0 (`{"version": 0, "property", "choices"}`, no
/// script) is migrated on load to version 1 with `script == nil`; it then
/// replays from its choices.
public struct Corpus: Sendable {
  /// The folder holding the entries.
  public var directory: URL

  /// A corpus in `directory` (created on first write).
  public init(directory: URL) {
    self.directory = directory
  }

  /// Writes `entry` atomically; an existing entry of the same name is
  /// replaced.
  /// - Returns: the file written.
  /// - Throws: `CorpusError.io` naming the file.
  @discardableResult
  public func write(_ entry: CorpusEntry) throws(CorpusError) -> URL {
    let file = directory.appendingPathComponent(entry.fileName)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let data = try encoder.encode(entry) + Data("\n".utf8)
      try Corpus.writeAtomically(data, to: file)
    } catch let error as CorpusError {
      throw error
    } catch {
      throw .io(
        file: file.path,
        reason: "cannot write corpus entry (\(SystemErrorText.reason(error, path: file.path)))")
    }
    return file
  }

  /// Writes `data` to a temporary file next to `file`, then renames it over
  /// `file`.
  public static func writeAtomically(_ data: Data, to file: URL) throws {
    let temporary = file.deletingLastPathComponent()
      .appendingPathComponent(
        ".\(file.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    try data.write(to: temporary)
    if rename(temporary.path, file.path) != 0 {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw CorpusError.io(file: file.path, reason: "cannot write corpus entry (\(reason))")
    }
  }

  /// Removes the entry named like `entry`, if present.
  public func remove(_ entry: CorpusEntry) {
    try? FileManager.default.removeItem(at: directory.appendingPathComponent(entry.fileName))
  }

  /// The `.json` files of the folder, sorted by name; empty when the folder
  /// does not exist.
  public func files() -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
      .map { directory.appendingPathComponent($0) }
  }

  /// Every entry of the folder, in file-name order, each loaded or rejected.
  public func loadAll() -> [(file: URL, entry: Result<CorpusEntry, CorpusError>)] {
    files().map { file in
      do throws(CorpusError) {
        return (file, .success(try Corpus.load(file)))
      } catch {
        return (file, .failure(error))
      }
    }
  }

  /// Loads one entry, migrating older formats.
  /// - Throws: `.io`, `.malformed` or `.stale`, naming the file.
  public static func load(_ file: URL) throws(CorpusError) -> CorpusEntry {
    let data: Data
    do {
      data = try Data(contentsOf: file)
    } catch {
      throw .io(file: file.path, reason: "cannot read corpus entry")
    }
    return try decode(data, file: file.lastPathComponent)
  }

  /// Decodes an entry from `data`; `file` names it in errors.
  /// - Throws: `.malformed` or `.stale`.
  public static func decode(_ data: Data, file: String) throws(CorpusError) -> CorpusEntry {
    guard let json = try? JSONDecoder().decode(JSONValue.self, from: data),
      case .object(let fields) = json
    else { throw .malformed(file: file, reason: "not a JSON object") }
    let version: Int
    if case .number(let value)? = fields["formatVersion"] {
      version = Int(value)
    } else if case .number(let value)? = fields["version"] {
      version = Int(value)
    } else {
      throw .malformed(file: file, reason: "missing 'formatVersion'")
    }
    switch version {
    case 0: return try migrateVersion0(data, file: file)
    case CorpusEntry.currentFormatVersion:
      do {
        let entry = try JSONDecoder().decode(CorpusEntry.self, from: data)
        guard !entry.property.isEmpty else {
          throw CorpusError.malformed(file: file, reason: "empty 'property'")
        }
        return entry
      } catch let error as CorpusError {
        throw error
      } catch {
        throw .malformed(file: file, reason: Corpus.reason(error))
      }
    default: throw .stale(file: file, version: version)
    }
  }

  private struct Version0: Decodable {
    var property: String
    var choices: [UInt64]
  }

  private static func migrateVersion0(_ data: Data, file: String) throws(CorpusError)
    -> CorpusEntry
  {
    guard let old = try? JSONDecoder().decode(Version0.self, from: data), !old.property.isEmpty
    else { throw .malformed(file: file, reason: "version 0 entry without 'property'/'choices'") }
    return CorpusEntry(
      property: old.property, choices: old.choices, script: nil,
      message: "migrated from format version 0", seed: nil)
  }

  /// A short reason for a decoding error: the field path and what failed.
  static func reason(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .keyNotFound(let key, _): return "missing field '\(key.stringValue)'"
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return "bad value at '\(path)': \(context.debugDescription)"
    @unknown default: return "\(error)"
    }
  }
}
