import Foundation
import Testing
import Verification

/// `snapshot-fuzz merge` end to end: shard sets written as report folders,
/// merged by the built executable.
@Suite struct MergeCommandTests {
  /// Report folders of shards `indices` of `count`, seed 9, each with one
  /// passing property of 10 cases.
  private func shards(_ indices: [Int], of count: Int, in folder: URL) throws -> [String] {
    try indices.map { index in
      let report = FuzzReport(
        seed: 9, shard: ShardSpec(index: index, count: count), startedAt: "2026-11-23T00:00:00Z",
        durationSeconds: 1, stopReason: "cases", jobs: 1,
        properties: [
          PropertyReport(name: "diff.roundTrip", cases: 10, seconds: 0.5, tag: "required")
        ],
        failures: [])
      let shard = folder.appendingPathComponent("shard-\(index)")
      try ReportWriter.writeSet(report, to: shard)
      return shard.path
    }
  }

  @Test func anIncompleteShardSetIsRefusedAndNothingIsWritten() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let inputs = try shards([1, 2, 4], of: 4, in: folder)
    let out = folder.appendingPathComponent("merged")
    let merge = try FuzzExecutable.run(["merge"] + inputs + ["--out", out.path])
    #expect(merge.status == 65)
    #expect(
      merge.error
        == "snapshot-fuzz: incomplete shard set: missing 3/4; merge every shard or pass --allow-partial\n"
    )
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test func allowPartialMergesAndMarksTheReportPartial() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let inputs = try shards([1, 2, 4], of: 4, in: folder)
    let out = folder.appendingPathComponent("merged")
    let merge = try FuzzExecutable.run(
      ["merge", "--allow-partial"] + inputs + ["--out", out.path])
    #expect(merge.status == 0, "\(merge.error)")
    #expect(merge.output.contains("PARTIAL"))
    let report = try ReportReader.readReport(at: out.path)
    #expect(report.partial)
    #expect(report.totalCases == 30)
    let summary = try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8)
    #expect(summary.contains("> **PARTIAL**"))
  }

  @Test func aCompleteSetIsNotPartial() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let out = folder.appendingPathComponent("merged")
    let merge = try FuzzExecutable.run(
      ["merge"] + shards([1, 2, 3, 4], of: 4, in: folder) + ["--out", out.path])
    #expect(merge.status == 0, "\(merge.error)")
    #expect(try !ReportReader.readReport(at: out.path).partial)
  }

  @Test func anOutputThatIsAnInputIsRefusedAndLeftAlone() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let inputs = try shards([1, 2], of: 2, in: folder)
    let before = try Data(
      contentsOf: URL(fileURLWithPath: inputs[0]).appendingPathComponent("report.json"))
    for out in [inputs[0], inputs[0] + "/", folder.path + "/./shard-1", folder.path] {
      let merge = try FuzzExecutable.run(["merge"] + inputs + ["--out", out])
      #expect(merge.status == 65, "\(out)")
      #expect(merge.error.split(separator: "\n").count == 1)
      #expect(merge.error.contains("--out"))
    }
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: inputs[0]).appendingPathComponent("report.json"))
        == before)
  }

  @Test func aFailedWriteExits74AndKeepsThePreviousSet() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let inputs = try shards([1, 2], of: 2, in: folder)
    let out = folder.appendingPathComponent("merged")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    try "not a report".write(
      to: out.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
    let merge = try FuzzExecutable.run(["merge"] + inputs + ["--out", out.path])
    #expect(merge.status == 74)
    #expect(merge.error.split(separator: "\n").count == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["notes.txt"])
  }
}
