import Testing

@testable import Mutation

@Suite struct MutantSchemataTests {
  private func numbered(_ source: String, _ operators: Set<MutationOperator>) -> [(
    number: Int, site: MutationSite
  )] {
    MutationSites.find(in: source, file: "A.swift", operators: operators).enumerated().map {
      (number: $0.offset + 1, site: $0.element)
    }
  }

  @Test func everySiteIsBehindItsOwnSwitchAndLinesStay() {
    let source = """
      func f(_ a: Int, _ xs: [Int]) {
        if a < 3 && !xs.isEmpty { log(xs.first) }
        log(min(a, 2))
      }
      """
    let sites = numbered(
      source,
      [
        .relational, .logical, .negation, .integerBoundary, .firstLast, .minMax, .removeCall,
        .earlyReturn,
      ])
    let rewritten = MutantSchemata.rewrite(source, sites: sites)
    let op = MutantSchemata.operatorName
    #expect(
      rewritten == """
        func f(_ a: Int, _ xs: [Int]) { if __isMutant(1) { return };
          if a \(op(2)) (__isMutant(3) ? 4 : 3) \(op(4)) \(op(5))xs.isEmpty { log(xs.__mutant6) }
          if !__isMutant(7) { log(__mutant8(a, (__isMutant(9) ? 3 : 2))) }
        }
        """)
    let helper = MutantSchemata.helper(for: sites)
    #expect(helper.text.contains("getenv(\"DIFFABLE_MUTANT\")"))
    #expect(
      helper.text.contains(
        "func \(op(2)) <T: Comparable>(l: T, r: T) -> Bool { __isMutant(2) ? l <= r : l < r }"))
    #expect(helper.text.contains("__isMutant(6) ? last : first"))
    #expect(helper.text.contains("__isMutant(8) ? Swift.max(a, b) : Swift.min(a, b)"))
    // Each helper line names the one site it belongs to.
    let lines = helper.text.split(separator: "\n", omittingEmptySubsequences: false)
    for (line, number) in helper.siteOfLine {
      #expect(lines[line - 1].contains(op(number)) || lines[line - 1].contains("__mutant\(number)"))
    }
  }

  @Test func operatorNamesAreDistinctOperatorCharacters() {
    let names = (1...300).map(MutantSchemata.operatorName)
    #expect(Set(names).count == 300)
    #expect(
      names.allSatisfy { $0.unicodeScalars.allSatisfy { (0x2200...0x22FF).contains($0.value) } })
  }

  @Test func aDiagnosticDropsTheSiteOnItsLine() {
    let sites = MutationSites.find(
      in: "let a = x == y\nlet b = p < q\n", file: "Sources/T/A.swift",
      operators: [.equality, .relational])
    let output = """
      /tmp/s/Sources/T/A.swift:2:11: error: operator function requires that 'P' conform to 'Comparable'
      /tmp/s/Sources/T/__DiffableMutants.swift:15:3: error: something
      /tmp/s/Sources/T/A.swift:2:11: warning: not an error
      """
    let culprits = BuildDiagnostics.culprits(in: output, sites: sites, helperSiteOfLine: [15: 1])
    #expect(
      culprits == [
        2: "operator function requires that 'P' conform to 'Comparable'", 1: "something",
      ])
  }
}
