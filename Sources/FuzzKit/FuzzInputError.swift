/// Why untrusted input (a token, a corpus entry, a crash file, a report)
/// was rejected, or a file could not be written. The description is one
/// line naming the problem.
public enum FuzzInputError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The input is malformed; exit code 65.
  case malformed(String)
  /// A file could not be written or read for another reason.
  case io(String)

  public var description: String {
    switch self {
    case .malformed(let message), .io(let message): return message
    }
  }
}
