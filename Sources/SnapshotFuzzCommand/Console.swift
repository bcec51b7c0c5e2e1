import Foundation

/// Writes lines to standard output and standard error.
///
/// A closed reader (`snapshot-fuzz replay … | head`) must not end the
/// command: the write error is dropped, the command runs on and still exits
/// with the code that reports its result.
enum Console {
  /// Writes `text` and a newline to standard output.
  static func output(_ text: String) {
    write(text, to: .standardOutput)
  }

  /// Writes `text` and a newline to standard error.
  static func error(_ text: String) {
    write(text, to: .standardError)
  }

  /// Writes `text` (with a final newline) to `handle`, ignoring a closed pipe.
  static func write(_ text: String, to handle: FileHandle) {
    let line = text.hasSuffix("\n") ? text : text + "\n"
    try? handle.write(contentsOf: Data(line.utf8))
  }
}
