import Foundation

/// One row of the benchmark.
struct CaseResult {
  /// What a row times.
  enum Kind: String {
    /// Build the new snapshot from arrays, then diff (what an app pays).
    case update
    /// The diff of two snapshots built off the clock.
    case diff
    /// Fuzz throughput of one catalog property.
    case fuzz
    /// Another snapshot operation (build, edits, section snapshots).
    case operation
  }

  var name: String
  var kind = Kind.diff
  var items: Int
  var engine: Timing
  var reference: Timing?
  var stdlib: Timing?
  /// The floor written in the benchmark, for the update rows.
  var floor: Timing? = nil
  var moves: Int? = nil
  var minimalMoves: Int? = nil
  /// Cases per second, for the fuzz-throughput rows.
  var casesPerSecond: Double? = nil
  /// `int` or `string`, for the update rows.
  var ids: String? = nil
  /// Whether the update carries content.
  var content: Bool? = nil
  /// For an update with content: the engine on the same ids without
  /// content, timed in the same loop.
  var engineWithoutContent: Timing? = nil
  /// Heap bytes per item a live snapshot of the update keeps, built as
  /// the update rows build it (`reserveCapacity` first).
  var snapshotBytesPerItem: Double? = nil
  /// The same for the snapshot built with Apple's calls only (sections,
  /// then one append per section; the table grows as it goes).
  var unreservedBytesPerItem: Double? = nil
  /// Bytes per item of the id array (its buffer).
  var idArrayBytesPerItem: Double? = nil
  /// For an edit row: the number of changed items (*k*).
  var edits: Int? = nil
  /// For an edit row: whether the new snapshot was made by mutating a copy
  /// of the old one (else built from arrays).
  var derived: Bool? = nil
  /// The floor's name when it is not the update floor (`compare`: a bare
  /// comparison of the two id arrays).
  var floorName: String? = nil
  /// For an outline row and `10 edits derived from reserved`: the same
  /// update with the new (section) snapshot built from arrays, timed in
  /// the same rounds.
  var rebuild: Timing? = nil
}

/// The machine the numbers were taken on.
struct Machine {
  var cores: Int
  var os: String
  var swift: String
  var build: String

  static func current() -> Machine {
    #if DEBUG
      let build = "debug"
    #else
      let build = "release"
    #endif
    #if compiler(>=6.3)
      let fallback = "6.3 or later"
    #else
      let fallback = "before 6.3"
    #endif
    let swift = toolchainVersion() ?? fallback
    return Machine(
      cores: ProcessInfo.processInfo.activeProcessorCount,
      os: ProcessInfo.processInfo.operatingSystemVersionString,
      swift: swift, build: build)
  }
}

/// The first line of `swift --version`, or `nil` when it cannot be run.
func toolchainVersion() -> String? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["swift", "--version"]
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = FileHandle.nullDevice
  do {
    try process.run()
  } catch {
    return nil
  }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { return nil }
  let text = String(decoding: data, as: UTF8.self)
  return text.split(separator: "\n").first.map(String.init)
}

enum Report {
  static func format(_ value: Double?) -> String {
    guard let value else { return "-" }
    return String(format: value < 10 ? "%.3f" : "%.1f", value)
  }

  /// The header of the stdout table.
  static var header: String {
    pad("case", 42) + pad("items", 8, right: true) + pad("engine best", 13, right: true)
      + pad("median", 10, right: true) + pad("reference", 11, right: true)
      + pad("ratio", 8, right: true) + pad("stdlib", 10, right: true)
      + pad("moves", 8, right: true) + pad("minimal", 9, right: true)
  }

  /// The width of the per-update rows' name column: their longest name
  /// (`update 100k outline collapse 1 parent of 1,000 derived, data
  /// source apply(to:) string`) and a space.
  static var updateNameWidth: Int { 88 }

  /// The header of the per-update rows.
  static var updateHeader: String {
    pad("update case (build new + diff)", updateNameWidth) + pad("items", 8, right: true)
      + pad("engine best", 13, right: true) + pad("floor best", 11, right: true)
      + pad("ratio", 10, right: true) + pad("B/item", 8, right: true)
      + pad("unres", 6, right: true)
      + pad("ids B", 6, right: true) + pad("moves", 8, right: true)
      + pad("minimal", 9, right: true)
  }

  /// One line of the stdout table (times in ms).
  static func line(_ result: CaseResult) -> String {
    if result.kind == .update { return updateLine(result) }
    let ratio = result.reference.map { $0.best / max(result.engine.best, 1e-6) }
    let ratioText = ratio.map { $0 >= 100_000 ? ">99999x" : String(format: "%.0fx", $0) } ?? "-"
    return pad(result.name, 42) + pad("\(result.items)", 8, right: true)
      + pad(format(result.engine.best), 13, right: true)
      + pad(format(result.engine.median), 10, right: true)
      + pad(format(result.reference?.best), 11, right: true)
      + pad(ratioText, 8, right: true)
      + pad(format(result.stdlib?.best), 10, right: true)
      + pad(result.moves.map(String.init) ?? "-", 8, right: true)
      + pad(result.minimalMoves.map(String.init) ?? "-", 9, right: true)
      + (result.casesPerSecond.map { String(format: "  %.0f cases/s", $0) } ?? "")
  }

  /// One per-update line: engine and floor best, their ratio, memory.
  static func updateLine(_ result: CaseResult) -> String {
    let ratio = result.floor.map { floor -> String in
      let value = result.engine.best / max(floor.best, 1e-6)
      return String(format: value >= 100 ? "%.0fx" : value >= 10 ? "%.1fx" : "%.2fx", value)
    }
    return pad(result.name, updateNameWidth) + pad("\(result.items)", 8, right: true)
      + pad(format(result.engine.best), 13, right: true)
      + pad(format(result.floor?.best), 11, right: true)
      + pad(ratio ?? "-", 10, right: true)
      + pad(result.snapshotBytesPerItem.map { String(format: "%.0f", $0) } ?? "-", 8, right: true)
      + pad(result.unreservedBytesPerItem.map { String(format: "%.0f", $0) } ?? "-", 6, right: true)
      + pad(result.idArrayBytesPerItem.map { String(format: "%.0f", $0) } ?? "-", 6, right: true)
      + pad(result.moves.map(String.init) ?? "-", 8, right: true)
      + pad(result.minimalMoves.map(String.init) ?? "-", 9, right: true)
      + (result.engineWithoutContent.map {
        String(format: "  content %.2fx no content", result.engine.best / max($0.best, 1e-6))
      } ?? "")
      + (result.rebuild.map {
        String(format: "  %.3fx rebuild", result.engine.best / max($0.best, 1e-6))
      } ?? "")
  }

  /// `text` padded to `width` characters, with at least one space between
  /// columns even when it is wider.
  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let space = String(repeating: " ", count: max(width - text.count, 1))
    return right ? space + text : text + space
  }

  /// One case as a JSON object: keys in a fixed order, fields that do not
  /// apply left out.
  static func json(_ result: CaseResult) -> String {
    func number(_ value: Double?) -> String? { value.map { String(format: "%.4f", $0) } }
    let fields: [(String, String?)] = [
      ("name", quote(result.name)), ("kind", quote(result.kind.rawValue)),
      ("ids", result.ids.map(quote)), ("items", "\(result.items)"),
      ("content", result.content.map { "\($0)" }),
      ("edits", result.edits.map(String.init)),
      ("derived", result.derived.map { "\($0)" }),
      ("floor", result.floorName.map(quote)),
      ("engine_ms", number(result.engine.best)),
      ("engine_median_ms", number(result.engine.median)),
      ("floor_ms", number(result.floor?.best)),
      ("floor_median_ms", number(result.floor?.median)),
      ("engine_without_content_ms", number(result.engineWithoutContent?.best)),
      ("rebuild_ms", number(result.rebuild?.best)),
      ("rebuild_median_ms", number(result.rebuild?.median)),
      ("reference_ms", number(result.reference?.best)),
      ("stdlib_ms", number(result.stdlib?.best)),
      ("moves", result.moves.map(String.init)),
      ("minimal_moves", result.minimalMoves.map(String.init)),
      ("cases_per_second", number(result.casesPerSecond)),
      ("snapshot_bytes_per_item", number(result.snapshotBytesPerItem)),
      ("unreserved_bytes_per_item", number(result.unreservedBytesPerItem)),
      ("id_array_bytes_per_item", number(result.idArrayBytesPerItem)),
    ]
    let body = fields.compactMap { key, value in value.map { "\"\(key)\": \($0)" } }
    return "    {" + body.joined(separator: ", ") + "}"
  }

  /// The JSON document (keys in a fixed order).
  static func json(
    machine: Machine, results: [CaseResult], shrinkChallenge: [ShrinkChallenge.Row] = []
  ) -> String {
    let cases = results.map(json)
    return """
      {
        "machine": {"cores": \(machine.cores), "os": \(quote(machine.os)), \
      "swift": \(quote(machine.swift)), "build": \(quote(machine.build))},
        "cases": [
      \(cases.joined(separator: ",\n"))
        ],
        "shrink_challenge": \(ShrinkChallenge.json(shrinkChallenge))
      }

      """
  }

  static func quote(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case _ where scalar.value < 0x20: escaped += String(format: "\\u%04x", scalar.value)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }

  /// Writes `text` to `path` atomically: a temporary file in the same
  /// folder, then a rename over the destination.
  static func writeAtomically(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())")
    do {
      try Data(text.utf8).write(to: temporary)
      if rename(temporary.path, url.path) != 0 {
        throw CocoaError(.fileWriteUnknown)
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
  }
}
