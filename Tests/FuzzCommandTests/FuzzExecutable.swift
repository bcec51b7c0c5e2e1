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
    let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var folder = me.deletingLastPathComponent()
    while folder.path != "/" && !FileManager.default.fileExists(
      atPath: folder.appendingPathComponent("snapshot-fuzz").path)
    {
      folder = folder.deletingLastPathComponent()
    }
    return folder.appendingPathComponent("snapshot-fuzz")
  }

  /// Runs with `arguments`; `planted` sets `DIFFABLE_PLANTED=1`.
  @discardableResult
  static func run(
    _ arguments: [String], planted: Bool = false, environment: [String: String] = [:],
    input: String? = nil, interruptAfter: Double? = nil, signal: Int32 = SIGINT
  ) throws -> Result {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["DIFFABLE_PLANTED"] = planted ? "1" : nil
    env["DIFFABLE_PROPERTY"] = nil
    for (key, value) in environment { env[key] = value }
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
    if let interruptAfter {
      Thread.sleep(forTimeInterval: interruptAfter)
      kill(process.processIdentifier, signal)
    }
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
      error: String(decoding: errData, as: UTF8.self))
  }

  static func temporaryFolder() -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("fuzz-command-tests-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
