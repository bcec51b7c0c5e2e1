/// A command line that cannot be run: exit code 64 with the usage.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, in one line.
  public var message: String
  /// The subcommand whose usage to print, if any.
  public var subcommand: String?

  /// Creates an error.
  public init(_ message: String, subcommand: String? = nil) {
    self.message = message
    self.subcommand = subcommand
  }

  public var description: String { message }
}
