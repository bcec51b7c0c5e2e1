import Foundation
import Testing

@testable import Mutation

/// One real run of the driver over `TinyPackage`: a debug `swift build` of
/// the scratch copy (twice: a site that does not compile is dropped), the
/// checker run per mutant, then a resumed run. Filter it out with
/// `--skip MutationEndToEndTests`.
@Suite(.serialized) struct MutationEndToEndTests {
  @Test func aRealRunDropsTrapsTimesOutResumesAndFindsSurvivors() throws {
    let root = try TinyPackage.write()
    defer {
      if ProcessInfo.processInfo.environment["KEEP_E2E"] == nil {
        try? FileManager.default.removeItem(at: root)
      }
    }
    var options = MutationOptions(target: "Lib", executable: "check")
    options.packageDirectory = root.appendingPathComponent("Tiny").path
    options.out = root.appendingPathComponent("out").path
    options.configuration = "debug"
    options.timeoutSeconds = 8  // generous: CI runs this beside the other suites
    options.jobs = 2
    let driver = MutationDriver(options: options)
    #expect(driver.workURL.path.hasSuffix("/Tiny/.build/mutate/Lib"))
    let report = try driver.run()
    let out = URL(fileURLWithPath: options.out)
    try MutationReportWriter.write(report, to: out)
    for name in MutationReportWriter.fileNames {
      #expect(
        FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), "\(name)")
    }
    let status = Dictionary(
      report.entries.map {
        ("\($0.mutant.line):\($0.mutant.operator.rawValue):\($0.mutant.original)", $0.result)
      },
      uniquingKeysWith: { first, _ in first })
    // Dropped: `a == b` on a type that is not Equatable.
    #expect(report.dropped.map(\.mutant.id) == ["Sources/Lib/Lib.swift:8:54:equality"])
    #expect(report.dropped.first?.reason.contains("Equatable") == true)
    #expect(status["10:relational:>="]?.status == .killed)
    #expect(status["10:relational:>="]?.property == "isAdult")
    #expect(status["10:relational:>="]?.detail == "failure, token T-isAdult")
    #expect(status["12:arithmetic:-"]?.status == .killedByTrap)
    #expect(status["16:arithmetic:+"]?.status == .killedByTimeout)
    #expect(status["25:earlyReturn:"]?.status == .killed)
    #expect(status["26:removeCall:items.append(item)"]?.status == .killed)
    // Planted: the checker never calls `untested`.
    let survivors = report.survivors.map { "\($0.mutant.line):\($0.mutant.operator.rawValue)" }
    #expect(survivors.contains("20:relational"))
    #expect(survivors.contains("20:integerBoundary"))
    let survivor = try #require(report.survivors.first { $0.mutant.line == 20 })
    #expect(
      survivor.mutant.mutatedLine == "public func untested(_ value: Int) -> Bool { value >= 100 }")
    #expect(survivor.result.properties == ["count", "isAdult", "lastOf", "log", "same", "summary"])
    for operatorName in ["boolean", "firstLast", "logical", "minMax", "negation", "range"] {
      #expect(report.byOperator.contains { $0.name == operatorName }, "\(operatorName)")
    }

    // The switch: mutant k (its entry's position, from 1) is active only
    // when DIFFABLE_MUTANT is k.
    let check = driver.scratchURL.appendingPathComponent(".build/debug/check")
    let adult = try #require(report.entries.firstIndex { $0.mutant.line == 10 }) + 1
    let runs = root.appendingPathComponent("switch")
    for (chosen, expected) in [
      ("0", ChildRun.Outcome.exited(0)), ("\(adult)", .exited(1)),
      ("\(adult + 1000)", .exited(0)),
    ] {
      let outcome = ChildRun.run(
        check, ["--out", runs.path, "--stop-on-failure"],
        environment: ["DIFFABLE_MUTANT": chosen],
        log: root.appendingPathComponent("switch.log"), timeout: 10)
      #expect(outcome == expected, "DIFFABLE_MUTANT=\(chosen)")
    }

    // Resume: forget two results; only those two are judged again.
    let state = driver.stateURL
    var saved = try JSONDecoder().decode(MutationState.self, from: Data(contentsOf: state))
    let forgotten = saved.results.prefix(2).map(\.id)
    saved.results.removeFirst(2)
    try JSONEncoder().encode(saved).write(to: state)
    options.resume = true
    let judged = Counter()
    var resumed = MutationDriver(options: options)
    let real = resumed.judge
    resumed.judge = { executable, number, folder in
      if number != 0 { judged.add() }
      return real(executable, number, folder)
    }
    let again = try resumed.run()
    #expect(judged.value == 2)
    #expect(again.entries.map(\.result.status) == report.entries.map(\.result.status))
    #expect(again.dropped == report.dropped)
    #expect(Set(forgotten).isSubset(of: Set(again.entries.map(\.mutant.id))))
  }
}

/// A count shared by parallel jobs.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
  func add() {
    lock.lock()
    count += 1
    lock.unlock()
  }
}
