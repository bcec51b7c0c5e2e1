extension ReportSet {
  /// A fault a test injects into the report writer.
  @_spi(Testing) public enum Fault: Sendable {
    /// Writing `report.json` fails, as on a full disk: the run must exit
    /// 74 and keep the previous report set whole.
    case reportWrite
  }

  /// The fault every report set of this process meets; `nil` (the
  /// default) for none. A test executable sets it at start-up, before
  /// any command runs; nothing in the shipped command sets it.
  @_spi(Testing) public nonisolated(unsafe) static var injectedFault: Fault?
}
