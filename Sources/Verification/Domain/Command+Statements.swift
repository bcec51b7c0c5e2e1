import Generators

extension FullCommand {
  /// How a rendered statement of the call starts: `try ` for a call that
  /// can throw.
  var statement: StatementPrefix { StatementPrefix(canThrow: canThrow) }

  /// The text a rendered statement of the call starts with.
  var statementPrefix: String { statement.text() }
}

extension SectionCommand {
  /// How a rendered statement of the call starts: `_ = try ` for
  /// `snapshot(of:)`, whose result is not used, `try ` for any other call
  /// that can throw.
  var statement: StatementPrefix {
    if case .snapshot = self { return StatementPrefix(discardsResult: true, canThrow: true) }
    return StatementPrefix(canThrow: canThrow)
  }

  /// The text a rendered statement of the call starts with.
  var statementPrefix: String { statement.text() }
}
