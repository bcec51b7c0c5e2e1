import Foundation

/// Writes lines to standard output and standard error.
enum Console {
  /// Writes `text` and a newline to standard output.
  static func output(_ text: String) {
    FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
  }

  /// Writes `text` and a newline to standard error.
  static func error(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
  }
}
