import Foundation
import Verification

/// Checks properties inside `swift test` in child processes of a fuzz
/// executable, so a trap in the code under test fails only its property
/// (with its token, the trap's message, the shrunk case and its Swift
/// test) and every other property and test still runs.
///
/// The fuzz executable is any executable calling
/// `SnapshotFuzz.main(_:)` (or `snapshot-fuzz` itself). Let the
/// test target depend on it, so SwiftPM builds it next to the tests, and
/// name its product:
///
/// ```swift
/// import SnapshotFuzzCommand
/// import Testing
///
/// @Test func conforms() {
///   for problem in ContainedCheck(product: "my-fuzz").run().problems {
///     Issue.record(Comment(rawValue: problem))
///   }
/// }
///
/// @Test func corpusReplays() {
///   for problem in ContainedCheck(product: "my-fuzz").replayCorpus(at: "Tests/Regressions").problems {
///     Issue.record(Comment(rawValue: problem))
///   }
/// }
/// ```
///
/// In XCTest: `for problem in … .problems { XCTFail(problem) }`.
///
/// Each property runs as `<executable> run --seed … --cases … --out <tmp>`;
/// the verdicts are read from the run's `report.json`. The `DIFFABLE_SEED`,
/// `DIFFABLE_CASES`, `DIFFABLE_BUDGET_SECONDS`, `DIFFABLE_SHRINK_SECONDS`,
/// `DIFFABLE_SHARD`, `DIFFABLE_CORPUS` and `DIFFABLE_REPLAY` variables
/// override the configuration (a replay token runs only that case of its
/// property, in a child, and skips the others), as the failure messages
/// suggest.
public struct ContainedCheck: Sendable {
  /// The variable naming the fuzz executable to run, overriding the
  /// lookup by product name (for example an instrumented build).
  public static let executableVariable = "SNAPSHOT_FUZZ_EXECUTABLE"

  /// The fuzz executable the children run.
  public var executable: URL
  /// Worker processes per run (`--jobs`).
  public var jobs: Int
  /// Variables set (or, with `nil`, removed) for the children.
  public var environment: [String: String?]

  /// A check running the fuzz executable `product` (the name in
  /// `.executable(name:)` or the executable target's name), found next to
  /// the test bundle, or at `SNAPSHOT_FUZZ_EXECUTABLE` when that is set.
  public init(
    product: String, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
    environment: [String: String?] = [:]
  ) {
    self.init(executable: Self.locate(product: product), jobs: jobs, environment: environment)
  }

  /// A check running the fuzz executable at `executable`.
  public init(
    executable: URL, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
    environment: [String: String?] = [:]
  ) {
    self.executable = executable
    self.jobs = max(1, jobs)
    self.environment = environment
  }

  /// The executable's name, as in its replay lines.
  public var program: String { executable.lastPathComponent }

  // MARK: Running properties

  /// Runs `properties` (default: every property the executable lists) with
  /// `configuration`, overridden by the `DIFFABLE_*` variables in
  /// `variables` (default: this process's environment); one verdict per
  /// property.
  ///
  /// A bad variable is one problem naming it; nothing runs then.
  public func run(
    _ properties: [String]? = nil, configuration: RunConfiguration = RunConfiguration(),
    variables: [String: String] = ProcessInfo.processInfo.environment
  ) -> ContainedResult {
    let resolved: RunConfiguration
    do throws(ConfigurationError) {
      resolved = try RunConfiguration.fromEnvironment(variables, base: configuration)
    } catch {
      return ContainedResult(
        program: program,
        verdicts: [
          Verdict(name: program, summary: "\(program): not run", problems: [error.description])
        ])
    }
    let names: [String]
    if let properties {
      names = properties
    } else {
      let listed = listed()
      if let problem = listed.problem {
        return ContainedResult(program: program, verdicts: [problem])
      }
      names = listed.names
    }
    if let token = resolved.replay, !names.contains(token.property) {
      let problem =
        "\(RunConfiguration.Variable.replay.rawValue) names \(token.property), "
        + "which this check does not run (\(program) list)"
      return ContainedResult(
        program: program,
        verdicts: [Verdict(name: program, summary: "\(program): not run", problems: [problem])])
    }
    return ContainedResult(
      program: program, verdicts: check(names.map { ($0, resolved) }))
  }

  /// Runs each property of `plan` with its own configuration (taken as
  /// given: no `DIFFABLE_*` variable is read); one verdict per property, in
  /// `plan`'s order. Properties with equal configurations share one run.
  ///
  /// A configuration's `replay` token replays that case alone in a child
  /// and skips the other properties; its `timeBudgetSeconds` stops the run
  /// (with `SIGINT`, which still writes the report) after that many
  /// seconds per property, shared by the workers. Failures come back with
  /// their trap message, shrunk Swift code and diff; a coverage class below
  /// its minimum and a run discarding too many cases are problems too.
  public func check(_ plan: [(name: String, configuration: RunConfiguration)]) -> [Verdict] {
    var verdicts: [String: Verdict] = [:]
    var groups: [(configuration: RunConfiguration, names: [String])] = []
    for (name, configuration) in plan {
      if let token = configuration.replay {
        verdicts[name] =
          token.property == name
          ? replay(token.description, name: name)
          : Verdict(
            name: name, summary: "\(name): skipped (replaying \(token.property))", problems: [])
      } else if let index = groups.firstIndex(where: { $0.configuration == configuration }) {
        groups[index].names.append(name)
      } else {
        groups.append((configuration, [name]))
      }
    }
    for group in groups {
      for verdict in run(group.names, group.configuration) { verdicts[verdict.name] = verdict }
    }
    return plan.map { name, _ in
      verdicts[name]
        ?? Verdict(name: name, summary: "\(name): not run", problems: ["\(name): not run"])
    }
  }

  // MARK: Replaying

  /// Replays every entry of the corpus folder at `path` in file-name
  /// order, each in a child process (`<executable> replay FILE`): one
  /// verdict per entry. An entry that still fails (or traps, or hangs),
  /// and one that cannot be replayed (malformed, stale, naming an unknown
  /// property), has a problem naming the file. A missing folder is an empty
  /// corpus.
  ///
  /// A relative `path` is taken from the package holding `file` (the
  /// nearest folder above it with a `Package.swift`; by default the
  /// caller's source file), so `"Tests/Regressions"` works wherever the
  /// tests run.
  public func replayCorpus(at path: String, file: String = #filePath) -> ContainedResult {
    let folder = Self.resolve(path, from: file)
    let verdicts = Corpus(directory: folder).files().map {
      replay($0.path, name: $0.lastPathComponent)
    }
    return ContainedResult(program: program, verdicts: verdicts)
  }

  /// Replays `input` (a replay token or an entry file) in a child process
  /// (`<executable> replay INPUT`, whose own worker runs the case).
  public func replay(_ input: String, name: String) -> Verdict {
    let result: ChildProcess.Result
    do {
      result = try ChildProcess.run(executable, ["replay", input], environment: environment)
    } catch {
      return Verdict(
        name: name, summary: "\(name): not replayed",
        problems: ["\(name): cannot start \(executable.path): \(error)"])
    }
    switch (result.signaled, result.status) {
    case (false, 0):
      return Verdict(name: name, summary: "\(name): passes", problems: [])
    case (false, 1):
      return Verdict(
        name: name, summary: "\(name): FAILED",
        problems: ["\(name) still fails (replay: \(replayLine(input))):\n\(result.output)"])
    default:
      let how = result.signaled ? "died by signal \(result.status)" : "exit \(result.status)"
      return Verdict(
        name: name, summary: "\(name): not replayed",
        problems: ["\(name): \(Self.trimmed(result.error)) (\(how))"])
    }
  }

  // MARK: Runs

  /// The executable's property names (`<executable> list`), or the
  /// verdict saying why there are none.
  private func listed() -> (names: [String], problem: Verdict?) {
    let notRun = { (problem: String) in
      ([String](), Verdict(name: program, summary: "\(program): not run", problems: [problem]))
    }
    do {
      let result = try ChildProcess.run(executable, ["list"], environment: environment)
      guard !result.signaled, result.status == 0 else {
        return notRun("\(program) list failed: \(Self.trimmed(result.error))")
      }
      return (result.output.split(separator: "\n").map(String.init), nil)
    } catch {
      return notRun(
        "cannot start \(executable.path): \(error) (build the fuzz executable, or set "
          + "\(Self.executableVariable))")
    }
  }

  /// One `run` of `names` with `configuration`.
  private func run(_ names: [String], _ configuration: RunConfiguration) -> [Verdict] {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("contained-check-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("report")
    let shrinkSeconds = max(1, Int(configuration.shrinkBudget.maxSeconds.rounded(.up)))
    var arguments = [
      "run", "--seed", String(configuration.seed), "--cases", String(configuration.cases),
      "--jobs", String(jobs), "--out", out.path, "--shrink-time", "\(shrinkSeconds)s",
    ]
    for name in names { arguments += ["--property", name] }
    if let shard = configuration.shard { arguments += ["--shard", shard.description] }
    if let corpus = configuration.corpusDirectory {
      arguments += ["--corpus", corpus]
    } else {
      arguments.append("--no-corpus")
    }
    let deadline = configuration.timeBudgetSeconds.map { $0 * Double(names.count) / Double(jobs) }
    let failed = { (problem: String) in
      names.map { Verdict(name: $0, summary: "\($0): not run", problems: ["\($0): \(problem)"]) }
    }
    let result: ChildProcess.Result
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      result = try ChildProcess.run(
        executable, arguments, environment: environment, interruptAfter: deadline)
    } catch {
      return failed("cannot start \(executable.path): \(error)")
    }
    let report: FuzzReport
    do {
      report = try ReportReader.readReport(at: out.appendingPathComponent("report.json").path)
    } catch {
      return failed(
        "\(program) wrote no readable report (exit \(result.status)): \(error)\n"
          + Self.trimmed(result.error))
    }
    let expectedStatus =
      !result.signaled
      && (result.status == 0 || result.status == 1
        || (deadline != nil && result.status == 128 + SIGINT))
    var runProblems: [String] = []
    if !expectedStatus {
      runProblems.append(
        "\(program) exited with status \(result.status):\n\(Self.trimmed(result.error))")
    }
    if report.stopReason == "worker-failure" {
      runProblems.append(
        "\(program) could not keep its worker processes alive:\n\(Self.trimmed(result.error))")
    }
    return names.map { name in
      var verdict = Verdict(name, in: report, configuration: configuration)
      verdict.problems += runProblems.map { "\(name): \($0)" }
      return verdict
    }
  }

  // MARK: Helpers

  /// The built executable `product`: `SNAPSHOT_FUZZ_EXECUTABLE` when set,
  /// else the first folder holding it, looking next to the running test
  /// bundle and then up its parent folders (`.build/<triple>/debug/`).
  public static func locate(product: String) -> URL {
    if let path = ProcessInfo.processInfo.environment[executableVariable], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    for start in searchStarts() {
      var folder = start
      while folder.path != "/" {
        let candidate = folder.appendingPathComponent(product)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder = folder.deletingLastPathComponent()
      }
    }
    return (searchStarts().first ?? URL(fileURLWithPath: ".")).appendingPathComponent(product)
  }

  /// Where the lookup starts: the folder of the running test binary.
  private static func searchStarts() -> [URL] {
    #if os(Linux)
      return [
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
          .deletingLastPathComponent()
      ]
    #else
      // XCTest and Swift Testing load the tests as `<Package>PackageTests.xctest`
      // next to the products; the main bundle is the runner (`xctest`, or
      // the test helper) elsewhere.
      let bundles = Bundle.allBundles.filter { $0.bundleURL.pathExtension == "xctest" }
      return bundles.map { $0.bundleURL.deletingLastPathComponent() }
        + [Bundle.main.bundleURL.deletingLastPathComponent()]
    #endif
  }

  /// `path` as a folder: absolute as given, relative from the package
  /// root above `file` (or the current folder when there is none).
  static func resolve(_ path: String, from file: String) -> URL {
    if path.hasPrefix("/") { return URL(fileURLWithPath: path, isDirectory: true) }
    var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
      {
        return folder.appendingPathComponent(path, isDirectory: true)
      }
      folder = folder.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: path, isDirectory: true)
  }

  /// The command replaying `input` with this executable, after the
  /// variables the children get.
  func replayLine(_ input: String) -> String {
    let assignments = environment.keys.sorted().compactMap { key in
      environment[key].flatMap { $0 }.map { "\(key)=\($0) " }
    }
    return assignments.joined() + "swift run -c release \(program) replay '\(input)'"
  }

  static func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
