import Foundation

/// How a worker process ended by a signal, in words a report can show.
public enum WorkerDeath {
  /// Whether `signal` is a trap: Swift's `fatalError`, failed
  /// preconditions and overflow checks end the process with `SIGILL`
  /// (x86-64) or `SIGTRAP` (arm64).
  public static func isTrap(_ signal: Int32) -> Bool {
    signal == SIGILL || signal == SIGTRAP
  }

  /// "trapped (SIGILL)", "killed (SIGKILL)", "crashed (SIGSEGV)", …
  public static func describe(signal: Int32) -> String {
    let name = signalName(signal)
    if isTrap(signal) { return "trapped (\(name))" }
    if signal == SIGKILL || signal == SIGTERM || signal == SIGINT { return "killed (\(name))" }
    return "crashed (\(name))"
  }

  /// The conventional name of `signal` (`SIGSEGV`), or `signal N`.
  public static func signalName(_ signal: Int32) -> String {
    let names: [(Int32, String)] = [
      (SIGHUP, "SIGHUP"), (SIGINT, "SIGINT"), (SIGQUIT, "SIGQUIT"), (SIGILL, "SIGILL"),
      (SIGTRAP, "SIGTRAP"), (SIGABRT, "SIGABRT"), (SIGBUS, "SIGBUS"), (SIGFPE, "SIGFPE"),
      (SIGKILL, "SIGKILL"), (SIGSEGV, "SIGSEGV"), (SIGPIPE, "SIGPIPE"), (SIGTERM, "SIGTERM"),
    ]
    return names.first { $0.0 == signal }?.1 ?? "signal \(signal)"
  }
}
