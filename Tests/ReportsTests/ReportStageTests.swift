import Foundation
import Testing
import Verification

@Suite struct ReportStageTests {
  /// A writer that fails on the file named `name` and writes the others.
  private func failing(on name: String) -> ReportStage.FileWriter {
    { (data: Data, url: URL) throws(ReportError) in
      if url.lastPathComponent == name {
        throw .io("cannot write \(url.path): No space left on device")
      }
      try AtomicFile.write(data, to: url)
    }
  }

  private func previousSet() throws -> (parent: URL, out: URL, files: [String: Data]) {
    let parent = ReportFixtures.temporaryFolder()
    let out = parent.appendingPathComponent("latest")
    try ReportWriter.writeSet(ReportFixtures.report(), to: out)
    let files = ReportFixtures.contents(of: out)
    #expect(
      files.keys.sorted() == [
        "failures/diff.roundTrip-7.json", "junit.xml", "report.html", "report.json", "summary.md",
      ])
    return (parent, out, files)
  }

  @Test func writeSetSwapsInTheWholeSetAndDropsStaleEntries() throws {
    let (parent, out, _) = try previousSet()
    let passing = ReportFixtures.report(failing: false)
    try ReportWriter.writeSet(passing, to: out)
    let files = ReportFixtures.contents(of: out)
    #expect(!files.keys.contains("failures/diff.roundTrip-7.json"))
    #expect(try ReportReader.readReport(at: out.path) == passing)
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["latest"])
  }

  @Test(arguments: ["diff.roundTrip-8.json", "summary.md", "junit.xml", "report.json"])
  func aFailedWriteLeavesThePreviousSetByteIdentical(failingFile: String) throws {
    let (parent, out, before) = try previousSet()
    var next = ReportFixtures.report(failing: true)
    next.failures = [ReportFixtures.failure("diff.roundTrip", index: 8)]
    next.durationSeconds = 99
    #expect(throws: ReportError.self) {
      try ReportWriter.writeSet(next, to: out, writer: failing(on: failingFile))
    }
    #expect(ReportFixtures.contents(of: out) == before)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["latest"],
      "staging left behind")
  }

  @Test func aDiscardedStageLeavesTheDestinationAlone() throws {
    let (parent, out, before) = try previousSet()
    let stage = try ReportStage(destination: out)
    try stage.writeFailure(ReportFixtures.failure("diff.roundTrip", index: 9))
    #expect(
      ReportFixtures.contents(of: out) == before, "a staged entry leaked into the destination")
    stage.discard()
    #expect(ReportFixtures.contents(of: out) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["latest"])
  }

  @Test func aFolderHoldingOtherFilesIsRefusedUntouched() throws {
    let folder = ReportFixtures.temporaryFolder()
    try "keep me".write(
      to: folder.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
    do {
      try ReportWriter.writeSet(ReportFixtures.report(), to: folder)
      Issue.record("wrote a report set over a folder holding README.md")
    } catch {
      #expect(error.description.contains("README.md"))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["README.md"])
  }

  @Test func aFileAsDestinationIsRefused() throws {
    let file = ReportFixtures.temporaryFolder().appendingPathComponent("out")
    try "x".write(to: file, atomically: true, encoding: .utf8)
    #expect(throws: ReportError.io("\(file.path) is a file, not a report folder")) {
      try ReportStage(destination: file)
    }
  }

  @Test func aSetMovedAsideByAKilledWriterIsRestored() throws {
    let (parent, out, before) = try previousSet()
    // A writer killed between its two renames: the previous set is aside,
    // nothing is at the destination, and its staging folder remains.
    let deadPID = "999999999"
    let aside = parent.appendingPathComponent(".latest.previous-\(deadPID)")
    let staged = parent.appendingPathComponent(".latest.staging-\(deadPID)")
    try FileManager.default.moveItem(at: out, to: aside)
    try FileManager.default.createDirectory(at: staged, withIntermediateDirectories: true)
    let stage = try ReportStage(destination: out)
    #expect(ReportFixtures.contents(of: out) == before)
    stage.discard()
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["latest"])
  }
}
