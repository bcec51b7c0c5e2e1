import Foundation
import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import TestSupport
import Testing
import Verification

/// The Swift test a counterexample prints reproduces it: compiled with
/// `swiftc` against the planted bug it was found on, it fails; compiled
/// against the engine, it passes. Every family whose bugs live in a type
/// (the differ corruptions of `diff.` and `meta.` are closures no pasted
/// test can name) is represented. Every case is rendered into one file and
/// compiled once (with the planted bugs' sources and the package's built
/// library objects) and run through Swift Testing's entry point.
@Suite(.serialized) struct RenderedReproductionTests {
  /// One rendered test: its code on the bug and on the engine.
  struct Rendered {
    var name: String
    var bug: String
    var engine: String
  }

  typealias Planted = CatalogPlantedBugTests

  /// The package root, from this file's path.
  static var root: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// The shrunk failure of `property` on `bug`, rendered for the bug and,
  /// from the same choices, for the engine.
  static func render<S, T, D, DS>(
    _ bug: Implementation<S, T, D, DS>, _ property: String, cases: Int = 300
  ) throws -> Rendered {
    // A short shrink: the rendered test need not be minimal to reproduce.
    let budget = ShrinkBudget(maxCalls: 200, maxSeconds: 5)
    let failure = try #require(Planted.failure(bug, property, cases: cases, shrink: budget))
    let engine = try #require(Catalog.property(named: property, for: .engine))
    let run = engine.run(choices: failure.choices)
    #expect(!run.verdict.isFailure, "the engine fails \(property) on the bug's case")
    let name = SwiftCode.identifier(property + "." + bug.name)
    return Rendered(
      name: name, bug: Self.renamed(failure.swiftCode, to: name + "OnBug"),
      engine: Self.renamed(engine.counterexample(for: run).swiftCode, to: name + "OnEngine"))
  }

  /// `code` with its `@Test` function renamed.
  static func renamed(_ code: String, to name: String) -> String {
    guard let open = code.range(of: "@Test func "),
      let paren = code[open.upperBound...].firstIndex(of: "(")
    else { return code }
    return code.replacingCharacters(in: open.upperBound..<paren, with: name)
  }

  /// Compiles each rendered test on the buggy types and on the fixed ones
  /// (`name` + `OnBug` / `OnFixed`, `@testable import VerificationTests`
  /// dropped, as pasted into the test target) with the fixtures' sources,
  /// warnings on, and runs them: expects no warning, every test to fail on
  /// its bug and to pass when fixed.
  static func expectFailOnBugPassWhenFixed(_ tests: [(name: String, bug: String, fixed: String)])
    throws
  {
    let pasted = tests.flatMap { [$0.bug, $0.fixed] }.map {
      $0.replacing("@testable import VerificationTests\n", with: "")
    }
    let (results, output) = try compileAndRun(
      pasted, aliases: [],
      suppressWarnings: false)
    let warnings = output.split(separator: "\n").filter {
      $0.contains("Rendered.swift") && $0.contains("warning:")
    }
    #expect(warnings.isEmpty, "\(warnings.joined(separator: "\n"))")
    for test in tests {
      let lines = output.split(separator: "\n").filter { $0.contains(test.name) }.joined(
        separator: "\n")
      #expect(results[test.name + "OnBug"] == false, "passes on the bug\n\(lines)\n\(test.bug)")
      #expect(results[test.name + "OnFixed"] == true, "fails when fixed\n\(lines)\n\(test.fixed)")
    }
  }

  /// The results of compiling `tests` (with the planted bugs' sources) and
  /// running them: each test's name and whether it passed, and the run's
  /// output.
  static func compileAndRun(
    _ tests: [String], aliases: [String], sources: [String] = [],
    suppressWarnings: Bool = true
  ) throws -> (results: [String: Bool], output: String) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent(
        "rendered-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let header =
      "import SnapshotCore\nimport SnapshotEngine\nimport SnapshotModel\n@testable import TestSupport\nimport Testing\n\n"
    let source =
      header + aliases.joined(separator: "\n") + "\n\n" + tests.joined(separator: "\n\n") + "\n"
    try source.write(
      to: directory.appendingPathComponent("Rendered.swift"), atomically: true, encoding: .utf8)
    let main =
      "import Testing\n\n@main struct Runner {\n  static func main() async {\n"
      + "    await Testing.__swiftPMEntryPoint() as Never\n  }\n}\n"
    try main.write(
      to: directory.appendingPathComponent("Main.swift"), atomically: true, encoding: .utf8)
    let build = root.appendingPathComponent(".build/debug")
    let libraries = try FileManager.default.contentsOfDirectory(atPath: build.path).sorted()
      .filter { $0.hasSuffix(".build") && !$0.contains("Tests") && !$0.hasPrefix("snapshot") }
    // The objects of each library's current sources, as its output file map
    // lists them (an incremental build leaves objects of deleted files).
    let objects = try libraries.flatMap { library in
      let map = build.appendingPathComponent(library).appendingPathComponent("output-file-map.json")
      let entries =
        try JSONSerialization.jsonObject(with: Data(contentsOf: map)) as? [String: Any] ?? [:]
      return entries.keys.sorted().compactMap { source -> String? in
        guard source.hasSuffix(".swift"), FileManager.default.fileExists(atPath: source) else {
          return nil
        }
        return (entries[source] as? [String: Any])?["object"] as? String
      }
    }
    let plantedSources = try sources.flatMap { folder in
      let planted = root.appendingPathComponent(folder)
      return try FileManager.default.contentsOfDirectory(atPath: planted.path).sorted()
        .filter { $0.hasSuffix(".swift") }.map { planted.appendingPathComponent($0).path }
    }
    let executable = directory.appendingPathComponent("rendered").path
    let compile = try Self.run(
      "/usr/bin/env",
      ["swiftc", "-parse-as-library", "-module-name", "RenderedTests"]
        + (suppressWarnings ? ["-suppress-warnings"] : [])
        + [
          "-I", build.appendingPathComponent("Modules").path,
          "-o", executable, directory.appendingPathComponent("Rendered.swift").path,
          directory.appendingPathComponent("Main.swift").path,
        ] + plantedSources + objects)
    try #require(compile.status == 0, "swiftc failed:\n\(compile.output)")
    let output = compile.output + "\n" + (try Self.run(executable, []).output)
    var results: [String: Bool] = [:]
    for line in output.split(separator: "\n") {
      for (marker, passed) in [("✔ Test ", true), ("✘ Test ", false)] where line.hasPrefix(marker) {
        let name = line.dropFirst(marker.count).prefix { $0 != "(" }
        if line.contains(" passed after ") || line.contains(" failed after ") {
          results[String(name)] = passed
        }
      }
    }
    return (results, output)
  }

  static func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test func renderedTestsReproduceTheirFailures() throws {
    typealias Bug = PlantedDataSource
    let rendered = [
      try Self.render(
        Planted.dataSource("hidden", Bug.ExpandsHiddenRow.self), "datasource.differential"),
      try Self.render(
        Planted.dataSource("willExpand", Bug.DropsWillExpand.self), "datasource.handlerOrder"),
      try Self.render(
        Planted.dataSource("toggleReload", Bug.ToggleReloadsRow.self), "datasource.refresh"),
      try Self.render(Planted.dataSource("naive", Bug.NaiveApply.self), "datasource.minimalMoves"),
      try Self.render(
        Planted.dataSource("visible", Bug.ExpandedSnapshotFor.self), "datasource.visibleRows"),
      try Self.render(
        Planted.dataSource("order", Bug.ForwardSectionOrder.self), "reorder.transaction"),
      try Self.render(Planted.dataSource("refused", Bug.RefusedDragMoves.self), "reorder.refused"),
      try Self.render(
        Planted.dataSource("flags", Bug.DragDropsFlags.self), "reorder.subtreeCarried"),
      try Self.render(
        Planted.implementation(
          "cascade", Planted.EngineFull.self, PlantedSection.CascadingCollapse.self),
        "expansion.editsElsewhere", cases: 400),
      try Self.render(
        Planted.implementation("graft", Planted.EngineFull.self, PlantedSection.FlaglessGraft.self),
        "expansion.insertSnapshot", cases: 400),
      try Self.render(
        Planted.implementation(
          "local", PlantedFull.SectionLocalIndex.self, Planted.EngineSection.self),
        "full.differential"),
      try Self.render(
        Planted.implementation(
          "lenient", Planted.EngineFull.self, PlantedSection.LenientDelete.self),
        "section.differential"),
      try Self.render(
        Implementation<
          Planted.EngineFull, Planted.EngineSection, NaiveDiffer<Planted.EngineFull>,
          ModelDataSource<Int, Int>
        >(
          name: "naive"
        ) { NaiveDiffer() },
        "diff.minimalMoves", cases: 1_000),
    ]
    let aliases =
      [
        "ExpandsHiddenRow", "MissingShouldExpandVetoes", "DropsWillExpand", "ToggleReloadsRow",
        "IgnoresReconfigureStyle", "DropsMarks", "NaiveApply", "ExpandedSnapshotFor",
        "ForwardSectionOrder", "RefusesDropOntoItself", "MissingCanReorderAllows",
        "RefusedDragMoves",
        "DragDropsFlags",
      ].map { "typealias \($0) = PlantedDataSource.\($0)" }
      + [
        "CascadingCollapse", "StaleFlags", "FlaglessGraft", "FlaglessExtract",
        "ReplaceCollapsesParent",
        "LenientDelete", "ParentOnlyVisibility",
      ].map { "typealias \($0) = PlantedSection.\($0)" }
      + ["SkipExistingMove", "SectionLocalIndex"].map { "typealias \($0) = PlantedFull.\($0)" }
    let (results, output) = try Self.compileAndRun(
      rendered.flatMap { [$0.bug, $0.engine] }, aliases: aliases)
    for test in rendered {
      let lines = output.split(separator: "\n").filter { $0.contains(test.name) }.joined(
        separator: "\n")
      #expect(
        results[test.name + "OnBug"] == false,
        "the rendered test passes on the bug\n\(lines)\n\(test.bug)")
      #expect(
        results[test.name + "OnEngine"] == true,
        "the rendered test fails on the engine\n\(lines)\n\(test.engine)")
    }
  }
}
