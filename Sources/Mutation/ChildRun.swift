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
    /// It ended after the marker it was watched for made it get `SIGINT`.
    case interrupted
  }

  /// Runs `executable` with `arguments`, `environment` set over this
  /// process's, standard output and error in `log`; past `timeout`
  /// seconds it gets `SIGTERM` (so a fuzz run stops its workers) and,
  /// five seconds later, `SIGKILL`. When `interruptOn` is given and its
  /// text shows up in the output, the child gets `SIGINT` once (a fuzz run
  /// then stops and writes its reports) and its outcome is `interrupted`
  /// if it then exits.
  public static func run(
    _ executable: URL, _ arguments: [String], environment: [String: String], log: URL,
    timeout: Double?, interruptOn marker: String? = nil
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
    var watcher = marker.map { OutputWatcher(log: log, marker: $0) }
    var interrupted = false
    if timeout != nil || watcher != nil {
      let deadline = Date(timeIntervalSinceNow: timeout ?? 1e9)
      while process.isRunning, Date() < deadline {
        Thread.sleep(forTimeInterval: 0.05)
        if !interrupted, watcher?.sawMarker() == true {
          interrupted = true
          kill(process.processIdentifier, SIGINT)
        }
      }
      if let timeout, process.isRunning {
        kill(process.processIdentifier, SIGTERM)
        let grace = Date(timeIntervalSinceNow: 5)
        while process.isRunning, Date() < grace { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return .timedOut(timeout)
      }
    }
    process.waitUntilExit()
    if process.terminationReason == .uncaughtSignal, !interrupted {
      return .signaled(process.terminationStatus)
    }
    return interrupted ? .interrupted : .exited(process.terminationStatus)
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

  /// Reads a growing log from where it last stopped, looking for a marker.
  private struct OutputWatcher {
    let handle: FileHandle?
    let marker: Data
    var tail = Data()

    init(log: URL, marker: String) {
      handle = FileHandle(forReadingAtPath: log.path)
      self.marker = Data(marker.utf8)
    }

    /// Whether the output so far holds the marker.
    /// - Complexity: O(*k*) in the bytes written since the last call.
    mutating func sawMarker() -> Bool {
      guard let handle, let data = try? handle.readToEnd(), !data.isEmpty else { return false }
      // The tail keeps a marker split between two reads findable.
      let window = tail + data
      tail = window.suffix(marker.count)
      return window.range(of: marker) != nil
    }
  }
}
