import Foundation
import SnapshotFuzzCommand
import Testing
import Verification

/// Bad usage exits 64 with the usage on standard error; malformed input
/// exits 65 with one line naming the problem; nothing is overwritten.
@Suite struct BadInputTests {
  @Test(arguments: [
    ["bogus"], ["--bogus"], ["run", "--bogus"], ["run", "--cases", "0"],
    ["run", "--duration", "10"],
    ["run", "--cases", "3", "--duration", "3s"], ["run", "--shard", "3/2"], ["run", "--jobs", "x"],
    ["run", "--seed", "-4"], ["replay"], ["merge"], ["list", "x"],
    ["run", "--property", "no.such"],
  ])
  func badUsageExits64(arguments: [String]) throws {
    let result = try FuzzExecutable.run(arguments)
    #expect(result.status == 64, "\(arguments): \(result.error)")
    #expect(result.error.hasPrefix("snapshot-fuzz: "))
    #expect(result.output.isEmpty)
  }

  @Test func usageIsPrintedOnStandardError() throws {
    let result = try FuzzExecutable.run(["run", "--bogus"])
    #expect(result.error.contains("unknown option '--bogus' for run"))
    #expect(result.error.contains("USAGE: snapshot-fuzz run"))
  }

  @Test func mutateBadUsageIsOneLineAndExit64() throws {
    for (arguments, message) in [
      (["mutate"], "mutate needs --target NAME"),
      (["mutate", "--target", "T", "--min-score", "x"], "--min-score wants a percentage"),
    ] {
      let result = try FuzzExecutable.run(arguments)
      #expect(result.status == 64)
      #expect(result.error.hasPrefix("snapshot-fuzz: \(message)"), "\(result.error)")
      #expect(result.error.contains("USAGE: snapshot-fuzz mutate --target NAME"))
      #expect(result.output.isEmpty)
    }
  }

  @Test func helpAndVersionExit0() throws {
    for arguments in [
      ["--help"], ["run", "--help"], ["replay", "--help"], ["merge", "--help"], ["list", "--help"],
      ["mutate", "--help"], ["--version"],
    ] {
      let result = try FuzzExecutable.run(arguments)
      #expect(result.status == 0)
      #expect(!result.output.isEmpty)
    }
  }

  /// A replay line of the fixture's is exit 65 with one line naming the
  /// problem, and runs nothing.
  private func expectRefused(_ token: String, _ reason: String) throws {
    let result = try FuzzExecutable.fixture(["replay", token])
    #expect(result.status == 65, "\(token): \(result.error)")
    #expect(result.error.split(separator: "\n").count == 1, "\(token): \(result.error)")
    #expect(result.error.contains(reason), "\(token): \(result.error)")
    #expect(result.output.isEmpty)
  }

  /// The planted trap's shrunk case, `[40, 40]`.
  private let trap = FuzzExecutable.token("planted.trap", [1, 40, 1, 40, 0])

  @Test func malformedTokensExit65() throws {
    let payload = trap.drop { $0 != "@" }
    try expectRefused("planted.trap@v2.\(FuzzExecutable.ownCatalog):!!", "cut or altered")
    try expectRefused("planted.trap@v7.\(FuzzExecutable.ownCatalog):AA", "version v7")
    try expectRefused("planted.trap@v1:ASgBKAA", "version v1 is not supported")
    try expectRefused("planted.trap@v2:ASgBKAA", "no catalog")
    try expectRefused("@" + payload.dropFirst(), "property name before '@' is empty")
    try expectRefused("planted.trap", "neither a replay token")
    try expectRefused(
      FuzzExecutable.token("no.such", [1, 40, 0]), "unknown property 'no.such'")
    // A payload altered whole (an overlong varint) or in one character.
    try expectRefused(
      "planted.trap@v2.\(FuzzExecutable.ownCatalog):gICAgICAgICAgICAgIA", "cut or altered")
    var altered = Array(trap)
    altered[altered.count - 6] = altered[altered.count - 6] == "A" ? "B" : "A"
    try expectRefused(String(altered), "cut or altered")
  }

  /// A token cut short by 1 to 8 characters (a copy that missed its end)
  /// is refused by its checksum, never replayed as another case.
  @Test(arguments: 1...8) func aCutTokenExits65(cut: Int) throws {
    try expectRefused(String(trap.dropLast(cut)), "cut or altered")
  }

  /// A token of another catalog (another implementation's, here one
  /// named by hand, and one of the fixture's own properties' catalog for
  /// a catalog property) is refused: it would replay on the wrong
  /// implementation.
  @Test func aTokenOfAnotherCatalogExits65() throws {
    let elsewhere = ReplayToken(
      property: "staged.diff.roundTrip", catalog: CatalogID(name: "another implementation"),
      choices: [0])
    try expectRefused(elsewhere.description, "belongs to another catalog")
    let own = ReplayToken(
      property: "twoBugs.full.differential", catalog: FuzzExecutable.ownCatalog, choices: [0])
    try expectRefused(own.description, "belongs to another catalog")
    let planted = ReplayToken(
      property: "planted.trap", catalog: CatalogID(name: "another implementation"),
      choices: [1, 40, 1, 40, 0])
    try expectRefused(planted.description, "belongs to another catalog")
    // And the fixture's token in `snapshot-fuzz`, which has no such property.
    let ours = try FuzzExecutable.run(["replay", trap])
    #expect(ours.status == 65)
    #expect(ours.error.contains("unknown property 'planted.trap'"))
  }

  @Test func malformedFilesExit65() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let cases: [(String, String, String)] = [
      ("broken.json", "{\"formatVersion\": 1,", "not valid JSON"),
      // Not JSON at all, whatever its first byte: still an entry by its
      // name, never taken for a raw crash file.
      ("x.json", "these are not the bytes of a corpus entry", "not valid JSON"),
      ("binary.json", "\u{1}\u{2}\u{3}", "not valid JSON"),
      ("wrong.json", "{\"formatVersion\": 1}", "malformed corpus entry"),
      (
        "stale.json", "{\"formatVersion\": 99, \"property\": \"planted.trap\", \"choices\": []}",
        "stale"
      ),
      ("failure.json", "{\"kind\": \"crash\", \"case_index\": 1}", "missing key 'property'"),
      ("crash-raw", "\u{1}\u{2}", "needs its property"),
    ]
    for (name, contents, expected) in cases {
      let file = folder.appendingPathComponent(name)
      try contents.write(to: file, atomically: true, encoding: .utf8)
      let result = try FuzzExecutable.fixture(["replay", file.path])
      #expect(result.status == 65, "\(name): \(result.error)")
      #expect(result.error.contains(expected), "\(name): \(result.error)")
      if name.hasSuffix(".json") { #expect(!result.error.contains("needs its property")) }
      #expect(result.error.split(separator: "\n").count == 1)
      #expect(try String(contentsOf: file, encoding: .utf8) == contents)
    }
    let missing = try FuzzExecutable.fixture([
      "replay", folder.appendingPathComponent("none.json").path,
    ])
    #expect(missing.status == 65)
  }

  /// A corpus folder holding a file that is not JSON: `replayCorpus`
  /// reports it by name as not valid JSON, and still replays the others.
  @Test func aNonJSONFileInACorpusIsNamedAsSuch() throws {
    let folder = FuzzExecutable.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("not json".utf8).write(to: folder.appendingPathComponent("x.json"))
    let passing = CorpusEntry(
      property: "planted.pass", choices: [1, 5, 0], script: nil, message: "", seed: nil,
      catalog: FuzzExecutable.ownCatalog)
    _ = try Corpus(directory: folder).write(passing)
    let verdicts = ContainedCheck(executable: FuzzExecutable.fixtureURL, jobs: 1)
      .replayCorpus(at: folder.path).verdicts
    #expect(verdicts.count == 2)
    let strange = try #require(verdicts.first { $0.name == "x.json" }?.problems.first)
    #expect(strange.hasPrefix("x.json: ") && strange.contains("not valid JSON"), "\(strange)")
    #expect(!strange.contains("needs its property"))
    #expect(
      verdicts.first { $0.name == passing.fileName }?.summary == "\(passing.fileName): passes")
  }

  @Test func malformedReportsExit65AndNothingIsWritten() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let good = folder.appendingPathComponent("good")
    let bad = folder.appendingPathComponent("bad")
    let out = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: bad, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    try "{\"schema\": 1, \"seed\": \"5\"".write(
      to: bad.appendingPathComponent("report.json"), atomically: true, encoding: .utf8)
    let sentinel = "keep me"
    try sentinel.write(
      to: out.appendingPathComponent("report.json"), atomically: true, encoding: .utf8)
    let run = try FuzzExecutable.fixture([
      "run", "--property", "planted.pass", "--cases", "5", "--seed", "5", "--jobs", "1", "--out",
      good.path, "--no-corpus",
    ])
    #expect(run.status == 0, "\(run.error)")
    for inputs in [
      [good.path, bad.path], [good.path, folder.appendingPathComponent("missing").path],
      [good.path, good.path],
    ] {
      let merge = try FuzzExecutable.fixture(["merge"] + inputs + ["--out", out.path])
      #expect(merge.status == 65, "\(merge.error)")
      #expect(merge.error.split(separator: "\n").count == 1)
      #expect(
        try String(contentsOf: out.appendingPathComponent("report.json"), encoding: .utf8)
          == sentinel)
      #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["report.json"])
    }
  }

  @Test func badRunFlagsLeaveTheOutputFolderAlone() throws {
    let out = FuzzExecutable.temporaryFolder()
    try "keep".write(
      to: out.appendingPathComponent("report.json"), atomically: true, encoding: .utf8)
    let result = try FuzzExecutable.run(["run", "--shard", "0/3", "--out", out.path])
    #expect(result.status == 64)
    #expect(
      try String(contentsOf: out.appendingPathComponent("report.json"), encoding: .utf8) == "keep")
  }
}
