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
    #expect(try reject("not json").hasSuffix("report.json: not valid JSON"))
    #expect(try reject(#"{"schema": 1,"#).hasSuffix("report.json: not valid JSON"))
  }

  @Test func rejectsAnotherSchema() throws {
    #expect(try reject(#"{"schema": 2}"#).contains("unsupported schema 2"))
  }

  @Test func rejectsAMissingKeyNamingIt() throws {
    let message = try reject(#"{"schema": 1, "started_at": "x"}"#)
    #expect(message.hasSuffix("report.json: missing key 'seed'"))
    #expect(!message.contains("not valid JSON"))
  }

  @Test func validJSONOfTheWrongShapeSaysWhatIsWrong() throws {
    let top = try reject("[1, 2]")
    #expect(top.hasSuffix("report.json: expected an object at the top level"), "\(top)")
    let seed = try reject(#"{"schema": 1, "seed": 5}"#)
    #expect(seed.hasSuffix("report.json: expected a string at seed"), "\(seed)")
    let report = String(decoding: try ReportWriter.json(ReportFixtures.report()), as: UTF8.self)
    let name = try reject(
      report.replacingOccurrences(of: "\"name\" : \"diff.roundTrip\"", with: "\"name\" : null"))
    #expect(name.hasSuffix("null where a string is expected at properties[0].name"), "\(name)")
    for message in [top, seed, name] { #expect(!message.contains("not valid JSON")) }
  }

  @Test func rejectsABadSeedAndNegativeCounts() throws {
    let report = String(decoding: try ReportWriter.json(ReportFixtures.report()), as: UTF8.self)
    #expect(
      try reject(report.replacingOccurrences(of: "\"seed\" : \"42\"", with: "\"seed\" : \"-1\""))
        .contains("seed"))
    #expect(
      try reject(report.replacingOccurrences(of: "\"cases\" : 100", with: "\"cases\" : -100"))
        .contains("negative"))
  }

  @Test func missingReportIsNamed() {
    #expect(throws: ReportError.self) { try ReportReader.readReport(at: "/nonexistent/folder") }
  }
}
