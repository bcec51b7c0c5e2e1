import Foundation
import Testing

/// `snapshot-fuzz mutate` from the command line, over a package of two
/// functions and a checker that tests only one of them: the score, the
/// survivors on standard output, the report set, `--min-score` and
/// `--resume` as exit codes, and a report folder it must not replace.
@Suite(.serialized) struct MutateCommandTests {
  static let library = """
    public func isAdult(_ age: Int) -> Bool { age >= 18 }

    public func untested(_ value: Int) -> Bool { value > 100 }

    """

  /// Judges like a fuzz executable's `run`: a `report.json` in `--out`,
  /// exit 1 on a failure (this checker always stops at it), 0 otherwise.
  static let checker = """
    import Foundation
    import Lib

    let arguments = CommandLine.arguments
    let out = arguments.firstIndex(of: "--out").map { arguments[$0 + 1] } ?? "."
    let failed = !(isAdult(18) && !isAdult(17))
    let failure = #"{"property": "isAdult", "kind": "failure", "token": "T"}"#
    let json = #"{"properties": [{"name": "isAdult", "cases": 1}], "failures": ["#
      + (failed ? failure : "") + "]}"
    try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    try? json.write(toFile: out + "/report.json", atomically: true, encoding: .utf8)
    exit(failed ? 1 : 0)

    """

  static let manifest = """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
      name: "Pair",
      targets: [.target(name: "Lib"), .executableTarget(name: "check", dependencies: ["Lib"])]
    )

    """

  private func package() throws -> URL {
    let root = FuzzExecutable.temporaryFolder()
    for (path, text) in [
      ("Pair/Package.swift", Self.manifest), ("Pair/Sources/Lib/Lib.swift", Self.library),
      ("Pair/Sources/check/main.swift", Self.checker),
    ] {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return root
  }

  private func mutate(_ root: URL, _ extra: [String]) throws -> FuzzExecutable.Result {
    try FuzzExecutable.run(
      [
        "mutate", "--target", "Lib", "--package", root.appendingPathComponent("Pair").path,
        "--executable", "check", "--configuration", "debug", "--jobs", "2",
        "--out", root.appendingPathComponent("out").path,
      ] + extra)
  }

  @Test func scoresSurvivorsReportSetMinimumAndResume() throws {
    let root = try package()
    defer { try? FileManager.default.removeItem(at: root) }
    let strict = try mutate(root, ["--min-score", "100"])
    #expect(strict.status == 1, "\(strict.error)")
    #expect(strict.output.contains("Mutation score: 50.0% (2/4 killed)"), "\(strict.output)")
    #expect(strict.output.contains("survived: Sources/Lib/Lib.swift:3:"))
    #expect(strict.output.contains("+ public func untested(_ value: Int) -> Bool { value >= 100 }"))
    #expect(!strict.output.contains("survived: Sources/Lib/Lib.swift:1:"))
    #expect(strict.error.contains("below --min-score 100"))
    let out = root.appendingPathComponent("out")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        == ["junit.xml", "report.html", "report.json", "summary.md"])
    let summary = try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8)
    #expect(summary.contains("killed in isAdult"))
    #expect(
      FileManager.default.fileExists(
        atPath: root.appendingPathComponent("Pair/.build/mutate/Lib/state.json").path))

    let resumed = try mutate(root, ["--min-score", "50", "--resume"])
    #expect(resumed.status == 0, "\(resumed.error)")
    #expect(resumed.error.contains("resuming, 4 of 4 already judged"))
    #expect(resumed.output.contains("Mutation score: 50.0% (2/4 killed)"))
  }

  @Test func aReportFolderHoldingOtherFilesIsRefusedBeforeTheBuild() throws {
    let root = try package()
    defer { try? FileManager.default.removeItem(at: root) }
    let out = root.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: out.appendingPathComponent("notes.txt"))
    let result = try mutate(root, [])
    #expect(result.status == 74)
    #expect(result.error.contains("holds 'notes.txt'"), "\(result.error)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["notes.txt"])
    #expect(
      !FileManager.default.fileExists(atPath: root.appendingPathComponent("Pair/.build").path))
  }
}
