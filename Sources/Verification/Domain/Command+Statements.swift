import Generators

extension FullCommand {
  /// What a rendered statement of the call starts with: `try ` for a call
  /// that can throw.
  var statementPrefix: String { canThrow ? "try " : "" }
}

extension SectionCommand {
  /// What a rendered statement of the call starts with: `_ = try ` for
  /// `snapshot(of:)`, whose result is not used, `try ` for any other call
  /// that can throw.
  var statementPrefix: String {
    if case .snapshot = self { return "_ = try " }
    return canThrow ? "try " : ""
  }
}
