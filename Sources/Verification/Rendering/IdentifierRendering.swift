/// Rewrites a rendered test from the catalog's `Int` identifiers to an
/// `IdentifierMapping`'s literals: in every call on a candidate variable
/// (`c`, `cArgN`, `dArgN`, `old`, `new`) each integer argument becomes
/// `sectionLiteral` (arguments of a `…Section…` method, or after
/// `toSection:`) or `itemLiteral`; comparisons with the reference model's
/// `Int` answers map those answers through the mapping; expected refreshed
/// ids become sets of literals (user ids need not be `Comparable`);
/// `ContentMap<Int>` becomes `ContentMap<Item>`.
enum IdentifierRendering<Map: IdentifierMapping> {
  static func rewrite(_ code: String) -> String {
    code.split(separator: "\n", omittingEmptySubsequences: false)
      .map { rewriteLine(String($0)) }
      .joined(separator: "\n")
  }

  static var receivers: [String] { ["c.", "old.", "new."] }

  static func rewriteLine(_ line: String) -> String {
    let mapName = String(reflecting: Map.self)
    let code = line.drop { $0 == " " }
    if code.hasPrefix("#expect(c."), let equals = line.firstRange(of: " == ") {
      let right = line[equals.upperBound...].dropLast()
      let kind = right.contains("section") || right.contains("Section") ? "section" : "item"
      return line[..<equals.upperBound] + right + ".map(\(mapName).\(kind)))"
    }
    if code.hasPrefix("#expect(update."), let sorted = line.firstRange(of: ".sorted() == [") {
      let start =
        line[..<sorted.lowerBound].firstRange(of: "update.")?.lowerBound ?? sorted.lowerBound
      let ids = line[sorted.upperBound...].prefix { $0 != "]" }.split(separator: ", ").compactMap {
        Int($0)
      }
      let sections = line[start..<sorted.lowerBound].contains("Sections")
      let literals = ids.map { sections ? Map.sectionLiteral($0) : Map.itemLiteral($0) }
      return line[..<start] + "Set(\(line[start..<sorted.lowerBound])) == Set(["
        + literals.joined(separator: ", ") + "]))"
    }
    var result = line.replacing(
      "ContentMap<Int>", with: "ContentMap<\(String(reflecting: Map.Item.self))>")
    if let open = result.firstRange(of: "].contains(item)") {
      let start = result[..<open.lowerBound].lastIndex(of: "[") ?? open.lowerBound
      let list = result[result.index(after: start)..<open.lowerBound]
      let mapped = list.split(separator: ", ").compactMap { Int($0) }.map(Map.itemLiteral)
      result = result[..<start] + "[" + mapped.joined(separator: ", ") + result[open.lowerBound...]
    }
    guard let call = callRange(in: result) else { return result }
    return result[..<call.lowerBound] + rewriteCall(String(result[call]))
      + result[call.upperBound...]
  }

  /// The range of `receiver.method(arguments)` in `line`, if the line calls
  /// a candidate.
  static func callRange(in line: String) -> Range<String.Index>? {
    var searchStart = line.startIndex
    while searchStart < line.endIndex {
      let candidates =
        (receivers.compactMap { line[searchStart...].firstRange(of: $0) }
          + [line[searchStart...].firstRange(of: #/[cd]Arg\d+\./#)].compactMap { $0 })
      guard let first = candidates.min(by: { $0.lowerBound < $1.lowerBound }) else { return nil }
      let before =
        first.lowerBound == line.startIndex ? nil : line[line.index(before: first.lowerBound)]
      if before.map({ $0.isLetter || $0.isNumber || $0 == "." }) == true {
        searchStart = first.upperBound
        continue
      }
      guard let open = line[first.upperBound...].firstIndex(of: "(") else { return nil }
      var depth = 0
      for index in line[open...].indices {
        if line[index] == "(" { depth += 1 }
        if line[index] == ")" { depth -= 1 }
        if depth == 0 { return first.lowerBound..<line.index(after: index) }
      }
      return nil
    }
    return nil
  }

  /// `call` with its integer arguments mapped.
  static func rewriteCall(_ call: String) -> String {
    guard let open = call.firstIndex(of: "(") else { return call }
    let method = call[..<open]
    let allSections = method.contains("Section")
    var output = String(call[...open])
    var sections = allSections
    var digits = ""
    func flush() {
      guard let id = Int(digits) else { return }
      output += sections ? Map.sectionLiteral(id) : Map.itemLiteral(id)
      digits = ""
    }
    var previous: Character = "("
    for character in call[call.index(after: open)...] {
      if character.isNumber && (digits.isEmpty ? !(previous.isLetter || previous.isNumber) : true) {
        digits.append(character)
      } else {
        flush()
        output.append(character)
        if output.hasSuffix("toSection:") { sections = true }
      }
      previous = character
    }
    flush()
    return output
  }
}
