import Foundation

/// Runs a program as a child process with its output in a log file and an
/// optional time limit.
public enum ChildRun {
  /// How a child process ended.
  public enum Outcome: Hashable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signaled(Int32)
    /// It ran past the limit (this many seconds) and was stopped.
    case timedOut(Double)
    /// It could not be started.
    case notStarted(String)
  }

  /// Runs `executable` with `arguments`, `environment` set over this
  /// process's, standard output and error in `log`; past `timeout`
  /// seconds it gets `SIGTERM` (so a fuzz run stops its workers) and,
  /// five seconds later, `SIGKILL`.
  public static func run(
    _ executable: URL, _ arguments: [String], environment: [String: String], log: URL,
    timeout: Double?
  ) -> Outcome {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var variables = ProcessInfo.processInfo.environment
    for (key, value) in environment { variables[key] = value }
    process.environment = variables
    guard FileManager.default.createFile(atPath: log.path, contents: nil),
      let handle = FileHandle(forWritingAtPath: log.path)
    else {
      return .notStarted("cannot write \(log.path)")
    }
    defer { try? handle.close() }
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    do {
      try withStopSignalsUnblocked { try process.run() }
    } catch {
      return .notStarted(error.localizedDescription)
    }
    if let timeout {
      let deadline = Date(timeIntervalSinceNow: timeout)
      while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
      if process.isRunning {
        kill(process.processIdentifier, SIGTERM)
        let grace = Date(timeIntervalSinceNow: 5)
        while process.isRunning, Date() < grace { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return .timedOut(timeout)
      }
    }
    process.waitUntilExit()
    if process.terminationReason == .uncaughtSignal {
      return .signaled(process.terminationStatus)
    }
    return .exited(process.terminationStatus)
  }

  /// Runs `body` with `SIGINT` and `SIGTERM` unblocked in this thread: a
  /// child inherits the spawning thread's signal mask, and Dispatch's
  /// worker threads block every signal, so a child spawned from one would
  /// never see the signals that stop it.
  private static func withStopSignalsUnblocked(_ body: () throws -> Void) rethrows {
    var stops = sigset_t()
    var previous = sigset_t()
    sigemptyset(&stops)
    sigaddset(&stops, SIGINT)
    sigaddset(&stops, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &stops, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    try body()
  }
}
