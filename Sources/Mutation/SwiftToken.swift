/// One token of Swift source as `SwiftTokenizer` reads it, with where it
/// starts (1-based line and column, columns counted in UTF-8 bytes) and
/// its byte range in the source's UTF-8.
public struct SwiftToken: Hashable, Sendable {
  /// What a token is, as far as the mutation operators need to know.
  public enum Kind: String, Hashable, Sendable {
    /// A name or keyword: `count`, `func`, a backquoted name, `$0`.
    case identifier
    /// A run of operator characters: `<`, `&&`, `..<`, `->`, `!`.
    case `operator`
    /// An integer literal: `0`, `42`, `0x1F`, `1_000`.
    case integer
    /// A floating-point literal: `0.5`, `1e3`.
    case float
    /// A whole string literal, interpolations included.
    case string
    /// An attribute with its arguments: `@available(iOS 13, *)`.
    case attribute
    /// A `#` keyword with its arguments: `#available(…)`, `#file`.
    case pound
    /// Punctuation: `(`, `)`, `{`, `}`, `[`, `]`, `,`, `:`, `;`, `.`.
    case punctuation
  }

  /// The token's kind.
  public var kind: Kind
  /// The token's text.
  public var text: String
  /// The 1-based line the token starts on.
  public var line: Int
  /// The 1-based column (in UTF-8 bytes) the token starts at.
  public var column: Int
  /// The token's byte range in the source's UTF-8.
  public var range: Range<Int>
  /// Whether whitespace, a comment or the start of the source comes
  /// right before the token.
  public var spaceBefore: Bool
  /// Whether whitespace, a comment or the end of the source comes right
  /// after the token.
  public var spaceAfter: Bool
}
