import Foundation

/// Runs an executable to completion as a child process, capturing its
/// standard output and standard error: how `ContainedCheck` drives a fuzz
/// executable, and how tests drive one.
public enum ChildProcess {
  /// How a child process ended and what it printed.
  public struct Result: Sendable {
    /// The exit status, or the signal number when a signal ended it.
    public var status: Int32
    /// Whether a signal ended the process (`status` is then its number).
    public var signaled: Bool
    /// Its standard output.
    public var output: String
    /// Its standard error.
    public var error: String
  }

  /// Runs `executable` with `arguments` and waits for it to end.
  ///
  /// - Parameters:
  ///   - executable: the program to run.
  ///   - arguments: its command-line arguments.
  ///   - environment: variables set (or, with `nil`, removed) over this
  ///     process's environment.
  ///   - input: written to the child's standard input, which is then closed.
  ///   - interruptAfter: sends `signal` once that many seconds have passed,
  ///     if the child is still running then.
  ///   - signal: the signal `interruptAfter` sends (default: `SIGINT`).
  ///   - currentDirectory: the child's working folder (default: this one's).
  /// - Throws: when the process cannot be started.
  public static func run(
    _ executable: URL, _ arguments: [String], environment: [String: String?] = [:],
    input: String? = nil, interruptAfter: Double? = nil, signal: Int32 = SIGINT,
    currentDirectory: URL? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    process.arguments = arguments
    var variables = ProcessInfo.processInfo.environment
    for (key, value) in environment { variables[key] = value }
    process.environment = variables
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
    // Both pipes are drained concurrently: a child filling one while the
    // other is read would block forever.
    let errorData = LockedData()
    let errorDone = DispatchSemaphore(value: 0)
    Thread {
      errorData.set(error.fileHandleForReading.readDataToEndOfFile())
      errorDone.signal()
    }.start()
    if let interruptAfter {
      let deadline = Date(timeIntervalSinceNow: interruptAfter)
      while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
      if process.isRunning { kill(process.processIdentifier, signal) }
    }
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    errorDone.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      signaled: process.terminationReason == .uncaughtSignal,
      output: String(decoding: outData, as: UTF8.self),
      error: String(decoding: errorData.get(), as: UTF8.self))
  }

  /// Bytes handed from a reader thread to the caller.
  private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func set(_ value: Data) {
      lock.lock()
      data = value
      lock.unlock()
    }

    func get() -> Data {
      lock.lock()
      defer { lock.unlock() }
      return data
    }
  }
}
