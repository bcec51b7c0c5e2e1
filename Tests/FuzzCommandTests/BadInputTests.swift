import Foundation
import Testing

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
    let result = try FuzzExecutable.run(arguments, planted: true)
    #expect(result.status == 64, "\(arguments): \(result.error)")
    #expect(result.error.hasPrefix("snapshot-fuzz: "))
    #expect(result.output.isEmpty)
  }

  @Test func usageIsPrintedOnStandardError() throws {
    let result = try FuzzExecutable.run(["run", "--bogus"])
    #expect(result.error.contains("unknown option '--bogus' for run"))
    #expect(result.error.contains("USAGE: snapshot-fuzz run"))
  }

  @Test func helpAndVersionExit0() throws {
    for arguments in [
      ["--help"], ["run", "--help"], ["replay", "--help"], ["merge", "--help"], ["list", "--help"],
      ["--version"],
    ] {
      let result = try FuzzExecutable.run(arguments)
      #expect(result.status == 0)
      #expect(!result.output.isEmpty)
    }
  }

  @Test(arguments: [
    "planted.trap@v1:!!", "planted.trap@v7:AA", "no.such@v1:AA", "@v1:AA", "planted.trap",
    "planted.trap@v1:gICAgICAgICAgICAgIA",
  ])
  func malformedTokensExit65(token: String) throws {
    let result = try FuzzExecutable.run(["replay", token], planted: true)
    #expect(result.status == 65, "\(token): \(result.error)")
    #expect(result.error.split(separator: "\n").count == 1)
    #expect(result.output.isEmpty)
  }

  @Test func malformedFilesExit65() throws {
    let folder = FuzzExecutable.temporaryFolder()
    let cases: [(String, String, String)] = [
      ("broken.json", "{\"formatVersion\": 1,", "not valid JSON"),
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
      let result = try FuzzExecutable.run(["replay", file.path], planted: true)
      #expect(result.status == 65, "\(name): \(result.error)")
      #expect(result.error.contains(expected), "\(name): \(result.error)")
      #expect(result.error.split(separator: "\n").count == 1)
      #expect(try String(contentsOf: file, encoding: .utf8) == contents)
    }
    let missing = try FuzzExecutable.run([
      "replay", folder.appendingPathComponent("none.json").path,
    ])
    #expect(missing.status == 65)
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
    let run = try FuzzExecutable.run(
      [
        "run", "--property", "planted.pass", "--cases", "5", "--seed", "5", "--jobs", "1", "--out",
        good.path, "--no-corpus",
      ],
      planted: true)
    #expect(run.status == 0, "\(run.error)")
    for inputs in [
      [good.path, bad.path], [good.path, folder.appendingPathComponent("missing").path],
      [good.path, good.path],
    ] {
      let merge = try FuzzExecutable.run(["merge"] + inputs + ["--out", out.path])
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
    let result = try FuzzExecutable.run(
      ["run", "--shard", "0/3", "--out", out.path], planted: true)
    #expect(result.status == 64)
    #expect(
      try String(contentsOf: out.appendingPathComponent("report.json"), encoding: .utf8) == "keep")
  }
}
