/// The exit codes of `snapshot-fuzz` (sysexits.h where one fits).
public enum ExitCode {
  /// Every property passed (or the replayed case passes now).
  public static let success: Int32 = 0
  /// A property failed (or the replayed case still fails).
  public static let failure: Int32 = 1
  /// Bad usage: an unknown subcommand, flag or property, a bad value.
  public static let usage: Int32 = 64
  /// Malformed input: a token, corpus entry, crash file or report.
  public static let dataError: Int32 = 65
  /// The reports or failure entries could not be written.
  public static let ioError: Int32 = 74
}
