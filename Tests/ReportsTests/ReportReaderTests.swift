import Foundation
import Testing
import Verification

@Suite struct ReportReaderTests {
  private func reject(_ text: String) throws -> String {
    let folder = ReportFixtures.temporaryFolder()
    let file = folder.appendingPathComponent("report.json")
    try text.write(to: file, atomically: true, encoding: .utf8)
    do {
      _ = try ReportReader.readReport(at: folder.path)
      Issue.record("accepted \(text)")
      return ""
    } catch {
      #expect(error.description.contains("report.json"))
      #expect(!error.description.contains("\n"))
      return error.description
    }
  }

  @Test func rejectsNonJSON() throws {
    #expect(try reject("not json").contains("not valid JSON"))
  }

  @Test func rejectsAnotherSchema() throws {
    #expect(try reject(#"{"schema": 2}"#).contains("unsupported schema 2"))
  }

  @Test func rejectsAMissingField() throws {
    #expect(try reject(#"{"schema": 1, "seed": "1"}"#).contains("missing field"))
  }

  @Test func rejectsABadSeedAndNegativeCounts() throws {
    let report = String(decoding: try ReportWriter.json(ReportFixtures.report()), as: UTF8.self)
    #expect(try reject(report.replacingOccurrences(of: "\"seed\" : \"42\"", with: "\"seed\" : \"-1\"")).contains("seed"))
    #expect(try reject(report.replacingOccurrences(of: "\"cases\" : 100", with: "\"cases\" : -100")).contains("negative"))
  }

  @Test func missingReportIsNamed() {
    #expect(throws: ReportError.self) { try ReportReader.readReport(at: "/nonexistent/folder") }
  }
}
