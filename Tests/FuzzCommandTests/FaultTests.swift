import Foundation
import Testing

/// The faults a long run meets outside the code under test: workers killed
/// from outside, a killed supervisor, reports that cannot be written, and
/// the nondeterminism of several workers. Each test shows nothing is lost.
/// All run the fixture, whose planted properties exercise the command.
@Suite struct FaultTests {
  private func json(_ url: URL) throws -> [String: Any] {
    let data = try Data(contentsOf: url)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  private func property(_ report: [String: Any], _ name: String) throws -> [String: Any] {
    let properties = try #require(report["properties"] as? [[String: Any]])
    return try #require(properties.first { $0["name"] as? String == name })
  }

  /// Starts the fixture with `arguments`, its output going to files in
  /// `folder`.
  private func start(_ arguments: [String], in folder: URL) throws -> Process {
    let process = Process()
    process.executableURL = FuzzExecutable.fixtureURL
    process.arguments = arguments
    _ = FileManager.default.createFile(
      atPath: folder.appendingPathComponent("stdout").path, contents: nil)
    _ = FileManager.default.createFile(
      atPath: folder.appendingPathComponent("stderr").path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: folder.appendingPathComponent("stdout"))
    process.standardError = try FileHandle(forWritingTo: folder.appendingPathComponent("stderr"))
    try process.run()
    return process
  }

  /// Kills one worker of a run with `SIGKILL` once it has started, then
  /// waits for the run to end.
  private func runKillingAWorker(property: String, cases: Int) throws -> (Process, URL) {
    let folder = FuzzExecutable.temporaryFolder()
    let out = folder.appendingPathComponent("out")
    let corpus = folder.appendingPathComponent("corpus")
    let process = try start(
      [
        "run", "--property", property, "--seed", "5", "--cases", String(cases), "--jobs", "1",
        "--out", out.path, "--corpus", corpus.path,
      ],
      in: folder)
    var worker: Int32?
    #expect(
      FuzzExecutable.wait(seconds: 30) {
        worker = FuzzExecutable.children(of: process.processIdentifier).first
        return worker != nil
      })
    Thread.sleep(forTimeInterval: 1.5)
    if let worker { kill(worker, SIGKILL) }
    process.waitUntilExit()
    return (process, folder)
  }

  /// A worker killed during a case: the case is retried in a fresh worker,
  /// passes, and is counted as killed; the run passes with every case
  /// checked and writes no corpus entry.
  @Test func aWorkerKilledDuringACaseIsRetriedAndCountedAsKilled() throws {
    let (process, folder) = try runKillingAWorker(property: "planted.slowCheck", cases: 20)
    let errors = try String(contentsOf: folder.appendingPathComponent("stderr"), encoding: .utf8)
    #expect(process.terminationStatus == 0, "\(errors)")
    #expect(errors.contains("killed (SIGKILL) during case"))
    let report = try json(folder.appendingPathComponent("out/report.json"))
    let slow = try property(report, "planted.slowCheck")
    #expect(slow["killed"] as? Int == 1)
    #expect(slow["failures"] as? Int == 0)
    #expect(slow["cases"] as? Int == 19)
    #expect((report["failures"] as? [Any])?.isEmpty == true)
    let corpus = folder.appendingPathComponent("corpus").path
    #expect(((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []).isEmpty)
  }

  /// A worker killed between cases: nothing is failed or killed, its
  /// remaining cases run in a new worker.
  @Test func aWorkerKilledBetweenCasesCostsNothing() throws {
    let (process, folder) = try runKillingAWorker(property: "planted.slowGenerate", cases: 20)
    let errors = try String(contentsOf: folder.appendingPathComponent("stderr"), encoding: .utf8)
    #expect(process.terminationStatus == 0, "\(errors)")
    #expect(errors.contains("between cases of planted.slowGenerate"))
    let report = try json(folder.appendingPathComponent("out/report.json"))
    let slow = try property(report, "planted.slowGenerate")
    #expect(slow["cases"] as? Int == 20)
    #expect(slow["killed"] as? Int == 0)
    #expect(slow["failures"] as? Int == 0)
    let junit = try String(
      contentsOf: folder.appendingPathComponent("out/junit.xml"), encoding: .utf8)
    #expect(junit.contains("failures=\"0\""))
  }

  /// A supervisor killed with `SIGKILL`: its workers exit on their own,
  /// and the previous report set in `--out` stays as it was.
  @Test func aKilledSupervisorTakesItsWorkersAndKeepsThePreviousReports() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let out = folder.appendingPathComponent("out")
    let first = try FuzzExecutable.fixture([
      "run", "--property", "planted.pass", "--seed", "1", "--cases", "20", "--jobs", "1", "--out",
      out.path,
    ])
    #expect(first.status == 0, "\(first.error)")
    let before = try Data(contentsOf: out.appendingPathComponent("report.json"))
    let process = try start(
      [
        "run", "--property", "planted.slowCheck", "--duration", "5m", "--jobs", "2", "--out",
        out.path,
      ],
      in: folder)
    var workers: [Int32] = []
    #expect(
      FuzzExecutable.wait(seconds: 30) {
        workers = FuzzExecutable.children(of: process.processIdentifier)
        return workers.count == 2
      })
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(FuzzExecutable.wait(seconds: 10) { !workers.contains(where: FuzzExecutable.isAlive) })
    #expect(try Data(contentsOf: out.appendingPathComponent("report.json")) == before)
    let summary = try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8)
    #expect(summary.contains("planted.pass"))
    #expect(!summary.contains("planted.slowCheck"))
  }

  /// A run whose reports cannot be written (a write failure the fixture
  /// injects, as on a full disk) exits 74 and leaves the previous set
  /// whole: its report, its failure entries, and nothing of the new run.
  @Test func aFailedWriteKeepsThePreviousReportSet() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let out = folder.appendingPathComponent("out")
    let first = try FuzzExecutable.fixture([
      "run", "--property", "planted.fail", "--seed", "3", "--cases", "200", "--jobs", "1",
      "--out", out.path, "--no-corpus",
    ])
    #expect(first.status == 1, "\(first.error)")
    let before = try Data(contentsOf: out.appendingPathComponent("report.json"))
    let entries = try FileManager.default.contentsOfDirectory(
      atPath: out.appendingPathComponent("failures").path)
    #expect(entries.count == 1)
    let second = try FuzzExecutable.fixture(
      [
        "run", "--property", "planted.pass", "--seed", "4", "--cases", "20", "--jobs", "1", "--out",
        out.path,
      ],
      environment: [FuzzExecutable.faultVariable: "report-write"])
    #expect(second.status == 74)
    #expect(second.error.contains("injected fault"))
    #expect(second.error.contains("keeps its previous reports"))
    #expect(try Data(contentsOf: out.appendingPathComponent("report.json")) == before)
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: out.appendingPathComponent("failures").path) == entries)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasPrefix(".")
    }
    #expect(leftovers.isEmpty)
  }

  /// `--out` is checked before the first case: a path that cannot be a
  /// folder is exit 74 at once, a folder of other files exit 64, and an
  /// empty `--out=` is bad usage.
  @Test func anUnusableOutIsRefusedBeforeTheFirstCase() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let file = folder.appendingPathComponent("file")
    try Data("x".utf8).write(to: file)
    let blocked = try FuzzExecutable.fixture([
      "run", "--property", "planted.pass", "--cases", "5", "--out",
      file.appendingPathComponent("out").path,
    ])
    #expect(blocked.status == 74)
    #expect(blocked.error.contains("cannot write reports"))
    #expect(!blocked.error.contains("Repeat:"))
    let foreign = try FuzzExecutable.fixture(
      ["run", "--property", "planted.pass", "--cases", "5", "--out", folder.path])
    #expect(foreign.status == 64)
    #expect(foreign.error.contains("not part of a report set"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["file"])
    let empty = try FuzzExecutable.fixture(["run", "--out=", "--cases", "5"])
    #expect(empty.status == 64)
  }

  /// With two workers, the recorded failure is the lowest failing case
  /// index, as with one: the token is the same in every run.
  @Test func theRecordedFailureIsTheLowestFailingCaseWithAnyJobs() throws {
    func failure(jobs: Int) throws -> (index: Int, token: String) {
      let out = FuzzExecutable.temporaryFolder().appendingPathComponent("out")
      let result = try FuzzExecutable.fixture([
        "run", "--property", "planted.fail", "--seed", "21", "--cases", "300", "--jobs",
        String(jobs), "--out", out.path, "--no-corpus", "--shrink-time", "5s",
      ])
      #expect(result.status == 1, "\(result.error)")
      let report = try json(out.appendingPathComponent("report.json"))
      let record = try #require((report["failures"] as? [[String: Any]])?.first)
      return (
        try #require(record["case_index"] as? Int),
        try #require(record["original_token"] as? String)
      )
    }
    let one = try failure(jobs: 1)
    for _ in 0..<2 {
      let two = try failure(jobs: 2)
      #expect(two.index == one.index)
      #expect(two.token == one.token)
    }
  }

  /// The "Repeat:" line carries every flag that chose the cases and the
  /// environment that changes the failures kept (`DIFFABLE_KINDS`), in the
  /// output and in the reports.
  @Test func theRepeatLineReproducesTheRun() throws {
    let out = FuzzExecutable.temporaryFolder().appendingPathComponent("out")
    let result = try FuzzExecutable.fixture(
      [
        "run", "--property", "planted.pass", "--seed", "9", "--cases", "30", "--jobs", "1",
        "--shard", "2/3", "--case-timeout", "10s", "--out", out.path,
      ],
      environment: ["DIFFABLE_KINDS": "2"])
    #expect(result.status == 0, "\(result.error)")
    let expected =
      "DIFFABLE_KINDS=2 swift run -c release snapshot-fuzz-fixture run --property planted.pass "
      + "--seed 9 --cases 30 --jobs 1 --shard 2/3 --case-timeout 10s"
    #expect(result.error.contains("Repeat: \(expected)"))
    let summary = try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8)
    #expect(summary.contains(expected))
    #expect(try json(out.appendingPathComponent("report.json"))["command"] as? String == expected)
  }

  /// A hang during replay is a timeout, cut short by `--case-timeout`.
  @Test func aHangDuringReplayIsATimeout() throws {
    let started = Date()
    let result = try FuzzExecutable.fixture(
      ["replay", FuzzExecutable.token("planted.hang", [1, 60, 0]), "--case-timeout", "1s"])
    #expect(Date().timeIntervalSince(started) < 30)
    #expect(result.status == 1)
    #expect(result.output.contains("Result: TIMEOUT"))
    #expect(!result.output.contains("CRASH"))
  }
}
