import Foundation
import SnapshotFuzzCommand

/// Runs the built `snapshot-fuzz` executable (or the fixture) as a
/// subprocess through `ChildProcess`. Both are found next to the test
/// bundle by `ContainedCheck.locate(product:)` (`snapshot-fuzz` at
/// `SNAPSHOT_FUZZ_EXECUTABLE` when that is set).
struct FuzzExecutable {
  typealias Result = ChildProcess.Result

  static var url: URL { ContainedCheck.locate(product: "snapshot-fuzz") }

  /// The test fixture: a user's fuzz executable over test-only properties.
  static var fixtureURL: URL { ContainedCheck.locate(product: "snapshot-fuzz-fixture") }

  /// The child environment of a test run: `DIFFABLE_PLANTED=1` when
  /// `planted`, no `DIFFABLE_PROPERTY`.
  static func environment(planted: Bool) -> [String: String?] {
    ["DIFFABLE_PLANTED": planted ? "1" : nil, "DIFFABLE_PROPERTY": nil]
  }

  /// Runs with `arguments`; `planted` sets `DIFFABLE_PLANTED=1`;
  /// `removing` unsets variables of this process's environment;
  /// `interruptAfter` sends `signal` once that many seconds have passed,
  /// if the process is still running then.
  @discardableResult
  static func run(
    _ arguments: [String], planted: Bool = false, environment: [String: String] = [:],
    input: String? = nil, interruptAfter: Double? = nil, signal: Int32 = SIGINT,
    executable: URL = url, currentDirectory: URL? = nil, removing: [String] = []
  ) throws -> Result {
    var variables = Self.environment(planted: planted)
    for (key, value) in environment { variables[key] = value }
    for key in removing { variables[key] = .some(nil) }
    return try ChildProcess.run(
      executable, arguments, environment: variables, input: input,
      interruptAfter: interruptAfter, signal: signal, currentDirectory: currentDirectory)
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

  static func temporaryFolder() -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("fuzz-command-tests-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
