/// Mutant switching: rewrites sources so every chosen site is compiled in
/// behind a run-time switch, and writes the helper file the rewritten
/// sources call. One build then holds every mutant; the environment
/// variable `DIFFABLE_MUTANT` (read once) chooses the active one, and with
/// it unset or `0` the program behaves as the original.
///
/// Every site gets its own declaration, so a site that does not compile
/// fails on its own line and is dropped alone: a binary operator becomes a
/// site-specific operator of the same precedence group, generic over the
/// operator's protocol (`a < b` becomes `a ⋘∁∄ b`, whose body is
/// `__isMutant(35) ? l <= r : l < r`); a literal becomes
/// `(__isMutant(N) ? mutated : original)`; `.first`, `.min()` and `min(…)`
/// call site-specific members; a call statement is wrapped in
/// `if !__isMutant(N) { … }`; an early return is `if __isMutant(N) { return };`.
/// The rewrite keeps every line where it was, so a compiler diagnostic's
/// line is the site's line.
public enum MutantSchemata {
  /// The environment variable that chooses the active mutant (its number).
  public static let environmentVariable = "DIFFABLE_MUTANT"

  /// The name of the helper file written beside the rewritten sources.
  public static let helperFileName = "__DiffableMutants.swift"

  /// `source` with each of `sites` (numbered, all of this file) compiled in
  /// behind the switch of its number.
  /// - Complexity: O(*n* + *s* log *s*), where *n* is the length of
  ///   `source` and *s* the number of sites.
  public static func rewrite(_ source: String, sites: [(number: Int, site: MutationSite)]) -> String
  {
    var bytes = Array(source.utf8)
    // Applied from the end so that earlier offsets stay valid; at one
    // offset a replacement goes before an insertion, which then lands left
    // of it.
    let all = sites.flatMap { edits(for: $0.site, number: $0.number) }.sorted {
      ($0.range.lowerBound, $0.range.isEmpty ? 0 : 1) > (
        $1.range.lowerBound, $1.range.isEmpty ? 0 : 1
      )
    }
    for edit in all where edit.range.upperBound <= bytes.count {
      bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The helper file for `sites` and, for each of its lines that belongs
  /// to one site, that site's number (so a diagnostic there drops it).
  public static func helper(for sites: [(number: Int, site: MutationSite)]) -> (
    text: String, siteOfLine: [Int: Int]
  ) {
    var lines = [
      "// Written by the mutate command into its scratch copy only.",
      "#if canImport(Glibc)",
      "  import Glibc",
      "#elseif canImport(Darwin)",
      "  import Darwin",
      "#endif",
      "",
      "@usableFromInline let __diffableMutant: Int =",
      "  getenv(\"\(environmentVariable)\").flatMap { Int(String(cString: $0)) } ?? 0",
      "@usableFromInline @inline(__always) func __isMutant(_ number: Int) -> Bool {",
      "  __diffableMutant == number",
      "}",
    ]
    var siteOfLine: [Int: Int] = [:]
    for (number, site) in sites.sorted(by: { $0.number < $1.number }) {
      for line in declarations(for: site, number: number) {
        lines.append(line)
        siteOfLine[lines.count] = number
      }
    }
    return (lines.joined(separator: "\n") + "\n", siteOfLine)
  }

  /// The site-specific operator of site `number`: `⋘` and its number's
  /// hexadecimal digits written as the operator characters U+2200…U+220F.
  static func operatorName(_ number: Int) -> String {
    let digits = String(number, radix: 16).unicodeScalars.map { digit -> Character in
      let value = Int(String(digit), radix: 16) ?? 0
      return Character(Unicode.Scalar(UInt32(0x2200 + value)) ?? "∀")
    }
    return "⋘" + String(digits)
  }

  /// The site-specific member or function name of site `number`.
  static func memberName(_ number: Int) -> String { "__mutant\(number)" }

  private struct Edit {
    var range: Range<Int>
    var text: String
  }

  private static func edits(for site: MutationSite, number: Int) -> [Edit] {
    let mutant = site.mutant
    switch site.edit {
    case .binary(let token, _, _, _), .negation(let token):
      return [Edit(range: token, text: operatorName(number))]
    case .literal(let token):
      return [
        Edit(range: token, text: "(__isMutant(\(number)) ? \(mutant.mutated) : \(mutant.original))")
      ]
    case .renamed(let token, _):
      return [Edit(range: token, text: memberName(number))]
    case .wrapped(let statement):
      return [
        Edit(
          range: statement.lowerBound..<statement.lowerBound, text: "if !__isMutant(\(number)) { "),
        Edit(range: statement.upperBound..<statement.upperBound, text: " }"),
      ]
    case .earlyReturn(let offset):
      return [Edit(range: offset..<offset, text: " if __isMutant(\(number)) { return };")]
    }
  }

  private static func declarations(for site: MutationSite, number: Int) -> [String] {
    let mutant = site.mutant
    let name = operatorName(number)
    let member = memberName(number)
    let active = "__isMutant(\(number))"
    switch site.edit {
    case .binary(_, let precedence, let constraint, let result):
      let original = mutant.original
      let body: String
      switch constraint {
      case "Bool":
        return [
          "infix operator \(name): \(precedence)",
          "@usableFromInline func \(name) (l: Bool, r: @autoclosure () throws -> Bool) rethrows -> Bool {"
            + " \(active) ? (try l \(result) r()) : (try l \(original) r()) }",
        ]
      case "Strideable" where original == "..<":
        body =
          "<T: Strideable>(l: T, r: T) -> Range<T> where T.Stride: SignedInteger {"
          + " \(active) ? l ..< r.advanced(by: 1) : l ..< r }"
      case "Strideable":
        body =
          "<T: Strideable>(l: T, r: T) -> ClosedRange<T> where T.Stride: SignedInteger {"
          + " \(active) ? l ... r.advanced(by: -1) : l ... r }"
      case "AdditiveArithmetic":
        body =
          "<T: AdditiveArithmetic>(l: T, r: T) -> T { \(active) ? l \(result) r : l \(original) r }"
      default:
        body =
          "<T: \(constraint)>(l: T, r: T) -> Bool { \(active) ? l \(result) r : l \(original) r }"
      }
      return ["infix operator \(name): \(precedence)", "@usableFromInline func \(name) \(body)"]
    case .negation:
      return [
        "prefix operator \(name)",
        "@usableFromInline prefix func \(name) (x: Bool) -> Bool { \(active) ? x : !x }",
      ]
    case .renamed(_, .property):
      return [
        "extension BidirectionalCollection { @usableFromInline var \(member): Element? {"
          + " \(active) ? \(mutant.mutated) : \(mutant.original) } }"
      ]
    case .renamed(_, .method):
      return [
        "extension Sequence where Element: Comparable { @usableFromInline func \(member)() -> Element? {"
          + " \(active) ? \(mutant.mutated)() : \(mutant.original)() } }"
      ]
    case .renamed(_, .function):
      let call = { (name: String) in "Swift.\(name)" }
      return [
        "@usableFromInline func \(member)<T: Comparable>(_ a: T, _ b: T) -> T {"
          + " \(active) ? \(call(mutant.mutated))(a, b) : \(call(mutant.original))(a, b) }",
        "@usableFromInline func \(member)<T: Comparable>(_ a: T, _ b: T, _ c: T, _ rest: T...) -> T {"
          + " let all = [a, b, c] + rest; return (\(active) ? all.\(mutant.mutated)() : all.\(mutant.original)())! }",
      ]
    case .literal, .wrapped, .earlyReturn:
      return []
    }
  }
}
