import Foundation
import FuzzKit

/// A worker child process: this executable run as `snapshot-fuzz worker`,
/// fed requests on its standard input, reporting events on its standard
/// output (line-delimited JSON). Its standard error is kept (the last few
/// kilobytes) so a crash can be described by its trap message.
final class WorkerHandle: @unchecked Sendable {
  /// The worker's number, unique within a supervisor.
  let id: Int
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()
  private let lock = NSLock()
  private var errorTail = Data()

  /// Starts a worker whose lines and exit are posted to `mailbox`;
  /// `backtrace` turns on Swift's backtracer in it, so a trap a release
  /// build prints nothing for is described by its frames (about 0.2 s
  /// more per crash: used for retries, replays and shrinking such traps).
  /// - Throws: when the process cannot be started.
  init(id: Int, mailbox: Mailbox, backtrace: Bool = false) throws {
    self.id = id
    process.executableURL = WorkerHandle.executableURL
    process.arguments = ["worker"]
    var environment = DeterministicHashing.enabled(ProcessInfo.processInfo.environment)
    environment["SWIFT_BACKTRACE"] = backtrace ? WorkerDeath.backtraceSetting : "enable=no"
    environment[WorkerCommand.supervisorVariable] = String(getpid())
    process.environment = environment
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    startReaders(mailbox: mailbox)
  }

  /// This executable, which workers run.
  static var executableURL: URL {
    #if os(Linux)
      URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    #else
      // No /proc on Darwin: Foundation asks the loader for the path.
      (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
        .resolvingSymlinksInPath()
    #endif
  }

  /// The process identifier.
  var pid: Int32 { process.processIdentifier }

  /// Sends `request`; a dead worker's broken pipe is ignored (its exit is
  /// reported through the mailbox).
  func send(_ request: WorkerRequest) {
    try? input.fileHandleForWriting.write(contentsOf: WireFormat.line(request))
  }

  /// Closes the worker's input so it exits when idle.
  func finish() {
    try? input.fileHandleForWriting.close()
  }

  /// Stops the worker at once (`SIGKILL`).
  func kill() {
    if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
  }

  /// The trap message in the worker's standard error, if any
  /// (`WorkerDeath.trapMessage(standardError:)`): the line the runtime
  /// printed, or what its backtrace says.
  func trapMessage() -> String? {
    lock.lock()
    let text = String(decoding: errorTail, as: UTF8.self)
    lock.unlock()
    return WorkerDeath.trapMessage(standardError: text)
  }

  /// How the worker died, in one line: "trapped (SIGILL): Fatal error: …",
  /// "killed (SIGKILL)", "exited with status 3".
  func deathMessage(status: Int32, signal: Int32?) -> String {
    let how = signal.map(WorkerDeath.describe(signal:)) ?? "exited with status \(status)"
    return trapMessage().map { "\(how): \($0)" } ?? how
  }

  private func startReaders(mailbox: Mailbox) {
    let handle = output.fileHandleForReading
    let errorHandle = errors.fileHandleForReading
    let process = self.process
    let id = self.id
    let errorsDone = DispatchSemaphore(value: 0)
    let errorThread = Thread { [self] in
      defer { errorsDone.signal() }
      while case let chunk = errorHandle.availableData, !chunk.isEmpty {
        lock.lock()
        errorTail.append(chunk)
        if errorTail.count > 16_384 { errorTail.removeFirst(errorTail.count - 8_192) }
        lock.unlock()
      }
    }
    errorThread.start()
    let outputThread = Thread {
      var buffer = Data()
      while case let chunk = handle.availableData, !chunk.isEmpty {
        buffer.append(chunk)
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
          buffer.removeSubrange(buffer.startIndex...newline)
          mailbox.post(.line(worker: id, line))
        }
      }
      process.waitUntilExit()
      errorsDone.wait()
      let signaled = process.terminationReason == .uncaughtSignal
      mailbox.post(
        .exited(
          worker: id, status: process.terminationStatus,
          signal: signaled ? process.terminationStatus : nil))
    }
    outputThread.start()
  }
}
