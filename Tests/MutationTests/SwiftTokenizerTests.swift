import Testing

@testable import Mutation

@Suite struct SwiftTokenizerTests {
  private func texts(_ source: String) -> [String] {
    SwiftTokenizer.tokens(in: source).map(\.text)
  }

  @Test func operatorsAndPunctuation() {
    #expect(
      texts("a <= b && !c || d..<e ... f != g -> h")
        == [
          "a", "<=", "b", "&&", "!", "c", "||", "d", "..<", "e", "...", "f", "!=", "g", "->", "h",
        ])
    #expect(texts("x?.y!.z") == ["x", "?", ".", "y", "!", ".", "z"])
    #expect(
      texts("a.b(c, [d]) { e: f; }") == [
        "a", ".", "b", "(", "c", ",", "[", "d", "]", ")", "{", "e", ":", "f", ";", "}",
      ])
  }

  @Test func commentsStringsAndDirectivesAreSkipped() {
    let source = """
      // a < b
      /* outer /* nested < */ still comment */ x
      #if DEBUG && os(Linux)
      let s = "a < \\(f("<", 1 + 2)) b" + #"raw " < "#
      let m = \"\"\"
        x < y "quoted"
        \"\"\"
      #endif
      """
    #expect(
      texts(source) == [
        "x", "let", "s", "=", "\"a < \\(f(\"<\", 1 + 2)) b\"", "+", "#\"raw \" < \"#", "let", "m",
        "=",
        "\"\"\"\n  x < y \"quoted\"\n  \"\"\"",
      ])
  }

  @Test func attributesAndPoundKeywordsKeepTheirArguments() {
    let tokens = SwiftTokenizer.tokens(in: "@available(iOS 13, *) func f() { #assert(1 < 2) }")
    #expect(tokens.map(\.kind).prefix(2) == [.attribute, .identifier])
    #expect(tokens[0].text == "@available(iOS 13, *)")
    #expect(tokens.contains { $0.kind == .pound && $0.text == "#assert(1 < 2)" })
  }

  @Test func literalsAndPositions() {
    let tokens = SwiftTokenizer.tokens(in: "let a = 0x1F\n  + 1_000 + 2.5e3 + x.0")
    #expect(tokens.filter { $0.kind == .integer }.map(\.text) == ["0x1F", "1_000", "0"])
    #expect(tokens.filter { $0.kind == .float }.map(\.text) == ["2.5e3"])
    let plus = tokens.first { $0.text == "+" }
    #expect(plus?.line == 2)
    #expect(plus?.column == 3)
    #expect(plus?.spaceBefore == true)
    #expect(plus?.spaceAfter == true)
  }
}
