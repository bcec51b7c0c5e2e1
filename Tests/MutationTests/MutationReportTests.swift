import Foundation
import Testing
import Verification

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

  @Test func aRemovedStatementReadsAsNotRun() throws {
    let removed = try #require(
      MutationSites.find(in: "log.add(1)\n", file: "Sources/T/A.swift", operators: [.removeCall])
        .first?.mutant)
    #expect(removed.mutatedLine.isEmpty)
    #expect(removed.shownMutatedLine == "(not run)")
    var report = report(minScore: 0)
    report.entries[1].mutant = removed
    #expect(MutationReportWriter.markdown(report).contains("  - `+ (not run)`"))
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
    let html = MutationReportWriter.html(report)
    #expect(html.contains("<code>Sources/T/A.swift:1:15:logical</code>"))
    #expect(html.contains("<span class=\"del\">- let a = b &lt; c &amp;&amp; d</span>"))
    #expect(html.contains("<span class=\"add\">+ let a = b &lt; c || d</span>"))
    #expect(html.contains("<summary>2 properties ran on it</summary><p>diff.empty, diff.roundTrip"))
    #expect(html.contains("<td>Sources/T/A.swift:1:11:relational</td>"))
    let decoded = try JSONDecoder().decode(
      MutationReport.self, from: Data(MutationReportWriter.json(report).utf8))
    #expect(decoded == report)
    #expect(MutationReportWriter.json(report).contains("\"passed\" : false"))
  }

  /// The four files are one set: a write that fails part way keeps the
  /// previous set byte for byte, and a folder holding anything else is
  /// refused before a file is touched.
  @Test func theReportsAreWrittenAsOneSet() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mutation-reports-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let out = root.appendingPathComponent("mutation")
    try MutationReportWriter.write(report(minScore: 50), to: out)
    func contents() throws -> [String: Data] {
      let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
      return try Dictionary(
        uniqueKeysWithValues: names.map {
          ($0, try Data(contentsOf: out.appendingPathComponent($0)))
        })
    }
    let first = try contents()
    #expect(first.keys.sorted() == MutationReportWriter.fileNames.sorted())
    let failing: ReportStage.FileWriter = { (data: Data, url: URL) throws(ReportError) in
      if url.lastPathComponent == "junit.xml" { throw .io("cannot write \(url.path): disk full") }
      try AtomicFile.write(data, to: url)
    }
    #expect(throws: MutationError.self) {
      try MutationReportWriter.write(report(minScore: 90), to: out, writer: failing)
    }
    #expect(try contents() == first)
    try MutationReportWriter.write(report(minScore: 90), to: out)
    #expect(try contents()["report.json"] != first["report.json"])

    let stranger = root.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: stranger, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: stranger.appendingPathComponent("state.json"))
    #expect(throws: MutationError.self) { try MutationReportWriter.checkDestination(stranger) }
    #expect(throws: MutationError.self) {
      try MutationReportWriter.write(report(minScore: 50), to: stranger)
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: stranger.path) == ["state.json"])
  }
}
