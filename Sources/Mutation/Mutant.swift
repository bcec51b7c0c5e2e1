/// One mutation of one site of a target's sources: where it is, what it
/// changes and the line before and after.
///
/// Its `id` (`file:line:column:operator`) is stable while the line is not
/// edited: reports, the resume state and `--limit`'s sample use it.
public struct Mutant: Hashable, Sendable, Codable, Comparable {
  /// The source file, relative to the package folder.
  public var file: String
  /// The 1-based line of the site.
  public var line: Int
  /// The 1-based column (in UTF-8 bytes) of the site.
  public var column: Int
  /// The kind of mutation.
  public var `operator`: MutationOperator
  /// The text the mutation replaces (a token, or the removed statement).
  public var original: String
  /// The text that replaces it (empty for a removed statement).
  public var mutated: String
  /// The site's line, trimmed.
  public var originalLine: String
  /// The site's line with the mutation made, trimmed.
  public var mutatedLine: String

  /// `file:line:column:operator`.
  public var id: String { "\(file):\(line):\(column):\(`operator`.rawValue)" }

  /// The mutated line as a report shows it: a line whose whole statement
  /// was removed reads `(not run)`, not as an empty line.
  public var shownMutatedLine: String { mutatedLine.isEmpty ? "(not run)" : mutatedLine }

  /// Mutants in file, line, column and operator order.
  public static func < (lhs: Mutant, rhs: Mutant) -> Bool {
    (lhs.file, lhs.line, lhs.column, lhs.operator.rawValue)
      < (rhs.file, rhs.line, rhs.column, rhs.operator.rawValue)
  }
}
