import Testing

@testable import Mutation

@Suite struct MutationSitesTests {
  private func sites(_ source: String, _ operators: [MutationOperator] = MutationOperator.allCases)
    -> [String]
  {
    MutationSites.find(in: source, file: "F.swift", operators: Set(operators)).map {
      "\($0.mutant.operator.rawValue) \($0.mutant.original)→\($0.mutant.mutated)"
    }
  }

  @Test func everyOperatorHasItsMutation() {
    let source = """
      func f(a: Int, b: Int, xs: [Int]) -> Bool {
        let c = a < b && a >= b || a == b
        let d = a <= b || a > b || a != b
        let e = a + b - 1
        let r = xs[0..<2].count + xs[0...1].count
        let m = min(a, b) + max(a, b) + (xs.min() ?? 0)
        return !c && d == true && false == (e == r) && xs.first == xs.last && m == 0
      }
      """
    let found = sites(source, [.relational, .equality, .arithmetic, .logical, .range, .minMax])
    #expect(
      found == [
        "relational <→<=", "logical &&→||", "relational >=→>", "logical ||→&&", "equality ==→!=",
        "relational <=→<", "logical ||→&&", "relational >→>=", "logical ||→&&", "equality !=→==",
        "arithmetic +→-", "arithmetic -→+", "range ..<→...", "arithmetic +→-", "range ...→..<",
        "minMax min→max", "arithmetic +→-", "minMax max→min", "arithmetic +→-", "minMax min→max",
        "logical &&→||", "equality ==→!=", "logical &&→||", "equality ==→!=", "equality ==→!=",
        "logical &&→||", "equality ==→!=", "logical &&→||", "equality ==→!=",
      ])
    #expect(sites(source, [.negation]) == ["negation !→"])
    #expect(sites(source, [.boolean]) == ["boolean true→false", "boolean false→true"])
    #expect(sites(source, [.firstLast]) == ["firstLast first→last", "firstLast last→first"])
    #expect(
      sites(source, [.integerBoundary]) == [
        "integerBoundary 1→2", "integerBoundary 0→1", "integerBoundary 2→3", "integerBoundary 0→1",
        "integerBoundary 1→2", "integerBoundary 0→1", "integerBoundary 0→1",
      ])
  }

  @Test func statementsAndReturns() {
    let source = """
      func g(_ log: Log) {
        log.add(1)
        try log.flush()
        let x = log.add(2)
        log.chain()
          .more()
        helper(
          x)
      }
      func h() -> Int { 1 }
      """
    #expect(
      sites(source, [.removeCall, .earlyReturn]) == [
        "earlyReturn →return", "removeCall log.add(1)→", "removeCall try log.flush()→",
      ])
  }

  /// A declaration whose signature ends its line looks like a call; it is
  /// not one (removing it broke the build, and the calls of what it
  /// declares with it).
  @Test func declarationsAreNotCallStatements() {
    let source = """
      struct S {
        mutating func insert(_ ids: [Int], next: Int, after: Bool)
          throws(E)
        {
          try insert(ids, next: next, after: after)
        }
        public init(count: Int)
        {
          self.count = count
        }
        nonisolated public func ping(_ a: Int)
        {}
      }
      """
    #expect(
      sites(source, [.removeCall, .earlyReturn]) == [
        "earlyReturn →return", "removeCall try insert(ids, next: next, after: after)→",
        "earlyReturn →return",
      ])
  }

  @Test func sitesThatCannotCompileAreNotTaken() {
    let source = """
      enum E: Int { case a = 1 }
      func == (l: T, r: T) -> Bool where T: Equatable, U == V { l.x == nil }
      let s = "a" + b + [c]
      let t = x.0 + [c]
      let v = x!
      let w = xs[a...]
      """
    #expect(sites(source, [.equality, .arithmetic, .integerBoundary, .negation, .range]).isEmpty)
  }

  @Test func idsAndLines() throws {
    let site = try #require(
      MutationSites.find(
        in: "\n  if a < b { go() }\n", file: "Sources/T/A.swift", operators: [.relational]
      )
      .first)
    #expect(site.mutant.id == "Sources/T/A.swift:2:8:relational")
    #expect(site.mutant.originalLine == "if a < b { go() }")
    #expect(site.mutant.mutatedLine == "if a <= b { go() }")
  }
}
