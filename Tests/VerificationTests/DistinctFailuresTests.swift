import Foundation
import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import TestSupport
import Testing

@testable import Verification

/// Distinct failures (issue 18 item 3): a property keeps up to N kinds per
/// run, shrinks each keeping its kind, and reports each with its own token,
/// case and Swift test, traps and UIKit-raising violations first.
@Suite struct DistinctFailuresTests {
  typealias EngineFull = EngineSnapshot<Int, Int>
  typealias EngineSection = EngineSectionSnapshot<Int>

  static func staged<D: StagedDifferProtocol<EngineFull> & Sendable>(
    _ name: String, _ differ: @escaping @Sendable () -> D
  ) -> Implementation<EngineFull, EngineSection, D, ModelDataSource<Int, Int>> {
    Implementation(
      name: name, snapshot: EngineFull.self, sectionSnapshot: EngineSection.self, differ: differ)
  }

  static let crash = FailureKind(
    .differ(rule: "batch rule repeatedItemInData"), severity: .raises)
  static let identityLoss = FailureKind(.differ(rule: "identity"), severity: .identity)

  // MARK: The staged differ with two bugs

  /// The historical crash (stage data holding a moved item in two
  /// sections) and identity loss (a reordered survivor deleted and
  /// inserted again) are both reported, the crash first, on every one of
  /// 10 seeds, at the CI budget.
  @Test(arguments: 1...10) func aStagedDifferReportsTheCrashAndTheIdentityLoss(seed: UInt64) throws
  {
    let bug = Self.staged("staged twice+reinsert") {
      TwiceHoldingReinsertingStagedDiffer<EngineFull>()
    }
    let result = Conformance.check(bug, families: [.diff], seed: seed, cases: 200)
    let report = try #require(result.reports.first { $0.property == "diff.roundTrip" })
    let kinds = report.counterexamples.compactMap(\.kind)
    #expect(kinds.first == Self.crash, "\(report.summary)")
    #expect(kinds.contains(Self.identityLoss), "\(report.summary)")
    for counterexample in report.counterexamples {
      // Each failure replays, from its own token, as its own kind.
      let property = try #require(
        Catalog.properties(for: bug, families: [.diff]).first { $0.name == "diff.roundTrip" })
      let replayed = try property.replay(token: counterexample.token)
      #expect(replayed.failureKind == counterexample.kind)
    }
    let tokens = report.counterexamples.map(\.token)
    #expect(Set(tokens).count == tokens.count)
  }

  /// Each bug alone is one kind: the crash-only differ never reports
  /// identity loss, the reinserting one never a violation.
  @Test func eachStagedBugAloneIsOneKind() throws {
    let crashOnly = Conformance.check(
      Self.staged("staged twice") { TwiceHoldingStagedDiffer<EngineFull>() }, families: [.diff],
      seed: 1, cases: 200)
    let crashKinds =
      crashOnly.reports.first { $0.property == "diff.roundTrip" }?
      .counterexamples.compactMap(\.kind) ?? []
    #expect(crashKinds.first?.severity == .raises, "\(crashOnly.summary)")
    #expect(!crashKinds.contains(Self.identityLoss))
    let lossOnly = Conformance.check(
      Self.staged("reinserting") { ReinsertingStagedDiffer<EngineFull>() }, families: [.diff],
      seed: 1, cases: 200)
    let lossKinds =
      lossOnly.reports.first { $0.property == "diff.roundTrip" }?
      .counterexamples.compactMap(\.kind) ?? []
    #expect(lossKinds == [Self.identityLoss], "\(lossOnly.summary)")
  }

  /// The clean staged differ reports nothing (no false positive from the
  /// identity-loss plant's machinery).
  @Test func theCleanStagedDifferReportsNothing() {
    let clean = Conformance.check(
      Self.staged("staged") { StagedFixtureDiffer<EngineFull>() }, families: [.diff], seed: 1,
      cases: 200)
    #expect(clean.hasNoFailure, "\(clean.summary)")
  }

  // MARK: Two bugs in one property

  /// `appendItems` skipping existing ids and `deleteAllItems` keeping the
  /// sections are two kinds of `full.differential`, each shrunk to its own
  /// command, on every one of 10 seeds.
  @Test(arguments: 1...10) func twoBugsInOnePropertyAreBothReported(seed: UInt64) throws {
    let bug = Implementation<
      PlantedFull.SkipExistingMoveKeepingSections, EngineSection,
      LayoutDiffer<PlantedFull.SkipExistingMoveKeepingSections>, ModelDataSource<Int, Int>
    >(name: "two bugs") { LayoutDiffer() }
    let result = Conformance.check(bug, families: [.full], seed: seed, cases: 200)
    let report = try #require(result.reports.first { $0.property == "full.differential" })
    let messages = report.counterexamples.map(\.message)
    #expect(
      messages.contains { $0.contains("appendItems") }
        && messages.contains { $0.contains("deleteAllItems") }, "\(report.summary)")
    #expect(report.counterexamples.count >= 2)
    // Each comes with its own Swift test and corpus-ready case.
    #expect(Set(report.counterexamples.map(\.swiftCode)).count == report.counterexamples.count)
  }

  /// With one kind allowed, the run stops at the first failure, as before.
  @Test func oneKindStopsAtTheFirstFailure() throws {
    let bug = Implementation<
      PlantedFull.SkipExistingMoveKeepingSections, EngineSection,
      LayoutDiffer<PlantedFull.SkipExistingMoveKeepingSections>, ModelDataSource<Int, Int>
    >(name: "two bugs") { LayoutDiffer() }
    let result = Conformance.check(
      bug, families: [.full], seed: 7, cases: 200, maxFailureKinds: 1)
    let report = try #require(result.reports.first { $0.property == "full.differential" })
    #expect(report.counterexamples.count == 1)
    #expect(report.casesRun < 200)
  }

  // MARK: Corpus

  /// The kinds of one property write distinct corpus entries, each of
  /// which replays as its kind.
  @Test func eachKindHasItsOwnCorpusEntry() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kinds-corpus-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let bug = Self.staged("staged twice+reinsert") {
      TwiceHoldingReinsertingStagedDiffer<EngineFull>()
    }
    let property = try #require(
      Catalog.properties(for: bug, families: [.diff]).first { $0.name == "diff.roundTrip" })
    var configuration = RunConfiguration(seed: 3, cases: 200, corpusDirectory: folder.path)
    configuration.maxFailureKinds = 4
    let report = Runner(configuration: configuration).run(property)
    #expect(report.counterexamples.count >= 2)
    let files = report.counterexamples.compactMap(\.corpusFile)
    #expect(files.count == report.counterexamples.count)
    #expect(Set(files).count == files.count)
    for (file, counterexample) in zip(files, report.counterexamples) {
      let entry = try Corpus.load(URL(fileURLWithPath: file))
      #expect(try property.replay(entry).failureKind == counterexample.kind)
    }
  }

  // MARK: The pieces

  @Test func distinctFailuresKeepTheMostSevereThenTheEarliest() {
    let wrongA = FailureKind("a")
    let wrongB = FailureKind("b")
    let raises = FailureKind("r", severity: .raises)
    let offers: [(FailureKind, Int)] = [
      (wrongA, 9), (wrongB, 4), (wrongA, 2), (raises, 30), (wrongB, 7),
    ]
    var forward = DistinctFailures<Int>(limit: 2)
    for (kind, index) in offers { forward.offer(kind, caseIndex: index, value: index) }
    var backward = DistinctFailures<Int>(limit: 2)
    for (kind, index) in offers.reversed() { backward.offer(kind, caseIndex: index, value: index) }
    #expect(forward.kept.map(\.kind) == [raises, wrongA])
    #expect(forward.kept.map(\.caseIndex) == [30, 2])
    #expect(backward.kept.map(\.kind) == forward.kept.map(\.kind))
    #expect(backward.kept.map(\.caseIndex) == forward.kept.map(\.caseIndex))
  }

  @Test func genCheckReportsEachKindShrunkKeepingIt() throws {
    let lists = Gen<Int>.int(in: 0...1_000).array()
    let outcome = lists.check(seed: 5, cases: 300, maxKinds: 4) { list -> FailureKind? in
      if list.contains(where: { $0 > 900 }) { return FailureKind("large", severity: .raises) }
      if list.count >= 3 { return FailureKind("long") }
      return nil
    }
    #expect(outcome.failures.map(\.kind.culprit) == [.check("large"), .check("long")])
    let large = try #require(outcome.failures[0].shrunk?.value)
    let long = try #require(outcome.failures[1].shrunk?.value)
    #expect(large == [901])
    #expect(long == [0, 0, 0])
    #expect(outcome.shrunk?.value == large)
  }
}
