import Foundation
import Generators
import SnapshotFuzzCommand
import TestSupport
import Verification

/// Runs the built `snapshot-fuzz` executable (or the fixture) as a
/// subprocess through `ChildProcess`. Both are found next to the test
/// bundle by `ContainedCheck.locate(product:)` (`snapshot-fuzz` at
/// `SNAPSHOT_FUZZ_EXECUTABLE` when that is set).
struct FuzzExecutable {
  typealias Result = ChildProcess.Result

  static var url: URL { ContainedCheck.locate(product: "snapshot-fuzz") }

  /// The test fixture: a user's fuzz executable over test-only properties,
  /// the planted ones (which exercise the command itself) included.
  static var fixtureURL: URL { ContainedCheck.locate(product: "snapshot-fuzz-fixture") }

  /// The child environment of a test run: no `DIFFABLE_PROPERTY` (a raw
  /// crash file's property) from this process.
  static let environment: [String: String?] = ["DIFFABLE_PROPERTY": nil]

  /// The fixture's variable that makes writing `report.json` fail.
  static let faultVariable = "FIXTURE_INJECT_FAULT"

  /// Runs `executable` with `arguments`; `removing` unsets variables of
  /// this process's environment; `interruptAfter` sends `signal` once that
  /// many seconds have passed, if the process is still running then.
  @discardableResult
  static func run(
    _ arguments: [String], environment: [String: String] = [:], input: String? = nil,
    interruptAfter: Double? = nil, signal: Int32 = SIGINT, executable: URL = url,
    currentDirectory: URL? = nil, removing: [String] = []
  ) throws -> Result {
    var variables = Self.environment
    for (key, value) in environment { variables[key] = value }
    for key in removing { variables[key] = .some(nil) }
    return try ChildProcess.run(
      executable, arguments, environment: variables, input: input,
      interruptAfter: interruptAfter, signal: signal, currentDirectory: currentDirectory)
  }

  /// Runs the fixture with `arguments` (see `run`).
  @discardableResult
  static func fixture(
    _ arguments: [String], environment: [String: String] = [:], input: String? = nil,
    interruptAfter: Double? = nil, signal: Int32 = SIGINT, currentDirectory: URL? = nil,
    removing: [String] = []
  ) throws -> Result {
    try run(
      arguments, environment: environment, input: input, interruptAfter: interruptAfter,
      signal: signal, executable: fixtureURL, currentDirectory: currentDirectory,
      removing: removing)
  }

  /// The fixture's properties, as `list` prints them.
  static let fixtureProperties = [
    "fixture.count", "fixture.drain", "fixture.popPastEnd", "fixture.popToEmpty",
    "fixture.roundTrip", "fixture.twoKinds", "keptSections.full.differential",
    "misuse.traps.datasource", "planted.fail", "planted.hang", "planted.pass",
    "planted.shrinkTrap", "planted.slowCheck", "planted.slowGenerate", "planted.table",
    "planted.trap", "planted.twoTraps", "staged.diff.roundTrip", "twoBugs.full.differential",
  ]

  /// The catalog of properties written outside any implementation's
  /// catalog (the fixture's own and its planted ones).
  static let ownCatalog = Property<Int>("any", generator: .int(in: 0...1)) { _ in .pass }
    .eraseToAnyProperty().catalog

  /// The replay token of `choices` for the fixture's own or planted
  /// `property`.
  static func token(_ property: String, _ choices: [UInt64]) -> String {
    ReplayToken(property: property, catalog: ownCatalog, choices: choices).description
  }

  /// The report a run wrote into `out`.
  static func report(in out: URL) throws -> FuzzReport {
    try ReportReader.readReport(at: out.appendingPathComponent("report.json").path)
  }

  /// The live child processes of `pid` (from `/proc`; from `pgrep -P` on
  /// Darwin, which has no /proc), sorted.
  static func children(of pid: Int32) -> [Int32] {
    #if os(Linux)
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      return entries.compactMap(Int32.init).filter { child in
        guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")")
        else { return false }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 && fields[0] != "Z" && Int32(fields[1]) == pid
      }.sorted()
    #else
      let pgrep = Process()
      pgrep.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
      pgrep.arguments = ["-P", String(pid)]
      let output = Pipe()
      pgrep.standardOutput = output
      guard (try? pgrep.run()) != nil else { return [] }
      let data = output.fileHandleForReading.readDataToEndOfFile()
      pgrep.waitUntilExit()
      return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { Int32($0) }
        .sorted()
    #endif
  }

  /// Whether `pid` is alive (a zombie counts as dead; on Darwin, whose
  /// orphans launchd reaps at once, whether the pid exists).
  static func isAlive(_ pid: Int32) -> Bool {
    #if os(Linux)
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return false }
      return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    #else
      return kill(pid, 0) == 0
    #endif
  }

  /// Waits up to `seconds` for `condition`, polling.
  static func wait(seconds: Double, until condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while Date() < deadline {
      if condition() { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return condition()
  }

  static func temporaryFolder() -> URL { TemporaryFolders.make("fuzz-command-tests") }
}
