import Foundation

/// Runs the built `snapshot-fuzz` executable as a subprocess. It is found
/// next to the test bundle (`.build/<triple>/debug/`), or at
/// `SNAPSHOT_FUZZ_EXECUTABLE`.
struct FuzzExecutable {
  struct Result {
    var status: Int32
    var output: String
    var error: String
  }

  static var url: URL {
    if let path = ProcessInfo.processInfo.environment["SNAPSHOT_FUZZ_EXECUTABLE"] {
      return URL(fileURLWithPath: path)
    }
    return built("snapshot-fuzz")
  }

  /// The test fixture: a user's fuzz executable over test-only properties.
  static var fixtureURL: URL { built("snapshot-fuzz-fixture") }

  /// The binary holding these tests: on Linux this process's executable;
  /// on Darwin (no /proc, and the process is the test runner) the image
  /// the loader took this code from, inside the `.xctest` bundle.
  private static var testBinary: URL {
    #if os(Linux)
      return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    #else
      var info = Dl_info()
      guard dladdr(#dsohandle, &info) != 0, let name = info.dli_fname else {
        return Bundle.main.bundleURL
      }
      return URL(fileURLWithPath: String(cString: name)).resolvingSymlinksInPath()
    #endif
  }

  /// The built executable `name`, next to the test bundle.
  private static func built(_ name: String) -> URL {
    var folder = testBinary.deletingLastPathComponent()
    while folder.path != "/" && !FileManager.default.fileExists(
      atPath: folder.appendingPathComponent(name).path)
    {
      folder = folder.deletingLastPathComponent()
    }
    return folder.appendingPathComponent(name)
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
    let process = Process()
    process.executableURL = executable
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["DIFFABLE_PLANTED"] = planted ? "1" : nil
    env["DIFFABLE_PROPERTY"] = nil
    for (key, value) in environment { env[key] = value }
    for key in removing { env[key] = nil }
    process.environment = env
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    let stdin = Pipe()
    if input != nil { process.standardInput = stdin }
    try process.run()
    if let input {
      try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
      try stdin.fileHandleForWriting.close()
    }
    if let interruptAfter, !wait(seconds: interruptAfter, until: { !process.isRunning }) {
      kill(process.processIdentifier, signal)
    }
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
      error: String(decoding: errData, as: UTF8.self))
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
