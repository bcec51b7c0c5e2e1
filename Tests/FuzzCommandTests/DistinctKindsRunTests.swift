import Foundation
import Testing

/// Distinct failure kinds through the fuzz command end to end (issue 18
/// items 3 and 5): a property with independent bugs reports each kind with
/// its own token, shrunk case, Swift test, failure file and corpus entry,
/// the most severe first; each token replays as its kind; `merge` keeps
/// them; a crash met while shrinking another kind is a kind of its own.
@Suite struct DistinctKindsRunTests {
  private struct Failure {
    var kind: String
    var rule: String
    var severity: String
    var token: String
    var caseIndex: Int
    var message: String
    var swiftCode: String
    var file: String
  }

  private func failures(in out: URL, of property: String? = nil) throws -> [Failure] {
    let data = try Data(contentsOf: out.appendingPathComponent("report.json"))
    let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let entries = try #require(report["failures"] as? [[String: Any]])
    return entries.filter { property == nil || $0["property"] as? String == property }.map {
      Failure(
        kind: $0["kind"] as? String ?? "",
        rule: ($0["rule"] as? [String: Any])?["name"] as? String ?? "",
        severity: $0["severity"] as? String ?? "", token: $0["token"] as? String ?? "",
        caseIndex: $0["case_index"] as? Int ?? -1, message: $0["message"] as? String ?? "",
        swiftCode: $0["swift_code"] as? String ?? "", file: $0["file"] as? String ?? "")
    }
  }

  /// The list a rendered fixture or planted test names, e.g. `[50]` in
  /// `// push, total and pop [50]`.
  private func list(in code: String) -> [Int]? {
    guard let open = code.lastIndex(of: "["), let close = code[open...].firstIndex(of: "]")
    else { return nil }
    let inner = code[code.index(after: open)..<close]
    return inner.isEmpty
      ? [] : inner.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) ?? -1 }
  }

  private func fixture(_ arguments: [String]) throws -> FuzzExecutable.Result {
    try FuzzExecutable.run(arguments, executable: FuzzExecutable.fixtureURL)
  }

  /// `fixture.twoKinds` (a user's executable): a trap and a wrong total in
  /// one property. Both are reported, the crash first, each with its own
  /// token, shrunk case, Swift test, failure file and corpus entry, in
  /// every report format; each token and each corpus entry replays its own
  /// kind (exit 1); `merge` of two shards keeps both.
  @Test func twoKindsOfOnePropertyRunReplayAndMerge() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let out = folder.appendingPathComponent("out")
    let corpus = folder.appendingPathComponent("corpus")
    let run = try fixture([
      "run", "--property", "fixture.twoKinds", "--seed", "1", "--cases", "100", "--jobs", "2",
      "--out", out.path, "--corpus", corpus.path, "--shrink-time", "20s",
    ])
    #expect(run.status == 1, "\(run.error)")
    let found = try failures(in: out)
    try #require(found.map(\.kind) == ["crash", "failure"], "\(run.output)")
    let (crash, wrong) = (found[0], found[1])
    #expect(crash.severity == "trap")
    #expect(crash.rule.hasPrefix("trap: "))
    #expect(crash.message.contains("fixture trap: popped 50"))
    #expect(list(in: crash.swiftCode) == [50])
    #expect(wrong.severity == "wrong result")
    #expect(wrong.rule == "total is #, expected #")
    #expect(list(in: wrong.swiftCode) == [0, 0, 0, 0, 0])
    #expect(crash.token != wrong.token)
    #expect(crash.file != wrong.file)
    for failure in found {
      #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(failure.file).path))
    }
    // Every report format lists both, each under its heading with its
    // severity.
    let summary = try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8)
    #expect(summary.contains("## fixture.twoKinds: failure (total is #, expected #)"))
    #expect(summary.contains("## fixture.twoKinds: crash (trap: "))
    #expect(summary.contains("- Severity: trap") && summary.contains("- Severity: wrong result"))
    let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
    #expect(html.contains("<h4 class=\"fail\">failure (total is #, expected #)</h4>"))
    #expect(
      html.contains("<li>Severity: trap</li>") && html.contains("<li>Severity: wrong result</li>"))
    let junit = try String(contentsOf: out.appendingPathComponent("junit.xml"), encoding: .utf8)
    #expect(junit.contains("kind: failure (total is #, expected #)\nseverity: wrong result"))
    #expect(junit.contains("severity: trap"))
    for text in [summary, html, junit, run.output] {
      #expect(text.contains(crash.token) && text.contains(wrong.token))
    }
    #expect(run.output.contains("  fixture.twoKinds crash: "))
    #expect(
      run.output.contains("  fixture.twoKinds failure (total is #, expected #, wrong result): "))
    // Each token replays its own kind.
    let replayCrash = try fixture(["replay", crash.token])
    #expect(replayCrash.status == 1)
    #expect(
      replayCrash.output.contains("Result: CRASH: ")
        && replayCrash.output.contains("Kind: crash (trap: "))
    let replayWrong = try fixture(["replay", wrong.token])
    #expect(replayWrong.status == 1)
    #expect(replayWrong.output.contains("Kind: failure (total is #, expected #)"))
    // Two corpus entries, each replaying its own kind.
    let entries = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
    #expect(entries.count == 2)
    var kinds: [String] = []
    for entry in entries {
      let replay = try fixture(["replay", corpus.appendingPathComponent(entry).path])
      #expect(replay.status == 1)
      kinds.append(replay.output.contains("Result: CRASH") ? "crash" : "failure")
    }
    #expect(kinds.sorted() == ["crash", "failure"])
    // The shards of one run merge into a report keeping both kinds.
    for shard in ["1/2", "2/2"] {
      let result = try fixture([
        "run", "--property", "fixture.twoKinds", "--seed", "1", "--cases", "100", "--jobs", "1",
        "--shard", shard, "--out", folder.appendingPathComponent("shard\(shard.prefix(1))").path,
        "--no-corpus", "--shrink-time", "20s",
      ])
      #expect(result.status == 1, "\(result.error)")
    }
    let merged = folder.appendingPathComponent("merged")
    let merge = try fixture([
      "merge", folder.appendingPathComponent("shard1").path,
      folder.appendingPathComponent("shard2").path, "--out", merged.path,
    ])
    #expect(merge.status == 1, "\(merge.error)")
    let kept = try failures(in: merged)
    #expect(kept.first?.kind == "crash")
    #expect(Set(kept.map(\.kind)) == ["crash", "failure"])
    #expect(kept.contains { $0.rule == "total is #, expected #" })
  }

  /// `planted.shrinkTrap`: shrinking its wrong sum passes through
  /// candidates that trap (a total of exactly 101). The run keeps
  /// shrinking the wrong sum around them and reports the trap as its own
  /// crash kind, shrunk on its own, found at the wrong sum's case.
  @Test func aCrashMetWhileShrinkingIsItsOwnKind() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let out = folder.appendingPathComponent("out")
    let run = try FuzzExecutable.run(
      [
        "run", "--property", "planted.shrinkTrap", "--seed", "2", "--cases", "200", "--jobs", "2",
        "--out", out.path, "--corpus", folder.appendingPathComponent("corpus").path,
        "--shrink-time", "30s",
      ],
      planted: true)
    #expect(run.status == 1, "\(run.error)")
    // The run's cases met only the wrong sum (no worker died during one):
    // the trap came from shrinking.
    #expect(!run.error.contains("during case"))
    #expect(run.error.contains("a candidate crashed while shrinking sum is #, expected #"))
    let found = try failures(in: out)
    try #require(found.map(\.kind) == ["crash", "failure"], "\(run.error)")
    let (crash, wrong) = (found[0], found[1])
    #expect(crash.message.contains("planted trap: total 101"))
    #expect(list(in: crash.swiftCode)?.reduce(0, +) == 101)
    // The wrong sum shrank around the trapping candidates, not into them.
    let total = try #require(list(in: wrong.swiftCode)?.reduce(0, +))
    #expect(total == 102)
    #expect(wrong.message == "sum is 103, expected 102")
    #expect(wrong.caseIndex == 22)
    #expect(crash.caseIndex == wrong.caseIndex)
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: folder.appendingPathComponent("corpus").path
      ).count == 2)
    let replayCrash = try FuzzExecutable.run(["replay", crash.token], planted: true)
    #expect(replayCrash.status == 1)
    #expect(replayCrash.output.contains("Result: CRASH"))
    let replayWrong = try FuzzExecutable.run(["replay", wrong.token], planted: true)
    #expect(replayWrong.status == 1)
    #expect(replayWrong.output.contains("Result: FAIL: sum is 103, expected 102"))
  }

  /// `planted.twoTraps`: shrinking a crash passes through candidates that
  /// trap the other way. Each crash keeps its own trap: the high value
  /// shrinks to `[50]`, never into a total over 100 without one.
  @Test func aCrashKeepsItsTrapWhileShrinking() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let out = folder.appendingPathComponent("out")
    let run = try FuzzExecutable.run(
      [
        "run", "--property", "planted.twoTraps", "--seed", "1", "--cases", "100", "--jobs", "1",
        "--out", out.path, "--no-corpus", "--shrink-time", "30s",
      ],
      planted: true)
    #expect(run.status == 1, "\(run.error)")
    let found = try failures(in: out)
    #expect(found.map(\.kind) == ["crash", "crash"], "\(run.error)")
    let high = try #require(found.first { $0.message.contains("a high value") }, "\(run.error)")
    #expect(list(in: high.swiftCode) == [50])
    let total = try #require(found.first { $0.message.contains("a total over 100") })
    let values = try #require(list(in: total.swiftCode))
    #expect(values.allSatisfy { $0 < 50 } && values.reduce(0, +) > 100, "\(values)")
    #expect(high.rule != total.rule)
  }

  /// With one kind allowed (`DIFFABLE_KINDS=1`, which the repeat line
  /// keeps), the trap met while shrinking is not recorded: the wrong sum
  /// is still shrunk around it. A bad value is a usage error.
  @Test func theKindBudgetBoundsCrashesMetWhileShrinking() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let out = folder.appendingPathComponent("out")
    let arguments = [
      "run", "--property", "planted.shrinkTrap", "--seed", "2", "--cases", "200", "--jobs", "2",
      "--out", out.path, "--no-corpus", "--shrink-time", "30s",
    ]
    let run = try FuzzExecutable.run(
      arguments, planted: true, environment: ["DIFFABLE_KINDS": "1"])
    #expect(run.status == 1, "\(run.error)")
    #expect(run.error.contains("Repeat: DIFFABLE_PLANTED=1 DIFFABLE_KINDS=1 swift run"))
    #expect(!run.error.contains("shrinking it as its own failure"))
    let found = try failures(in: out)
    #expect(found.map(\.kind) == ["failure"])
    #expect(found.first?.message == "sum is 103, expected 102")
    let bad = try FuzzExecutable.run(
      arguments, planted: true, environment: ["DIFFABLE_KINDS": "0"])
    #expect(bad.status == 64)
    #expect(
      bad.error
        == "snapshot-fuzz: DIFFABLE_KINDS='0' is invalid: expected a positive integer\n")
  }

  /// The staged differ with a stage-data repeat and identity loss, and the
  /// full snapshot with two independent bugs, through `run` (the fixture
  /// runs them as `staged.diff.roundTrip` and
  /// `twoBugs.full.differential`): on every one of 10 seeds the staged
  /// differ reports the UIKit-raising repeat first and identity loss too,
  /// and the full snapshot both its `appendItems` and its
  /// `deleteAllItems` bug.
  @Test(arguments: 1...10) func bothBugsOnEverySeedThroughRun(seed: Int) throws {
    let out = FuzzExecutable.temporaryFolder().appendingPathComponent("out")
    let run = try fixture([
      "run", "--property", "staged.diff.roundTrip", "--property", "twoBugs.full.differential",
      "--seed", "\(seed)", "--cases", "200", "--jobs", "1", "--out", out.path, "--no-corpus",
      "--shrink-time", "20s",
    ])
    #expect(run.status == 1, "\(run.error)")
    let staged = try failures(in: out, of: "staged.diff.roundTrip")
    #expect(staged.first?.rule == "batch violation: repeatedItemInData", "\(run.output)")
    #expect(staged.first?.severity == "UIKit raises")
    #expect(staged.contains { $0.rule == "identity loss" }, "\(run.output)")
    let full = try failures(in: out, of: "twoBugs.full.differential")
    #expect(full.contains { $0.message.contains("appendItems") }, "\(run.output)")
    #expect(full.contains { $0.message.contains("deleteAllItems") }, "\(run.output)")
    for failures in [staged, full] {
      #expect(Set(failures.map(\.token)).count == failures.count)
    }
    // Each staged kind's token replays as that kind.
    for failure in staged {
      let replay = try fixture(["replay", failure.token])
      #expect(replay.status == 1)
      #expect(replay.output.contains("Kind: failure (\(failure.rule)"), "\(replay.output)")
    }
  }
}
