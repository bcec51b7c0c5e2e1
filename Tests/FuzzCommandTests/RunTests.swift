import Foundation
import Generators
import Testing
import Verification

/// End-to-end runs over the planted properties, which only the fixture
/// offers.
@Suite struct RunTests {
  private func json(_ url: URL) throws -> [String: Any] {
    let data = try Data(contentsOf: url)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  private let reportFiles = ["junit.xml", "report.html", "report.json", "summary.md"]

  /// `snapshot-fuzz` lists its catalog and nothing planted; the planted
  /// properties are the fixture's.
  @Test func onlyTheFixtureListsPlantedProperties() throws {
    let ours = try FuzzExecutable.run(["list"])
    #expect(ours.status == 0)
    #expect(ours.output.split(separator: "\n").map(String.init) == Catalog.names.sorted())
    #expect(!ours.output.contains("planted."))
    let fixture = try FuzzExecutable.fixture(["list"])
    #expect(fixture.status == 0)
    #expect(fixture.output.split(separator: "\n").contains("planted.trap"))
  }

  /// The planted trap's shrunk case, `[40, 40]`.
  private let trapToken = FuzzExecutable.token("planted.trap", [1, 40, 1, 40, 0])

  /// The crash-safety test: `planted.trap` traps inside the implementation
  /// under test. The run survives, records the crash with its token, shrinks
  /// it across crashing processes, writes the entry, and the token replays
  /// the crash.
  @Test func aTrapIsRecordedShrunkAndReplayable() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let out = folder.appendingPathComponent("out")
    let corpus = folder.appendingPathComponent("corpus")
    let result = try FuzzExecutable.fixture([
      "run", "--property", "planted.trap", "--property", "planted.pass", "--seed", "7", "--cases",
      "300", "--jobs", "2", "--out", out.path, "--corpus", corpus.path, "--shrink-time", "30s",
    ])
    #expect(result.status == 1, "\(result.error)")
    #expect(result.error.contains("seed 7"))
    let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
    #expect(names == ["failures"] + reportFiles)
    let report = try json(out.appendingPathComponent("report.json"))
    let failures = try #require(report["failures"] as? [[String: Any]])
    #expect(failures.count == 1)
    let crash = try #require(failures.first)
    #expect(crash["kind"] as? String == "crash")
    #expect(crash["property"] as? String == "planted.trap")
    #expect((crash["message"] as? String)?.contains("planted trap") == true)
    let token = try #require(crash["token"] as? String)
    #expect(token == trapToken)
    #expect(
      try FuzzExecutable.report(in: out).failures.first?.rule
        == .trap(in: "TrappingDeduplicator", "run(_:)"))
    #expect((crash["swift_code"] as? String)?.contains("[40, 40]") == true)
    let properties = try #require(report["properties"] as? [[String: Any]])
    let pass = try #require(properties.first { $0["name"] as? String == "planted.pass" })
    #expect(pass["cases"] as? Int == 300)
    #expect(pass["failures"] as? Int == 0)
    let file = try #require(crash["file"] as? String)
    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(file).path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: corpus.path).count == 1)

    let replay = try FuzzExecutable.fixture(["replay", token])
    #expect(replay.status == 1)
    #expect(replay.output.contains("CRASH"))
    #expect(replay.output.contains("TrappingDeduplicator.run([40, 40])"))
    let fromFile = try FuzzExecutable.fixture(["replay", out.appendingPathComponent(file).path])
    #expect(fromFile.status == 1)
    let corpusFile = try #require(
      try FileManager.default.contentsOfDirectory(atPath: corpus.path).first)
    let fromCorpus = try FuzzExecutable.fixture([
      "replay", corpus.appendingPathComponent(corpusFile).path,
    ])
    #expect(fromCorpus.status == 1)
    let junit = try String(contentsOf: out.appendingPathComponent("junit.xml"), encoding: .utf8)
    #expect(junit.contains("type=\"crash\""))
    #expect(junit.contains(token))
  }

  @Test func aLibFuzzerCrashFileReplaysWithItsProperty() throws {
    let file = FuzzExecutable.temporaryFolder().appendingPathComponent("crash-0123")
    try Data([1, 40, 1, 40, 0]).write(to: file)
    let flag = try FuzzExecutable.fixture(["replay", file.path, "--property", "planted.trap"])
    #expect(flag.status == 1)
    #expect(flag.output.contains("Token: \(trapToken)"))
    #expect(flag.output.contains("CRASH"))
    let environment = try FuzzExecutable.fixture(
      ["replay", file.path], environment: ["DIFFABLE_PROPERTY": "planted.trap"])
    #expect(environment.status == 1)
    let unknown = try FuzzExecutable.fixture(["replay", file.path, "--property", "no.such"])
    #expect(unknown.status == 65)
  }

  /// `snapshot-fuzz replay … | head` closes standard output early: the
  /// command must still exit with the code of its result, not trap.
  @Test func aClosedOutputPipeKeepsTheExitCode() throws {
    let process = Process()
    process.executableURL = FuzzExecutable.fixtureURL
    process.arguments = ["replay", FuzzExecutable.token("planted.fail", [0])]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try output.fileHandleForReading.close()
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
  }

  @Test func aFailureIsShrunkAndAPassingCaseReplaysAs0() throws {
    let out = FuzzExecutable.temporaryFolder()
    let result = try FuzzExecutable.fixture([
      "run", "--property", "planted.fail", "--seed", "3", "--cases", "200", "--jobs", "1",
      "--out", out.path, "--no-corpus",
    ])
    #expect(result.status == 1)
    let report = try json(out.appendingPathComponent("report.json"))
    let failure = try #require((report["failures"] as? [[String: Any]])?.first)
    #expect(failure["kind"] as? String == "failure")
    #expect(failure["shrunk"] as? Bool == true)
    #expect((failure["diff"] as? String)?.isEmpty == false)
    let replay = try FuzzExecutable.fixture(["replay", try #require(failure["token"] as? String)])
    #expect(replay.status == 1)
    #expect(replay.output.contains("FAIL"))
    let passing = try FuzzExecutable.fixture(["replay", FuzzExecutable.token("planted.fail", [0])])
    #expect(passing.status == 0)
    #expect(passing.output.contains("passes now"))
  }

  /// `--stop-on-failure` ends the run at its first failure (shrunk and
  /// reported, stop reason `first-failure`), so the passing property runs
  /// fewer than its cases; without a failure the run spends its budget.
  @Test func stopOnFailureEndsTheRunAtItsFirstFailureOnly() throws {
    func run(_ properties: [String]) throws -> (status: Int32, report: [String: Any]) {
      let out = FuzzExecutable.temporaryFolder()
      let result = try FuzzExecutable.fixture(
        ["run", "--seed", "3", "--cases", "3000", "--jobs", "1", "--out", out.path, "--no-corpus"]
          + properties.flatMap { ["--property", $0] } + ["--stop-on-failure"])
      return (result.status, try json(out.appendingPathComponent("report.json")))
    }
    func cases(_ report: [String: Any], _ name: String) -> Int? {
      (report["properties"] as? [[String: Any]])?.first { $0["name"] as? String == name }?[
        "cases"] as? Int
    }
    let failing = try run(["planted.pass", "planted.fail"])
    #expect(failing.status == 1)
    #expect(failing.report["stop_reason"] as? String == "first-failure")
    let failures = try #require(failing.report["failures"] as? [[String: Any]])
    #expect(failures.map { $0["property"] as? String } == ["planted.fail"])
    #expect(failures.first?["shrunk"] as? Bool == true)
    #expect((cases(failing.report, "planted.pass") ?? 0) < 3000)
    let passing = try run(["planted.pass"])
    #expect(passing.status == 0)
    #expect(passing.report["stop_reason"] as? String == "cases")
    #expect(cases(passing.report, "planted.pass") == 3000)
  }

  @Test func sameSeedAndShardSameCasesAndShardsMerge() throws {
    let folder = FuzzExecutable.temporaryFolder()
    func run(_ shard: String, _ name: String) throws -> [String: Any] {
      let out = folder.appendingPathComponent(name)
      let result = try FuzzExecutable.fixture([
        "run", "--property", "planted.pass", "--seed", "99", "--cases", "150", "--shard", shard,
        "--jobs", "2", "--out", out.path,
      ])
      #expect(result.status == 0, "\(result.error)")
      return try json(out.appendingPathComponent("report.json"))
    }
    func cases(_ report: [String: Any]) throws -> String {
      let properties = report["properties"] as? [[String: Any]] ?? []
      let stable = properties.map { property in
        property.filter { ["cases", "coverage", "histograms", "name"].contains($0.key) }
      }
      let data = try JSONSerialization.data(withJSONObject: stable, options: [.sortedKeys])
      return String(decoding: data, as: UTF8.self)
    }
    let first = try run("1/2", "a")
    let again = try run("1/2", "b")
    let second = try run("2/2", "c")
    #expect(try cases(first) == cases(again))
    #expect(try cases(first) != cases(second))
    #expect(first["shard"] as? String == "1/2")
    let merged = folder.appendingPathComponent("merged")
    let merge = try FuzzExecutable.fixture([
      "merge", folder.appendingPathComponent("a").path, folder.appendingPathComponent("c").path,
      "--out", merged.path,
    ])
    #expect(merge.status == 0, "\(merge.error)")
    let report = try json(merged.appendingPathComponent("report.json"))
    #expect(report["merged_shards"] as? [String] == ["1/2", "2/2"])
    let property = try #require((report["properties"] as? [[String: Any]])?.first)
    #expect(property["cases"] as? Int == 300)
    for name in reportFiles {
      #expect(FileManager.default.fileExists(atPath: merged.appendingPathComponent(name).path))
    }
    // The merged report's "Repeat:" runs every shard, with no placeholder.
    let summary = try String(
      contentsOf: merged.appendingPathComponent("summary.md"), encoding: .utf8)
    #expect(
      summary.contains("for shard in 1/2 2/2; do swift run -c release snapshot-fuzz-fixture run"))
    #expect(summary.contains("--shard \"$shard\""))
    #expect(!summary.contains("I/N"))
  }

  @Test func aHangingCaseTimesOutWithItsToken() throws {
    let out = FuzzExecutable.temporaryFolder()
    let result = try FuzzExecutable.fixture([
      "run", "--property", "planted.hang", "--seed", "1", "--cases", "500", "--jobs", "1",
      "--case-timeout", "1s", "--out", out.path, "--no-corpus",
    ])
    #expect(result.status == 1, "\(result.error)")
    let report = try json(out.appendingPathComponent("report.json"))
    let failure = try #require((report["failures"] as? [[String: Any]])?.first)
    #expect(failure["kind"] as? String == "timeout")
    let token = try #require(failure["token"] as? String)
    #expect(token.hasPrefix("planted.hang@v2.\(FuzzExecutable.ownCatalog):"))
    #expect(try FuzzExecutable.report(in: out).failures.first?.rule == .timeout)
    // The hung case's time counts, so cases/s is not inflated.
    let property = try #require((report["properties"] as? [[String: Any]])?.first)
    #expect((property["seconds"] as? Double ?? 0) >= 1)
    let rate = try #require(property["cases_per_second"] as? Double)
    let cases = try #require(property["cases"] as? Int)
    #expect(rate <= Double(cases + (property["discards"] as? Int ?? 0)))
  }

  /// A corpus that cannot be written: one line naming the file and the
  /// system's reason, the run goes on and its reports are written.
  @Test func aCorpusWriteFailureIsOneClearLine() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let file = folder.appendingPathComponent("file")
    try Data("x".utf8).write(to: file)
    let result = try FuzzExecutable.fixture([
      "run", "--property", "planted.fail", "--seed", "3", "--cases", "200", "--jobs", "1",
      "--out", folder.appendingPathComponent("out").path, "--corpus",
      file.appendingPathComponent("c").path, "--shrink-time", "5s",
    ])
    #expect(result.status == 1, "\(result.error)")
    let line = try #require(
      result.error.split(separator: "\n").first { $0.contains("no corpus entry") })
    #expect(line.contains("cannot write corpus entry (Not a directory)"))
    #expect(!result.error.contains("Error Domain"))
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/report.json").path))
  }

  @Test(arguments: [(SIGINT, "SIGINT", Int32(130)), (SIGTERM, "SIGTERM", Int32(143))])
  func aSignalStopsTheRunAndWritesCompleteReports(signal: Int32, name: String, status: Int32) throws
  {
    let out = FuzzExecutable.temporaryFolder().appendingPathComponent("out")
    let started = Date()
    let result = try FuzzExecutable.fixture(
      ["run", "--property", "planted.pass", "--duration", "5m", "--jobs", "1", "--out", out.path],
      interruptAfter: 2, signal: signal)
    #expect(Date().timeIntervalSince(started) < 60)
    #expect(result.status == status, "\(result.error)")
    #expect(result.error.contains(name))
    #expect(result.output.contains("interrupted (\(name))"))
    #expect(!result.output.contains("passed"))
    let report = try json(out.appendingPathComponent("report.json"))
    #expect(report["stop_reason"] as? String == "interrupted")
    for name in reportFiles {
      #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path))
    }
  }

  /// A planted property's failure never lands in the committed corpus
  /// (`Tests/Regressions`, `snapshot-fuzz`'s default), which `swift test`
  /// replays: the fixture has no default corpus, so a run with failures
  /// and no `--corpus` writes no entry anywhere.
  @Test func plantedFailuresStayOutOfTheCommittedCorpus() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let result = try FuzzExecutable.fixture(
      [
        "run", "--property", "planted.fail", "--property", "planted.trap", "--seed", "3",
        "--cases", "200", "--jobs", "1", "--out", "out", "--shrink-time", "5s",
      ],
      currentDirectory: folder)
    #expect(result.status == 1, "\(result.error)")
    #expect(try FuzzExecutable.report(in: folder.appendingPathComponent("out")).failures.count == 2)
    #expect(!result.error.contains("corpus entry"), "\(result.error)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out"])
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/report.json").path))
  }
}
