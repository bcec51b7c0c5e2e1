/// Enough of Swift's lexical grammar to find mutation sites: it skips
/// comments (nested block comments included), string literals (multi-line,
/// raw and interpolated ones are one token each), conditional-compilation
/// lines (`#if`, `#elseif`, `#else`, `#endif`) and attribute arguments, and
/// yields every other token with its line and column.
///
/// It is not a parser: an unterminated literal or comment ends at the end
/// of the source, and nothing it reads traps.
public enum SwiftTokenizer {
  /// The tokens of `source`, in order.
  /// - Complexity: O(*n*), where *n* is the length of `source` in bytes.
  public static func tokens(in source: String) -> [SwiftToken] {
    var lexer = Lexer(Array(source.utf8))
    return lexer.run()
  }
}

/// The tokenizer's state: a byte cursor with its line and column.
private struct Lexer {
  let bytes: [UInt8]
  var index = 0
  var line = 1
  var lineStart = 0
  var tokens: [SwiftToken] = []
  var sawSpace = true

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func run() -> [SwiftToken] {
    while index < bytes.count {
      let byte = bytes[index]
      if byte == ascii("\n") {
        advance()
        sawSpace = true
      } else if byte == ascii(" ") || byte == ascii("\t") || byte == ascii("\r") {
        advance()
        sawSpace = true
      } else if byte == ascii("/"), peek(1) == ascii("/") {
        skipLine()
        sawSpace = true
      } else if byte == ascii("/"), peek(1) == ascii("*") {
        skipBlockComment()
        sawSpace = true
      } else if byte == ascii("#"), isDirectiveLine() {
        skipLine()
        sawSpace = true
      } else {
        lexToken()
      }
    }
    if let last = tokens.indices.last { tokens[last].spaceAfter = true }
    return tokens
  }

  // MARK: - Tokens

  private mutating func lexToken() {
    let start = index
    let startLine = line
    let startColumn = index - lineStart + 1
    let kind: SwiftToken.Kind
    let byte = bytes[index]
    if byte == ascii("\"") || (byte == ascii("#") && rawStringStarts()) {
      skipString()
      kind = .string
    } else if byte == ascii("@") {
      advance()
      skipIdentifier()
      skipArgumentsIfAdjacent()
      kind = .attribute
    } else if byte == ascii("#") {
      advance()
      skipIdentifier()
      skipArgumentsIfAdjacent()
      kind = .pound
    } else if isDigit(byte) {
      kind = lexNumber()
    } else if byte == ascii("`") {
      advance()
      while index < bytes.count, bytes[index] != ascii("`"), bytes[index] != ascii("\n") {
        advance()
      }
      if index < bytes.count, bytes[index] == ascii("`") { advance() }
      kind = .identifier
    } else if isIdentifierStart(byte) {
      skipIdentifier()
      kind = .identifier
    } else if byte == ascii("."), peek(1) != ascii(".") {
      advance()
      kind = .punctuation
    } else if isOperatorCharacter(byte) {
      lexOperator()
      kind = .operator
    } else {
      advance()
      kind = .punctuation
    }
    append(kind, start: start, line: startLine, column: startColumn)
  }

  private mutating func append(_ kind: SwiftToken.Kind, start: Int, line: Int, column: Int) {
    if let last = tokens.indices.last { tokens[last].spaceAfter = sawSpace }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    tokens.append(
      SwiftToken(
        kind: kind, text: text, line: line, column: column, range: start..<index,
        spaceBefore: sawSpace, spaceAfter: false))
    sawSpace = false
  }

  private mutating func lexNumber() -> SwiftToken.Kind {
    var kind = SwiftToken.Kind.integer
    let hex = bytes[index] == ascii("0") && (peek(1) == ascii("x") || peek(1) == ascii("X"))
    advance()
    while index < bytes.count {
      let byte = bytes[index]
      if isIdentifierCharacter(byte) {
        let exponent =
          hex
          ? (byte == ascii("p") || byte == ascii("P")) : (byte == ascii("e") || byte == ascii("E"))
        if exponent {
          kind = .float
          advance()
          if let sign = current, sign == ascii("-") || sign == ascii("+") { advance() }
          continue
        }
        advance()
      } else if byte == ascii("."), let next = peek(1), isDigit(next) {
        kind = .float
        advance()
      } else {
        break
      }
    }
    return kind
  }

  private mutating func lexOperator() {
    let dotted = bytes[index] == ascii(".")
    advance()
    while let byte = current, isOperatorCharacter(byte) {
      if byte == ascii("."), !dotted { break }
      if byte == ascii("/"), peek(1) == ascii("/") || peek(1) == ascii("*") { break }
      advance()
    }
  }

  // MARK: - Skipped text

  private mutating func skipLine() {
    while let byte = current, byte != ascii("\n") { advance() }
  }

  private mutating func skipBlockComment() {
    var depth = 0
    while index < bytes.count {
      if bytes[index] == ascii("/"), peek(1) == ascii("*") {
        depth += 1
        advance(2)
      } else if bytes[index] == ascii("*"), peek(1) == ascii("/") {
        depth -= 1
        advance(2)
        if depth == 0 { return }
      } else {
        advance()
      }
    }
  }

  /// Whether the `#` at the cursor starts `#if`, `#elseif`, `#else` or
  /// `#endif` (the whole line is then skipped).
  private func isDirectiveLine() -> Bool {
    var end = index + 1
    while end < bytes.count, isIdentifierCharacter(bytes[end]) { end += 1 }
    let word = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
    return ["if", "elseif", "else", "endif", "sourceLocation"].contains(word)
  }

  private func rawStringStarts() -> Bool {
    var cursor = index
    while cursor < bytes.count, bytes[cursor] == ascii("#") { cursor += 1 }
    return cursor < bytes.count && bytes[cursor] == ascii("\"")
  }

  /// Skips a string literal at the cursor: `#`s, then `"` or `"""`, up to
  /// the matching close, interpolations (with their nested strings) inside.
  private mutating func skipString() {
    var pounds = 0
    while current == ascii("#") {
      pounds += 1
      advance()
    }
    let multiline = (0..<3).allSatisfy { peek($0) == ascii("\"") }
    advance(multiline ? 3 : 1)
    while let byte = current {
      if byte == ascii("\\"), closesPounds(from: index + 1, pounds: pounds) {
        advance(1 + pounds)
        if current == ascii("(") {
          skipBalancedParentheses()
        } else {
          advance()
        }
      } else if byte == ascii("\"") {
        let quotes = multiline ? 3 : 1
        if (0..<quotes).allSatisfy({ peek($0) == ascii("\"") }),
          closesPounds(from: index + quotes, pounds: pounds)
        {
          advance(quotes + pounds)
          return
        }
        advance()
      } else if byte == ascii("\n"), !multiline {
        return
      } else {
        advance()
      }
    }
  }

  private func closesPounds(from start: Int, pounds: Int) -> Bool {
    (0..<pounds).allSatisfy { start + $0 < bytes.count && bytes[start + $0] == ascii("#") }
  }

  /// Skips `( … )` at the cursor, strings and comments inside included.
  private mutating func skipBalancedParentheses() {
    var depth = 0
    while let byte = current {
      if byte == ascii("\"") || (byte == ascii("#") && rawStringStarts()) {
        skipString()
        continue
      }
      if byte == ascii("/"), peek(1) == ascii("*") {
        skipBlockComment()
        continue
      }
      advance()
      if byte == ascii("(") { depth += 1 }
      if byte == ascii(")") {
        depth -= 1
        if depth == 0 { return }
      }
    }
  }

  private mutating func skipArgumentsIfAdjacent() {
    if current == ascii("(") { skipBalancedParentheses() }
  }

  private mutating func skipIdentifier() {
    while let byte = current, isIdentifierCharacter(byte) { advance() }
  }

  // MARK: - Cursor

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private func peek(_ offset: Int) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  private mutating func advance(_ count: Int = 1) {
    for _ in 0..<count where index < bytes.count {
      if bytes[index] == ascii("\n") {
        line += 1
        lineStart = index + 1
      }
      index += 1
    }
  }
}

private func ascii(_ scalar: Unicode.Scalar) -> UInt8 { UInt8(scalar.value) }

private func isDigit(_ byte: UInt8) -> Bool { byte >= ascii("0") && byte <= ascii("9") }

private func isIdentifierStart(_ byte: UInt8) -> Bool {
  (byte >= ascii("a") && byte <= ascii("z")) || (byte >= ascii("A") && byte <= ascii("Z"))
    || byte == ascii("_") || byte == ascii("$") || byte >= 0x80
}

private func isIdentifierCharacter(_ byte: UInt8) -> Bool {
  isIdentifierStart(byte) || isDigit(byte)
}

private func isOperatorCharacter(_ byte: UInt8) -> Bool {
  "/=-+!*%<>&|^~?.".utf8.contains(byte)
}
