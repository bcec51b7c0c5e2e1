import Foundation

/// Live progress on standard error: one line rewritten in place (carriage
/// return) when standard error is a terminal, a plain line every ten
/// seconds otherwise (CI logs).
struct ProgressLine {
  private let isTerminal = isatty(STDERR_FILENO) == 1
  private var lastShown = -Double.infinity
  private var shownInPlace = false

  /// Shows `text` if it is time to; `elapsed` is seconds since the start.
  mutating func update(_ text: String, elapsed: Double) {
    let interval = isTerminal ? 0.25 : 10
    guard elapsed - lastShown >= interval else { return }
    lastShown = elapsed
    if isTerminal {
      write("\r\u{1B}[K" + text)
      shownInPlace = true
    } else {
      write(text + "\n")
    }
  }

  /// Ends the in-place line, so later output starts on a fresh line.
  mutating func clear() {
    if shownInPlace { write("\r\u{1B}[K") }
    shownInPlace = false
  }

  /// Prints `text` as a line of its own, above the progress line.
  mutating func log(_ text: String) {
    clear()
    write(text + "\n")
    lastShown = -Double.infinity
  }

  private func write(_ text: String) {
    try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
  }
}
