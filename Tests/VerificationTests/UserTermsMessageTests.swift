import Foundation
import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import TestSupport
import Testing

@testable import Verification

/// Failure texts that quote ids in prose (batch violations of a staged
/// differ, data-source audits, `visualDescription` lines, a rejected call's
/// error in a rendered misuse test) name the user's `String` ids, never the
/// generators' `Int` ids; and two failures of one property render as tests
/// with distinct names that compile side by side.
@Suite(.serialized) struct UserTermsMessageTests {
  typealias Strings = StringIdentifiers
  typealias Failures = RenderedUserTermsTests

  /// Whether `text` quotes a bare catalog id after `word` (`item 3`,
  /// `section 0`): a generator id leaking into a user's message.
  static func leaks(_ text: String, after word: String) -> Bool {
    text.contains(try! Regex("\(word) [0-9]"))
  }

  // MARK: Batch violations (staged differ)

  @Test func aStagedDifferRepeatingAnItemNamesTheUsersItem() throws {
    let twice = Failures.user(
      Trapping.self, differ: StagedTwiceDiffer<AppleStyleSnapshot<String, String, Trapping>>(),
      dataSource: TrappingDataSource<String, String>.self)
    let failure = try Failures.failure(twice, "diff.roundTrip", cases: 400)
    #expect(
      failure.kind?.culprit == .differ(rule: "batch rule repeatedItemInData"), "\(failure.message)")
    #expect(failure.message.contains(#"holds item "i"#), "\(failure.message)")
    #expect(!Self.leaks(failure.message, after: "item"), "\(failure.message)")
    // The `-`/`+` states: layouts and every stage's data in the user's ids.
    #expect(failure.actual.contains(#"old: "s"#), "\(failure.actual)")
    #expect(failure.actual.contains(#": ["i"#), "\(failure.actual)")
    #expect(!failure.actual.contains(try Regex(#": \[[0-9]"#)), "\(failure.actual)")
  }

  /// The same bug over the catalog's own `Int` ids still reads in numbers.
  @Test func anIntStagedDifferKeepsTheCatalogsNumbers() throws {
    let twice = Implementation(
      name: "twice", snapshot: EngineSnapshot<Int, Int>.self,
      sectionSnapshot: EngineSectionSnapshot<Int>.self
    ) { StagedTwiceDiffer<EngineSnapshot<Int, Int>>() }
    let failure = try Failures.failure(twice, "diff.roundTrip", cases: 400)
    #expect(Self.leaks(failure.message, after: "holds item"), "\(failure.message)")
    #expect(!failure.message.contains("\""), "\(failure.message)")
  }

  // MARK: Data-source audits

  @Test func aDataSourceAuditNamesTheUsersSection() throws {
    let forgets = Implementation.mapped(
      name: "forgets", snapshot: EngineSnapshot<String, String>.self,
      sectionSnapshot: EngineSectionSnapshot<String>.self,
      dataSource: StringDataSources.ForgetsSectionSnapshot.self, identifiers: Strings.self
    ) { EngineDiffer<String, String>() }
    let failure = try Failures.failure(forgets, "expansion.applyThenSnapshotFor")
    #expect(failure.message.contains(#"snapshot(for: "s"#), "\(failure.message)")
    #expect(!failure.message.contains(try Regex("for: [0-9]")), "\(failure.message)")
    // The trees it quotes: the user's ids.
    #expect(failure.message.contains(#"item "i"#), "\(failure.message)")
    #expect(!failure.message.contains(try Regex(#"(?m)^[+-][* ] [0-9]+$"#)), "\(failure.message)")
  }

  // MARK: A rejected call's error

  @Test func aMisuseTestAndMessageQuoteTheUsersIds() throws {
    let misuse = try Failures.probe(
      FullScript(initial: [.init(section: 0, items: [1])], commands: [.deleteItems([7])]),
      "misuse.traps.full", on: Failures.user(TrappingLenientDelete.self))
    let comment = try #require(
      misuse.code.split(separator: "\n").first { $0.contains("Apple rejects it:") },
      "\(misuse.code)")
    // The fallback: deleting a missing id is fine, a repeated one is not.
    #expect(comment.contains("Duplicate identifiers: [i0]"), "\(misuse.code)")
    guard let message = misuse.result.failureMessage else {
      Issue.record("passed: \(misuse.result)")
      return
    }
    #expect(
      message.contains("Duplicate identifiers: [i0]") && !message.contains("[0]"), "\(message)")
  }

  // MARK: Distinct failures, distinct test names

  @Test func kindSlugsAreShortStableIdentifiers() {
    #expect(SwiftCode.slug(FailureKind("differs in reloadedItems")) == "differsInReloadedItems")
    // The severity is part of the name, except for the default (wrong)
    // and a trap (the culprit says so).
    #expect(
      SwiftCode.slug(FailureKind(.differ(rule: "batch rule repeatedItemInData"), severity: .raises))
        == "differBatchRuleRepeatedItemInData_UIKitRaises")
    let trap = FailureKind.trap(in: "snapshot", "appendSections(_:)")
    #expect(SwiftCode.slug(trap).hasPrefix("trapInSnapshot"), "\(SwiftCode.slug(trap))")
    #expect(SwiftCode.slug(trap) != SwiftCode.slug(.trap(in: "snapshot", "insertSections(_:)")))
    // A long culprit is cut to the limit, a hash keeping cut ones apart.
    let long = FailureKind.trap(
      in: "section snapshot", "replace(childrenOf:using:) after insert(_:before:) of a subtree")
    let slug = SwiftCode.slug(long)
    #expect(slug.count == SwiftCode.maxSlugLength && slug == SwiftCode.slug(long), "\(slug)")
    let other = FailureKind.trap(
      in: "section snapshot", "replace(childrenOf:using:) after insert(_:after:) of a subtree")
    #expect(SwiftCode.slug(other) != slug)
    let code = "import Testing\n\n@Test func fullDifferential() throws {\n}"
    let named = SwiftCode.named(code, for: FailureKind("differs in outcome"))
    #expect(named.contains("@Test func fullDifferential_differsInOutcome() throws {"))
    #expect(SwiftCode.named(named, for: FailureKind("differs in outcome")) == named)
    #expect(SwiftCode.named(code, for: .failure) == code)
    #expect(SwiftCode.named(code, for: nil) == code)
  }

  /// `full.differential` with two bugs: two tests, two names, both pasted
  /// into one file compile and fail on the bugs they were printed for.
  @Test func twoFailuresOfOnePropertyRenderAsTwoTestsThatCompileTogether() throws {
    let bug = Implementation<
      PlantedFull.SkipExistingMoveKeepingSections, EngineSectionSnapshot<Int>,
      LayoutDiffer<PlantedFull.SkipExistingMoveKeepingSections>, ModelDataSource<Int, Int>
    >(name: "two bugs") { LayoutDiffer() }
    let result = Conformance.check(bug, families: [.full], seed: 7, cases: 200)
    let report = try #require(result.reports.first { $0.property == "full.differential" })
    #expect(report.counterexamples.count >= 2, "\(report.summary)")
    // The summary counts failed properties and failures apart.
    let failed = result.reports.filter { !$0.counterexamples.isEmpty }.count
    #expect(result.summary.contains(" in \(failed) of "), "\(result.summary)")
    #expect(
      result.summary.contains("(\(result.counterexamples.count) failures)"), "\(result.summary)")
    let names = report.counterexamples.map { Self.functionName($0.swiftCode) }
    #expect(Set(names).count == names.count, "\(names)")
    for (name, counterexample) in zip(names, report.counterexamples) {
      let kind = try #require(counterexample.kind)
      #expect(name == "fullDifferential_" + SwiftCode.slug(kind))
    }
    let (results, output) = try RenderedReproductionTests.compileAndRun(
      report.counterexamples.map(\.swiftCode),
      aliases: [
        "typealias SkipExistingMoveKeepingSections = PlantedFull.SkipExistingMoveKeepingSections"
      ], suppressWarnings: false)
    for name in names {
      #expect(results[name] == false, "\(name) passes on the bug\n\(output)")
    }
    let warnings = output.split(separator: "\n").filter {
      $0.contains("Rendered.swift") && $0.contains("warning:")
    }
    #expect(warnings.isEmpty, "\(warnings.joined(separator: "\n"))")
  }

  /// A failure record names its test for its rule, as the fuzz reports show it.
  @Test func aFailureRecordNamesItsTestForItsRule() {
    let record = FailureRecord(
      property: "full.differential", kind: .failure, token: "t", originalToken: "t", seed: 1,
      caseIndex: 0, message: "m", swiftCode: "@Test func fullDifferential() throws {\n}",
      rule: FailureKind("differs in reconfiguredItems"))
    #expect(Self.functionName(record.swiftCode) == "fullDifferential_differsInReconfiguredItems")
  }

  static func functionName(_ code: String) -> String {
    guard let head = code.range(of: "@Test func ") else { return "" }
    return String(code[head.upperBound...].prefix { $0 != "(" })
  }
}

/// A differ whose changesets lose every item move: a one-batch changeset
/// then misses its own target (the planted bug for the entry-point audit).
struct DropsItemMoves: DifferProtocol {
  func changeset(
    from old: EngineSnapshot<Int, Int>, to new: EngineSnapshot<Int, Int>, options: DiffOptions<Int>
  ) -> Changeset {
    var changeset = EngineDiffer<Int, Int>().changeset(from: old, to: new, options: options)
    changeset.batches = changeset.batches.map { batch in
      var batch = batch
      batch.itemMoves = []
      return batch
    }
    return changeset
  }
}

/// A staged differ with one empty stage that reports the old data: the
/// batch reaches it, but it is not the new snapshot.
struct StaleStageDiffer<Snapshot: SnapshotProtocol>: StagedDifferProtocol, Sendable {
  func stagedChangeset(
    from old: Snapshot, to new: Snapshot, options: DiffOptions<Snapshot.ItemIdentifier>
  ) -> StagedChangeset<Snapshot.SectionIdentifier, Snapshot.ItemIdentifier> {
    StagedChangeset(stages: [
      .init(batch: Changeset.Batch(), data: old.layout.map { ($0.section, $0.items) })
    ])
  }
}

extension UserTermsMessageTests {
  /// `meta.compose` quotes the reference interpreter's sentences in the
  /// user's ids too.
  @Test func metaComposeNamesTheUsersItems() throws {
    let twice = Failures.user(
      Trapping.self, differ: StagedTwiceDiffer<AppleStyleSnapshot<String, String, Trapping>>(),
      dataSource: TrappingDataSource<String, String>.self)
    let failure = try Failures.failure(twice, "meta.compose", cases: 400)
    #expect(failure.message.contains(#"item "i"#), "\(failure.message)")
    #expect(!Self.leaks(failure.message, after: "item"), "\(failure.message)")
  }

  /// A one-batch changeset that misses its target is the differ's bug
  /// (`diff.roundTrip`), never "reference interpreter broken": the staged
  /// replay names the stage, the plain one fails the round trip.
  @Test func aChangesetMissingItsTargetDoesNotBlameTheReference() throws {
    let drops = Implementation(
      name: "drops moves", snapshot: EngineSnapshot<Int, Int>.self,
      sectionSnapshot: EngineSectionSnapshot<Int>.self
    ) { DropsItemMoves() }
    let result = Conformance.check(drops, families: [.diff], seed: 3, cases: 300)
    let messages = result.counterexamples.map(\.message)
    #expect(messages.contains { $0.contains("changeset is incorrect") }, "\(result.summary)")
    #expect(!messages.contains { $0.contains("reference interpreter broken") }, "\(result.summary)")
    #expect(
      result.reports.first { $0.property == "diff.entryPoints" }?.counterexamples.isEmpty == true,
      "\(result.summary)")
  }

  /// A last stage reporting data other than the new snapshot is the
  /// differ's bug (`lastStageIsNotTarget`), not a disagreement of
  /// `validate`, whose target is that last stage.
  @Test func aLastStageOffTheTargetDoesNotBlameTheReference() throws {
    let stale = Implementation(
      name: "stale stage", snapshot: EngineSnapshot<Int, Int>.self,
      sectionSnapshot: EngineSectionSnapshot<Int>.self
    ) { StaleStageDiffer<EngineSnapshot<Int, Int>>() }
    let result = Conformance.check(stale, families: [.diff], seed: 3, cases: 300)
    let culprits = result.counterexamples.compactMap(\.kind?.culprit)
    #expect(
      culprits.contains(.differ(rule: "batch rule lastStageIsNotTarget")), "\(result.summary)")
    #expect(!culprits.contains(.suite("reference interpreter")), "\(result.summary)")
  }
}

extension UserTermsMessageTests {
  /// The diff and meta tests of cases with nothing to build or change
  /// (an empty old snapshot, no third step, `diff.empty`) declare only what
  /// they mutate and only what they use: pasted, they compile without a
  /// warning (a staged differ over the engine's own snapshots, so no
  /// generic `Check.run` hides the concrete `var`s).
  @Test func emptyDiffCasesRenderWithoutWarnings() throws {
    let engine = Implementation(
      name: "engine", snapshot: EngineSnapshot<Int, Int>.self,
      sectionSnapshot: EngineSectionSnapshot<Int>.self
    ) { EngineDiffer<Int, Int>() }
    let empty = DiffCase(
      script: FullScript(initial: [], commands: [.appendSections([0])]), changed: [],
      style: .reload, further: [])
    var tests: [String] = []
    for name in ["diff.roundTrip", "diff.empty", "meta.reverse", "meta.compose"] {
      let code = try Failures.probe(empty, name, on: engine).code
      tests.append(RenderedReproductionTests.renamed(code, to: SwiftCode.identifier(name)))
    }
    #expect(tests[0].contains("let old = "), "\(tests[0])")
    #expect(!tests[1].contains("options"), "\(tests[1])")
    #expect(tests[3].contains("let third = new"), "\(tests[3])")
    let (_, output) = try RenderedReproductionTests.compileAndRun(
      tests, aliases: [], sources: [], suppressWarnings: false)
    let warnings = output.split(separator: "\n").filter {
      $0.contains("Rendered.swift") && $0.contains("warning:")
    }
    #expect(warnings.isEmpty, "\(warnings.joined(separator: "\n"))")
    // On the engine (no bug) every one of them passes.
    #expect(!output.contains("failed after"), "\(output)")
    for name in ["diffRoundTrip", "diffEmpty", "metaReverse", "metaCompose"] {
      #expect(output.contains("Test \(name)() passed after"), "\(output)")
    }
  }
}
