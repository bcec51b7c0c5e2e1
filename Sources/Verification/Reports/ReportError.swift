/// Why a report could not be read or written. The description is one line
/// naming the problem, fit for a command-line error message.
public enum ReportError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A report file is missing, unreadable or not a valid report.
  case malformed(String)
  /// Reports that cannot be merged (different seeds, overlapping shards).
  case incompatible(String)
  /// The file system refused a read or write.
  case io(String)

  /// The one-line message the command prints for the error.
  public var description: String {
    switch self {
    case .malformed(let message), .incompatible(let message), .io(let message):
      return message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
  }
}
