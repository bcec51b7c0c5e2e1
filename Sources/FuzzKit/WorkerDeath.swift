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

  /// The markers of a trap message the runtime printed itself (debug
  /// builds, and `fatalError` in any build).
  static let printedMarkers = [
    "Fatal error", "Precondition failed", "Assertion failed", "fatal error",
  ]

  /// The `SWIFT_BACKTRACE` setting of a worker whose trap must be
  /// described from its backtrace: a release build prints nothing for a
  /// failed `precondition` or an index out of range, so the crashed
  /// thread's frames (on standard error) are the only account of it.
  public static let backtraceSetting =
    "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,"
    + "output-to=stderr,limit=12,top=0"

  /// Whether `message` (a death message) carries a trap message the
  /// runtime printed.
  public static func hasPrintedMessage(_ message: String) -> Bool {
    printedMarkers.contains { message.contains($0) }
  }

  /// The trap message in a dead worker's standard error: the last line
  /// the runtime printed (`Fatal error: …`, `Precondition failed: …`), or
  /// else what its backtrace says (`SWIFT_BACKTRACE`, see
  /// `backtraceSetting`): the runtime failure and the first frame in the
  /// program's own code, e.g. "Swift runtime failure: precondition failure
  /// at pop() (Stack.swift:12:5)"; `nil` when there is neither.
  public static func trapMessage(standardError text: String) -> String? {
    let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    if let printed = lines.last(where: { line in printedMarkers.contains { line.contains($0) } }) {
      return printed
    }
    var failure = lines.lazy.compactMap { line -> String? in
      guard line.hasPrefix("*** Swift runtime failure:"), line.hasSuffix("***") else { return nil }
      return String(line.dropFirst(4).dropLast(3)).trimmingCharacters(in: .whitespaces)
    }.first
    let frames = lines.compactMap(Frame.init)
    guard failure != nil || !frames.isEmpty else { return nil }
    if failure == nil, let top = frames.first, top.isSystem {
      failure =
        top.function.hasPrefix("Swift runtime failure") ? top.function : "trap in \(top.function)"
    }
    let own = frames.first { !$0.isSystem && !$0.function.hasPrefix("Swift runtime failure") }
    let location = own.map { frame in
      " at \(frame.function)" + (frame.location.map { " (\($0))" } ?? "")
    }
    return (failure ?? "trap") + (location ?? "")
  }

  /// One frame of a backtrace:
  /// `1 [inlined] [system] 0x… pop() + 24 in Stack at /path/Stack.swift:12:5`.
  struct Frame {
    var function: String
    var location: String?
    var isSystem: Bool

    init?(_ line: String) {
      var words = line.split(separator: " ", omittingEmptySubsequences: true)
      guard words.count >= 3, Int(words[0]) != nil else { return nil }
      words.removeFirst()
      var isSystem = false
      while let first = words.first, first.hasPrefix("[") {
        if first == "[system]" { isSystem = true }
        words.removeFirst()
      }
      guard let address = words.first, address.hasPrefix("0x") else { return nil }
      let rest = words.dropFirst().joined(separator: " ")
      guard let inRange = rest.range(of: " in ", options: .backwards) else { return nil }
      var function = String(rest[..<inRange.lowerBound])
      if let offset = function.range(of: " + ", options: .backwards),
        Int(function[offset.upperBound...]) != nil
      {
        function = String(function[..<offset.lowerBound])
      }
      // A closure in top-level code has no context: "closure #2 in ".
      function = function.trimmingCharacters(in: .whitespaces)
      if function.hasSuffix(" in") { function.removeLast(3) }
      let tail = rest[inRange.upperBound...]
      var location: String?
      if let at = tail.range(of: " at ") {
        let path = String(tail[at.upperBound...])
        if !path.contains("<compiler-generated>") {
          location = URL(fileURLWithPath: path).lastPathComponent
        }
      }
      // Frames in the Swift runtime and standard library count as system.
      if tail.hasPrefix("libswift") { isSystem = true }
      self.function = function
      self.location = location
      self.isSystem = isSystem
    }
  }
}
