import Foundation
import Testing

@testable import Mutation

@Suite struct MutationReportTests {
  private func report(minScore: Double) -> MutationReport {
    var options = MutationOptions(target: "T", executable: "fuzz")
    options.minScore = minScore
    let mutants = MutationSites.find(
      in: "let a = b < c && d\n", file: "Sources/T/A.swift", operators: [.relational, .logical]
    ).map(\.mutant)
    let results = [
      MutantResult(
        id: mutants[0].id, status: .killed, property: "diff.roundTrip",
        detail: "failure, token diff.roundTrip@v2.x", properties: ["diff.roundTrip"]),
      MutantResult(
        id: mutants[1].id, status: .survived, detail: "every property passed",
        properties: ["diff.empty", "diff.roundTrip"]),
    ]
    return MutationReport(
      options: options, startedAt: Date(timeIntervalSince1970: 0), duration: 12, mutants: mutants,
      results: results, dropped: [])
  }

  @Test func scoresPerFileAndOperatorAndTheMinimum() {
    let half = report(minScore: 50)
    #expect(half.score == MutationReport.Score(name: "all", killed: 1, total: 2))
    #expect(half.passed)
    #expect(!report(minScore: 50.1).passed)
    #expect(half.byOperator.map(\.name) == ["logical", "relational"])
    #expect(half.byFile == [MutationReport.Score(name: "Sources/T/A.swift", killed: 1, total: 2)])
  }

  @Test func everyFormatNamesTheSurvivorAndTheKiller() throws {
    let report = report(minScore: 80)
    let markdown = MutationReportWriter.markdown(report)
    #expect(markdown.contains("Mutation score: 50.0% (1/2 killed); minimum 80.0%: FAILED."))
    #expect(markdown.contains("- `Sources/T/A.swift:1:15:logical`\n  - `- let a = b < c && d`"))
    #expect(markdown.contains("  - `+ let a = b < c || d`\n  - ran: diff.empty, diff.roundTrip"))
    #expect(markdown.contains("killed in diff.roundTrip: failure, token diff.roundTrip@v2.x"))
    let junit = MutationReportWriter.junit(report)
    #expect(junit.contains("tests=\"2\" failures=\"1\""))
    #expect(junit.contains("<failure message=\"survived: let a = b &lt; c || d\">"))
    #expect(MutationReportWriter.html(report).contains("<td>Sources/T/A.swift:1:15:logical</td>"))
    let decoded = try JSONDecoder().decode(
      MutationReport.self, from: Data(MutationReportWriter.json(report).utf8))
    #expect(decoded == report)
    #expect(MutationReportWriter.json(report).contains("\"passed\" : false"))
  }
}
