import Foundation
import Testing

@testable import Mutation

/// The driver with fake build and judging steps: a site whose line the
/// "compiler" rejects is dropped and the build retried, each kind of
/// verdict gives its status, and a resumed run judges nothing twice.
@Suite struct MutationDriverTests {
  private static let source = """
    func f(_ a: Int, _ b: Int) -> Bool {
      a < b
    }
    func g(_ a: Int) -> Bool {
      a == 4
    }
    func h(_ flag: Bool) -> Bool {
      flag && true
    }

    """

  private func package() throws -> (URL, MutationOptions) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mutation-driver-\(UUID().uuidString)")
    let file = root.appendingPathComponent("P/Sources/T/A.swift")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Self.source.write(to: file, atomically: true, encoding: .utf8)
    var options = MutationOptions(target: "T", executable: "fake")
    options.packageDirectory = root.appendingPathComponent("P").path
    options.out = root.appendingPathComponent("out").path
    options.operators = [.relational, .equality, .integerBoundary, .logical, .boolean]
    return (root, options)
  }

  @Test func dropsRejectedSitesJudgesEveryVerdictAndResumes() throws {
    let (root, options) = try package()
    defer { try? FileManager.default.removeItem(at: root) }
    let builds = Counter()
    let judged = Counter()
    var driver = MutationDriver(options: options)
    driver.build = { scratch in
      builds.add()
      // The first build rejects line 5 (`a == 4`: both its sites).
      if builds.value == 1 {
        return .failure(
          SwiftBuild.BuildFailure(
            output: "\(scratch.path)/Sources/T/A.swift:5:5: error: no '==' candidates"))
      }
      return .success(URL(fileURLWithPath: "/bin/true"))
    }
    let outcomes: [String: ChildRun.Outcome] = [
      "2:relational": .exited(1), "8:logical": .signaled(4), "8:boolean": .timedOut(3),
    ]
    let kept = try driver.sites().filter { $0.mutant.line != 5 }
    driver.judge = { _, number, _ in
      if number == 0 { return Verdict(outcome: .exited(0)) }
      judged.add()
      let mutant = kept[number - 1].mutant
      return Verdict(outcome: outcomes["\(mutant.line):\(mutant.operator.rawValue)"] ?? .exited(0))
    }
    let report = try driver.run()
    #expect(builds.value == 2)
    #expect(
      report.dropped.map(\.mutant.id) == [
        "Sources/T/A.swift:5:5:equality", "Sources/T/A.swift:5:8:integerBoundary",
      ])
    #expect(report.dropped.allSatisfy { $0.reason == "no '==' candidates" })
    #expect(
      report.entries.map { "\($0.mutant.line):\($0.mutant.operator.rawValue) \($0.result.status)" }
        == [
          "2:relational killed", "8:logical killedByTrap", "8:boolean killedByTimeout",
        ])
    #expect(report.score.killed == 3)
    #expect(judged.value == 3)

    var resumed = driver
    resumed.options.resume = true
    let again = try resumed.run()
    #expect(judged.value == 3)
    #expect(again.entries == report.entries)
  }

  @Test func aFailingBaselineIsAnError() throws {
    let (root, options) = try package()
    defer { try? FileManager.default.removeItem(at: root) }
    var driver = MutationDriver(options: options)
    driver.build = { _ in .success(URL(fileURLWithPath: "/bin/false")) }
    driver.judge = { _, _, _ in Verdict(outcome: .exited(1)) }
    #expect(throws: MutationError.self) { try driver.run() }
  }

  @Test func limitSamplesEvenlyAndFilesFilter() throws {
    let (root, options) = try package()
    defer { try? FileManager.default.removeItem(at: root) }
    var limited = MutationDriver(options: options)
    limited.options.limit = 2
    let all = try MutationDriver(options: options).sites()
    #expect(try limited.sites() == [all[0], all[all.count / 2]])
    var filtered = MutationDriver(options: options)
    filtered.options.files = ["Sources/T/B*"]
    #expect(throws: MutationError.self) { try filtered.sites() }
    filtered.options.files = ["Sources/T/*.swift"]
    #expect(try filtered.sites() == all)
  }
}
