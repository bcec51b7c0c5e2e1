import Foundation
import Testing

@testable import Mutation

@Suite struct ScratchCopyTests {
  @Test func copiesSourcesButNotBuildFoldersVersionControlOrRunOutput() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scratch-copy-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let package = root.appendingPathComponent("P")
    for path in [
      "Package.swift", "Sources/V/Reports/Writer.swift", "Reports/latest/report.json",
      ".build/debug/x", "Sources/V/.build-docs/y", ".git", "Reports/mutation/report.json",
      "mutation-work/state.json",
    ] {
      let url = package.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(path.utf8).write(to: url)
    }
    let scratch = root.appendingPathComponent("S")
    try ScratchCopy.mirror(
      package, to: scratch,
      skipping: [
        package.appendingPathComponent("Reports/mutation"),
        package.appendingPathComponent("mutation-work"),
      ])
    let copied = FileManager.default.enumerator(atPath: scratch.path)?.allObjects as? [String]
    #expect(
      copied?.sorted() == [
        "Package.swift", "Sources", "Sources/V", "Sources/V/Reports",
        "Sources/V/Reports/Writer.swift",
      ])
  }

  @Test func globsAndPrefixes() {
    var options = MutationOptions(target: "T", executable: "e")
    #expect(options.includes(file: "Sources/T/A.swift"))
    options.files = ["Sources/T/Engine", "*Differ*.swift"]
    #expect(options.includes(file: "Sources/T/EngineSnapshot.swift"))
    #expect(options.includes(file: "Sources/T/Diff/EngineDiffer+LIS.swift"))
    #expect(!options.includes(file: "Sources/T/Model.swift"))
    #expect(Glob.matches("a*b*c", "aXbYc"))
    #expect(!Glob.matches("a*b", "aXbY"))
  }
}
