import Foundation
import Generators
import Testing
import Verification

/// Distinct failure kinds through the fuzz command end to end: a property
/// with independent bugs reports each kind (each culprit) with its own
/// token, shrunk case, Swift test, failure file and corpus entry, the most
/// severe first; each token replays as its kind; `merge` keeps them; a
/// crash met while shrinking another kind is a kind of its own, blamed on
/// the call it trapped in. All through the fixture.
@Suite struct DistinctKindsRunTests {
  /// The recorded failures of the run in `out` (of `property`, if given).
  private func failures(in out: URL, of property: String? = nil) throws -> [FailureRecord] {
    try FuzzExecutable.report(in: out).failures.filter {
      property == nil || $0.property == property
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

  /// `fixture.twoKinds` (a user's executable): a trap in `pop()` and a
  /// wrong total in one property. Both are reported, the crash first, each
  /// with its own token, shrunk case, Swift test, failure file and corpus
  /// entry, in every report format; each token and each corpus entry
  /// replays its own kind (exit 1); `merge` of two shards keeps both.
  @Test func twoKindsOfOnePropertyRunReplayAndMerge() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let out = folder.appendingPathComponent("out")
    let corpus = folder.appendingPathComponent("corpus")
    let run = try FuzzExecutable.fixture([
      "run", "--property", "fixture.twoKinds", "--seed", "1", "--cases", "100", "--jobs", "2",
      "--out", out.path, "--corpus", corpus.path, "--shrink-time", "20s",
    ])
    #expect(run.status == 1, "\(run.error)")
    let found = try failures(in: out)
    try #require(found.map(\.kind) == [.crash, .failure], "\(run.output)")
    let (crash, wrong) = (found[0], found[1])
    #expect(crash.rule == .trap(in: "stack", "pop()"))
    #expect(crash.severity == .trap)
    #expect(crash.message.contains("fixture trap: popped 50"))
    #expect(list(in: crash.swiftCode) == [50])
    #expect(wrong.rule == FailureKind("total"))
    #expect(wrong.severity == .wrong)
    #expect(list(in: wrong.swiftCode) == [0, 0, 0, 0, 0])
    #expect(crash.token != wrong.token)
    #expect(crash.file != wrong.file)
    for failure in found {
      #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(failure.file).path))
    }
    // Every report format lists both, each under its heading with its
    // severity.
    let summary = try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8)
    #expect(summary.contains("## fixture.twoKinds: failure (total)"), "\(summary)")
    #expect(summary.contains("## fixture.twoKinds: crash ([trap] trap in stack: pop())"))
    #expect(summary.contains("- Severity: trap") && summary.contains("- Severity: wrong result"))
    let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
    #expect(html.contains("<h4 class=\"fail\">failure (total)</h4>"))
    #expect(
      html.contains("<li>Severity: trap</li>") && html.contains("<li>Severity: wrong result</li>"))
    let junit = try String(contentsOf: out.appendingPathComponent("junit.xml"), encoding: .utf8)
    #expect(junit.contains("kind: failure (total)\nseverity: wrong result"), "\(junit)")
    #expect(junit.contains("severity: trap"))
    for text in [summary, html, junit] {
      #expect(text.contains(crash.token) && text.contains(wrong.token))
    }
    // The console lists the two causes, each with its smallest case.
    #expect(run.output.contains("  2 causes (2 failures):"), "\(run.output)")
    #expect(run.output.contains("  - trap in stack: pop() [trap]: trapped (SIG"))
    #expect(run.output.contains("  - total [wrong result]: total is 1, expected 0"))
    #expect(run.output.contains(crash.token) && run.output.contains(wrong.token))
    // Each token replays its own kind.
    let replayCrash = try FuzzExecutable.fixture(["replay", crash.token])
    #expect(replayCrash.status == 1)
    #expect(replayCrash.output.contains("Result: CRASH: "), "\(replayCrash.output)")
    #expect(replayCrash.output.contains("- trap in stack: pop() [trap]: "))
    let replayWrong = try FuzzExecutable.fixture(["replay", wrong.token])
    #expect(replayWrong.status == 1)
    #expect(replayWrong.output.contains("- total [wrong result]: total is 1, expected 0"))
    // Two corpus entries, each replaying its own kind.
    let entries = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
    #expect(entries.count == 2)
    var kinds: [String] = []
    for entry in entries {
      let replay = try FuzzExecutable.fixture(["replay", corpus.appendingPathComponent(entry).path])
      #expect(replay.status == 1)
      kinds.append(replay.output.contains("Result: CRASH") ? "crash" : "failure")
    }
    #expect(kinds.sorted() == ["crash", "failure"])
    // The shards of one run merge into a report keeping both kinds.
    for shard in ["1/2", "2/2"] {
      let result = try FuzzExecutable.fixture([
        "run", "--property", "fixture.twoKinds", "--seed", "1", "--cases", "100", "--jobs", "1",
        "--shard", shard, "--out", folder.appendingPathComponent("shard\(shard.prefix(1))").path,
        "--no-corpus", "--shrink-time", "20s",
      ])
      #expect(result.status == 1, "\(result.error)")
    }
    let merged = folder.appendingPathComponent("merged")
    let merge = try FuzzExecutable.fixture([
      "merge", folder.appendingPathComponent("shard1").path,
      folder.appendingPathComponent("shard2").path, "--out", merged.path,
    ])
    #expect(merge.status == 1, "\(merge.error)")
    let kept = try failures(in: merged)
    #expect(kept.first?.kind == .crash)
    #expect(Set(kept.map(\.kind)) == [.crash, .failure])
    #expect(kept.contains { $0.rule == FailureKind("total") })
  }

  /// `planted.shrinkTrap`: shrinking its wrong sum passes through
  /// candidates that trap (a total of exactly 101, in `TrappingSum.run`).
  /// The run keeps shrinking the wrong sum around them and reports the
  /// trap as its own crash kind, blamed on that call, shrunk on its own,
  /// found at the wrong sum's case.
  @Test func aCrashMetWhileShrinkingIsItsOwnKind() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let out = folder.appendingPathComponent("out")
    let run = try FuzzExecutable.fixture([
      "run", "--property", "planted.shrinkTrap", "--seed", "2", "--cases", "200", "--jobs", "2",
      "--out", out.path, "--corpus", folder.appendingPathComponent("corpus").path,
      "--shrink-time", "30s",
    ])
    #expect(run.status == 1, "\(run.error)")
    // The run's cases met only the wrong sum (no worker died during one):
    // the trap came from shrinking.
    #expect(!run.error.contains("during case"))
    #expect(run.error.contains("a candidate crashed while shrinking sum: "), "\(run.error)")
    let found = try failures(in: out)
    try #require(found.map(\.kind) == [.crash, .failure], "\(run.error)")
    let (crash, wrong) = (found[0], found[1])
    #expect(crash.rule == .trap(in: "TrappingSum", "run(_:)"))
    #expect(crash.message.contains("planted trap: total 101"))
    #expect(list(in: crash.swiftCode)?.reduce(0, +) == 101)
    // The wrong sum shrank around the trapping candidates, not into them.
    let total = try #require(list(in: wrong.swiftCode)?.reduce(0, +))
    #expect(total == 102)
    #expect(wrong.rule == FailureKind("sum"))
    #expect(wrong.message == "sum is 103, expected 102")
    #expect(wrong.caseIndex == 22)
    #expect(crash.caseIndex == wrong.caseIndex)
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: folder.appendingPathComponent("corpus").path
      ).count == 2)
    let replayCrash = try FuzzExecutable.fixture(["replay", crash.token])
    #expect(replayCrash.status == 1)
    #expect(replayCrash.output.contains("Result: CRASH"))
    #expect(replayCrash.output.contains("- trap in TrappingSum: run(_:) [trap]: "))
    let replayWrong = try FuzzExecutable.fixture(["replay", wrong.token])
    #expect(replayWrong.status == 1)
    #expect(replayWrong.output.contains("Result: FAIL"))
    #expect(replayWrong.output.contains("- sum [wrong result]: sum is 103, expected 102"))
  }

  /// `planted.twoTraps`: shrinking a crash passes through candidates that
  /// trap in the other call. Each crash keeps its own call: the high value
  /// (in `checkValues(_:)`) shrinks to `[50]`, never into a total over 100
  /// without one (in `checkTotal(_:)`).
  @Test func aCrashKeepsItsTrapWhileShrinking() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let out = folder.appendingPathComponent("out")
    let run = try FuzzExecutable.fixture([
      "run", "--property", "planted.twoTraps", "--seed", "1", "--cases", "100", "--jobs", "1",
      "--out", out.path, "--no-corpus", "--shrink-time", "30s",
    ])
    #expect(run.status == 1, "\(run.error)")
    let found = try failures(in: out)
    #expect(found.map(\.kind) == [.crash, .crash], "\(run.error)")
    let high = try #require(
      found.first { $0.rule == .trap(in: "TwoTraps", "checkValues(_:)") }, "\(run.error)")
    #expect(high.message.contains("a high value"))
    #expect(list(in: high.swiftCode) == [50])
    let total = try #require(found.first { $0.rule == .trap(in: "TwoTraps", "checkTotal(_:)") })
    #expect(total.message.contains("a total over 100"))
    let values = try #require(list(in: total.swiftCode))
    #expect(values.allSatisfy { $0 < 50 } && values.reduce(0, +) > 100, "\(values)")
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
    let run = try FuzzExecutable.fixture(arguments, environment: ["DIFFABLE_KINDS": "1"])
    #expect(run.status == 1, "\(run.error)")
    #expect(
      run.error.contains("Repeat: DIFFABLE_KINDS=1 swift run -c release snapshot-fuzz-fixture run"))
    #expect(!run.error.contains("shrinking it as its own failure"))
    let found = try failures(in: out)
    #expect(found.map(\.kind) == [.failure])
    #expect(found.first?.message == "sum is 103, expected 102")
    let bad = try FuzzExecutable.fixture(arguments, environment: ["DIFFABLE_KINDS": "0"])
    #expect(bad.status == 64)
    #expect(
      bad.error
        == "snapshot-fuzz-fixture: DIFFABLE_KINDS='0' is invalid: expected a positive integer\n")
  }

  /// The staged differ with a stage-data repeat and identity loss, and the
  /// full snapshot with two independent bugs, through `run` (the fixture
  /// runs them as `staged.diff.roundTrip` and
  /// `twoBugs.full.differential`): on every one of 10 seeds the staged
  /// differ reports the UIKit-raising repeat first and identity loss too,
  /// and the full snapshot both its `appendItems` and its
  /// `deleteAllItems` bug, each blamed on its call.
  @Test(arguments: 1...10) func bothBugsOnEverySeedThroughRun(seed: Int) throws {
    let out = FuzzExecutable.temporaryFolder().appendingPathComponent("out")
    let run = try FuzzExecutable.fixture([
      "run", "--property", "staged.diff.roundTrip", "--property", "twoBugs.full.differential",
      "--seed", "\(seed)", "--cases", "200", "--jobs", "1", "--out", out.path, "--no-corpus",
      "--shrink-time", "20s",
    ])
    #expect(run.status == 1, "\(run.error)")
    let staged = try failures(in: out, of: "staged.diff.roundTrip")
    #expect(
      staged.first?.rule
        == FailureKind(.differ(rule: "batch rule repeatedItemInData"), severity: .raises),
      "\(run.output)")
    #expect(staged.first?.severity == .raises)
    #expect(staged.contains { $0.rule?.culprit == .differ(rule: "identity") }, "\(run.output)")
    let full = try failures(in: out, of: "twoBugs.full.differential")
    let culprits = full.compactMap(\.rule?.culprit)
    #expect(
      culprits.contains(.call(part: "snapshot", operation: "appendItems(_:toSection:)")),
      "\(run.output)")
    #expect(culprits.contains(.call(part: "snapshot", operation: "deleteAllItems()")))
    for failures in [staged, full] {
      #expect(Set(failures.map(\.token)).count == failures.count)
    }
    // Each staged kind's token replays as that kind.
    for failure in staged {
      let rule = try #require(failure.rule)
      let replay = try FuzzExecutable.fixture(["replay", failure.token])
      #expect(replay.status == 1)
      #expect(
        replay.output.contains("- \(rule.culprit) [\(rule.severity.label)]: "), "\(replay.output)")
    }
  }
}
