import Foundation

/// Finds the mutation sites of Swift sources with `SwiftTokenizer`.
///
/// Sites are taken only where their rewrite is likely to compile: binary
/// operators written with spaces on both sides (range operators with the
/// same spacing on both sides), outside `where` clauses and operator
/// declarations; no equality with `nil`, no `+`/`-` next to a string or
/// collection literal; no enum raw values; call statements that fill one
/// line. What still fails to compile is dropped by the driver.
public enum MutationSites {
  /// The sites of `source`, the file at `file` (relative to the package),
  /// for `operators`, in id order.
  /// - Complexity: O(*n*), where *n* is the length of `source`.
  public static func find(
    in source: String, file: String,
    operators: Set<MutationOperator> = Set(MutationOperator.allCases)
  ) -> [MutationSite] {
    let tokens = SwiftTokenizer.tokens(in: source)
    let finder = Finder(source: Array(source.utf8), tokens: tokens, file: file)
    return finder.sites().filter { operators.contains($0.mutant.operator) }.sorted()
  }
}

/// One file's site search.
private struct Finder {
  let source: [UInt8]
  let tokens: [SwiftToken]
  let file: String
  let lines: [Range<Int>]

  init(source: [UInt8], tokens: [SwiftToken], file: String) {
    self.source = source
    self.tokens = tokens
    self.file = file
    var lines: [Range<Int>] = []
    var start = 0
    for (offset, byte) in source.enumerated() where byte == UInt8(ascii: "\n") {
      lines.append(start..<offset)
      start = offset + 1
    }
    lines.append(start..<source.count)
    self.lines = lines
  }

  func sites() -> [MutationSite] {
    var sites: [MutationSite] = []
    var inWhere = false
    var previousLine = 0
    for index in tokens.indices {
      let token = tokens[index]
      if token.line != previousLine {
        inWhere = false
        previousLine = token.line
      }
      if token.kind == .identifier, token.text == "where" { inWhere = true }
      if token.text == "{" { inWhere = false }
      if let site = tokenSite(at: index, inWhere: inWhere) { sites.append(site) }
      if let site = earlyReturnSite(at: index) { sites.append(site) }
    }
    return sites + callStatementSites()
  }

  // MARK: - Token sites

  private static let binary: [String: (MutationOperator, String, String, String)] = [
    "<": (.relational, "<=", "ComparisonPrecedence", "Comparable"),
    "<=": (.relational, "<", "ComparisonPrecedence", "Comparable"),
    ">": (.relational, ">=", "ComparisonPrecedence", "Comparable"),
    ">=": (.relational, ">", "ComparisonPrecedence", "Comparable"),
    "==": (.equality, "!=", "ComparisonPrecedence", "Equatable"),
    "!=": (.equality, "==", "ComparisonPrecedence", "Equatable"),
    "+": (.arithmetic, "-", "AdditionPrecedence", "AdditiveArithmetic"),
    "-": (.arithmetic, "+", "AdditionPrecedence", "AdditiveArithmetic"),
    "&&": (.logical, "||", "LogicalConjunctionPrecedence", "Bool"),
    "||": (.logical, "&&", "LogicalDisjunctionPrecedence", "Bool"),
    "..<": (.range, "...", "RangeFormationPrecedence", "Strideable"),
    "...": (.range, "..<", "RangeFormationPrecedence", "Strideable"),
  ]

  private func tokenSite(at index: Int, inWhere: Bool) -> MutationSite? {
    let token = tokens[index]
    let previous = index > 0 ? tokens[index - 1] : nil
    let next = index + 1 < tokens.count ? tokens[index + 1] : nil
    switch token.kind {
    case .operator:
      if token.text == "!" { return negationSite(token, previous: previous) }
      guard let (kind, mutated, precedence, constraint) = Self.binary[token.text], !inWhere,
        let previous, let next, !["func", "operator"].contains(previous.text)
      else { return nil }
      if kind == .range {
        guard token.spaceBefore == token.spaceAfter,
          ![")", "]", ",", "}"].contains(next.text), !["(", "[", ","].contains(previous.text)
        else { return nil }
      } else {
        guard token.spaceBefore, token.spaceAfter else { return nil }
        // A `<` or `>` that starts or ends a line closes or opens a
        // generic argument list written one argument a line.
        if kind == .relational, previous.line != token.line || next.line != token.line {
          return nil
        }
      }
      if kind == .equality, previous.text == "nil" || next.text == "nil" { return nil }
      if kind == .arithmetic,
        [previous, next].contains(where: { $0.kind == .string || ["[", "]"].contains($0.text) })
      {
        return nil
      }
      return site(
        kind, token: token, mutated: mutated,
        edit: .binary(
          token: token.range, precedence: precedence, constraint: constraint, result: mutated))
    case .integer:
      guard previous?.text != ".", !isRawValue(index), let value = integerValue(token.text),
        value < Int64.max
      else { return nil }
      return site(
        .integerBoundary, token: token, mutated: "\(value + 1)", edit: .literal(token: token.range))
    case .identifier:
      return identifierSite(at: index, previous: previous, next: next)
    default:
      return nil
    }
  }

  private func negationSite(_ token: SwiftToken, previous: SwiftToken?) -> MutationSite? {
    guard !token.spaceAfter else { return nil }
    let opens = ["(", "[", ",", "{", ":"]
    guard token.spaceBefore || previous.map({ opens.contains($0.text) }) == true else {
      return nil
    }
    return site(.negation, token: token, mutated: "", edit: .negation(token: token.range))
  }

  private func identifierSite(
    at index: Int, previous: SwiftToken?, next: SwiftToken?
  ) -> MutationSite? {
    let token = tokens[index]
    let afterDot = previous?.text == "."
    switch token.text {
    case "true", "false":
      guard !afterDot else { return nil }
      let mutated = token.text == "true" ? "false" : "true"
      return site(.boolean, token: token, mutated: mutated, edit: .literal(token: token.range))
    case "first", "last":
      guard afterDot, next?.text != "(", next?.text != "=" else { return nil }
      let mutated = token.text == "first" ? "last" : "first"
      return site(
        .firstLast, token: token, mutated: mutated,
        edit: .renamed(token: token.range, form: .property))
    case "min", "max":
      guard next?.text == "(", next?.spaceBefore == false else { return nil }
      let mutated = token.text == "min" ? "max" : "min"
      if afterDot {
        guard index + 2 < tokens.count, tokens[index + 2].text == ")" else { return nil }
        return site(
          .minMax, token: token, mutated: mutated,
          edit: .renamed(token: token.range, form: .method))
      }
      guard previous?.text != "func" else { return nil }
      return site(
        .minMax, token: token, mutated: mutated,
        edit: .renamed(token: token.range, form: .function))
    default:
      return nil
    }
  }

  /// Whether the literal at `index` is an enum case's raw value
  /// (`case a = 1`), which must stay a literal.
  private func isRawValue(_ index: Int) -> Bool {
    guard index > 0, tokens[index - 1].text == "=" || tokens[index - 1].text == "-" else {
      return false
    }
    var cursor = index - 1
    while cursor > 0, tokens[cursor - 1].line == tokens[index].line,
      !["{", "}", ";", ","].contains(tokens[cursor - 1].text)
    {
      cursor -= 1
    }
    return tokens[cursor].text == "case"
  }

  private func integerValue(_ text: String) -> Int64? {
    let digits = text.filter { $0 != "_" }
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
      return Int64(digits.dropFirst(2), radix: radix)
    }
    return Int64(digits)
  }

  // MARK: - Early returns

  private static let declarationStops: Set<String> = [
    "func", "var", "let", "init", "subscript", "case", "}", "struct", "class", "enum",
    "protocol", "extension", "static", "typealias", "->",
  ]

  /// A `func` whose signature has no `->` gets `return` at the start of
  /// its body.
  private func earlyReturnSite(at index: Int) -> MutationSite? {
    let token = tokens[index]
    guard token.kind == .identifier, token.text == "func" else { return nil }
    var depth = 0
    var cursor = index + 1
    while cursor < tokens.count {
      let text = tokens[cursor].text
      if text == "(" || text == "[" { depth += 1 }
      if text == ")" || text == "]" { depth -= 1 }
      if depth == 0 {
        if text == "{" { break }
        if Self.declarationStops.contains(text) { return nil }
      }
      cursor += 1
    }
    guard cursor < tokens.count else { return nil }
    let brace = tokens[cursor]
    let name = index + 1 < tokens.count ? tokens[index + 1] : token
    var mutant = mutantAt(name, operator: .earlyReturn, original: "", mutated: "return")
    mutant.mutatedLine = lineText(
      brace.line, replacing: brace.range.upperBound..<brace.range.upperBound, with: " return;")
    return MutationSite(mutant: mutant, edit: .earlyReturn(offset: brace.range.upperBound))
  }

  // MARK: - Call statements

  private static let statementKeywords: Set<String> = [
    "if", "guard", "let", "var", "return", "throw", "case", "default", "for", "while", "repeat",
    "switch", "func", "init", "super", "import", "defer", "do", "else", "break", "continue",
    "static", "private", "public", "internal", "fileprivate", "typealias", "in", "where",
    "mutating", "nonmutating", "override", "final", "open", "convenience", "required",
    "nonisolated", "dynamic", "lazy", "indirect", "package",
  ]

  /// Words that make a line a declaration wherever they stand outside
  /// brackets (`mutating func f(…)`, `public init(…)`).
  private static let declarationKeywords: Set<String> = [
    "func", "init", "deinit", "subscript", "var", "let", "case", "typealias", "associatedtype",
    "struct", "class", "enum", "protocol", "extension", "actor", "macro", "operator", "import",
  ]

  /// Lines that hold exactly one call statement: `name(…)`,
  /// `a.b.c(…)`, `try x.f(…)`, parentheses balanced on the line, no
  /// assignment, and neither line around it continuing the expression.
  private func callStatementSites() -> [MutationSite] {
    var sites: [MutationSite] = []
    var start = 0
    while start < tokens.count {
      var end = start
      while end + 1 < tokens.count, tokens[end + 1].line == tokens[start].line { end += 1 }
      if let site = callStatement(tokens: start...end) { sites.append(site) }
      start = end + 1
    }
    return sites
  }

  private func callStatement(tokens range: ClosedRange<Int>) -> MutationSite? {
    var first = range.lowerBound
    while first <= range.upperBound, ["try", "await"].contains(tokens[first].text) { first += 1 }
    guard first <= range.upperBound, tokens[first].kind == .identifier,
      !Self.statementKeywords.contains(tokens[first].text), tokens[range.upperBound].text == ")"
    else { return nil }
    var depth = 0
    var sawCall = false
    for index in first...range.upperBound {
      let token = tokens[index]
      switch token.text {
      case "(", "[": depth += 1
      case ")", "]": depth -= 1
      case "{", "}": return nil
      default:
        if depth == 0, token.kind == .identifier, Self.declarationKeywords.contains(token.text) {
          return nil
        }
        if token.kind == .operator, token.text.hasSuffix("="), depth == 0,
          !["==", "!=", "<=", ">=", "==="].contains(token.text)
        {
          return nil
        }
        if depth == 0, token.kind == .operator, ![".", "?", "!"].contains(token.text) {
          return nil
        }
        if depth == 0, token.text == ":" || token.text == "," { return nil }
      }
      if depth < 0 { return nil }
      if token.text == "(", index > first, depth == 1 { sawCall = true }
    }
    guard depth == 0, sawCall else { return nil }
    if range.lowerBound > 0 {
      let before = tokens[range.lowerBound - 1]
      guard before.kind != .operator, ![",", "(", "[", ":", "return"].contains(before.text)
      else { return nil }
    }
    if range.upperBound + 1 < tokens.count {
      let after = tokens[range.upperBound + 1]
      guard after.kind != .operator, ![".", "{", "(", "["].contains(after.text) else { return nil }
    }
    let statement =
      tokens[range.lowerBound].range.lowerBound..<tokens[range.upperBound].range.upperBound
    var mutant = mutantAt(
      tokens[range.lowerBound], operator: .removeCall,
      original: String(decoding: source[statement], as: UTF8.self), mutated: "")
    mutant.mutatedLine = ""
    return MutationSite(mutant: mutant, edit: .wrapped(statement: statement))
  }

  // MARK: - Mutants

  private func site(
    _ kind: MutationOperator, token: SwiftToken, mutated: String, edit: MutationSite.Edit
  ) -> MutationSite {
    var mutant = mutantAt(token, operator: kind, original: token.text, mutated: mutated)
    mutant.mutatedLine = lineText(token.line, replacing: token.range, with: mutated)
    return MutationSite(mutant: mutant, edit: edit)
  }

  private func mutantAt(
    _ token: SwiftToken, operator kind: MutationOperator, original: String, mutated: String
  ) -> Mutant {
    Mutant(
      file: file, line: token.line, column: token.column, operator: kind, original: original,
      mutated: mutated, originalLine: lineText(token.line, replacing: 0..<0, with: ""),
      mutatedLine: "")
  }

  /// Line `line`, trimmed, with the bytes `range` (offsets in the source)
  /// replaced by `replacement`.
  private func lineText(_ line: Int, replacing range: Range<Int>, with replacement: String)
    -> String
  {
    let bounds = lines[line - 1]
    var bytes = Array(source[bounds])
    if !(range.isEmpty && replacement.isEmpty), range.lowerBound >= bounds.lowerBound,
      range.upperBound <= bounds.upperBound
    {
      bytes.replaceSubrange(
        (range.lowerBound - bounds.lowerBound)..<(range.upperBound - bounds.lowerBound),
        with: Array(replacement.utf8))
    }
    return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
  }
}
