import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import TestSupport
import Testing

@testable import Verification

/// Partial implementations checked as they are (issue 18): a backport
/// without marks, `reconfigureItems` and `==` that traps on some misuse and
/// ignores the rest; a reimplementation with `Set` marks and a section
/// snapshot missing four operations; a user with only a differ over plain
/// layouts. Each conforms with no false positive, skipped checks counted,
/// and each planted bug is found.
@Suite struct CapabilityFixtureTests {
  static let seed: UInt64 = 0xCA9A_B1E5

  typealias Backport<Bug: BackportBug> = BackportSnapshot<Int, Int, Bug>

  /// The backport: traps on item and section misuse, ignores mark misuse
  /// and deletes with a repeated id; no section snapshot and no data source
  /// of its own.
  static func backport<Bug: BackportBug>(_ bug: Bug.Type) -> Implementation<
    Backport<Bug>, ModelSectionSnapshot<Int>, BackportDiffer<Int, Int, Bug>,
    ModelDataSource<Int, Int>
  > {
    Implementation(name: "backport", snapshot: Backport<Bug>.self, misuse: .traps) {
      BackportDiffer<Int, Int, Bug>()
    }.misuse(.ignores, for: .marks, .deletions)
  }

  /// The reimplementation: `Set` marks, a partial section snapshot.
  static func reimplementation<Bug: ReimplementationBug>(_ bug: Bug.Type) -> Implementation<
    SetMarksSnapshot<Bug>, PartialSectionSnapshot<Bug>, SetMarksDiffer<Bug>,
    ModelDataSource<Int, Int>
  > {
    Implementation(
      name: "reimplementation", snapshot: SetMarksSnapshot<Bug>.self,
      sectionSnapshot: PartialSectionSnapshot<Bug>.self
    ) { SetMarksDiffer<Bug>() }
  }

  /// The shrunk failure of `name` on `implementation`.
  static func failure<S, T, D, DS>(
    _ implementation: Implementation<S, T, D, DS>, _ name: String, cases: Int = 300
  ) -> Counterexample? {
    guard let property = Catalog.properties(for: implementation).first(where: { $0.name == name })
    else { return nil }
    let configuration = RunConfiguration(
      seed: seed, cases: cases, shrinkBudget: ShrinkBudget(maxCalls: 2_000, maxSeconds: 10))
    return Runner(configuration: configuration).run(property).counterexample
  }

  // MARK: No false positive

  @Test func aBackportWithoutMarksReconfigureAndEqualityConforms() {
    let result = Conformance.check(
      Self.backport(NoBackportBug.self), families: [.full, .diff, .meta], includeContracts: true,
      seed: Self.seed, cases: 40)
    #expect(result.hasNoFailure, "\(result.summary)")
    let full = result.reports.first { $0.property == "full.differential" }
    #expect((full?.statistics.skippedChecks ?? 0) > 0, "marks and == are skipped and counted")
    #expect((full?.statistics.skippedCalls ?? 0) > 0, "rejected calls are kept from it")
    #expect(result.skippedProperties.contains("full.markOrder"))
    #expect(result.skippedProperties.contains("meta.valueSemantics.section"))
    #expect(!result.reports.contains { $0.property.hasPrefix("section.") })
    #expect(
      result.summary.contains("skipped 2 properties: needs `readable marks`: full.markOrder"),
      "\(result.summary)")
  }

  @Test func aReimplementationWithSetMarksAndAPartialSectionSnapshotConforms() {
    let result = Conformance.check(
      Self.reimplementation(NoReimplementationBug.self),
      families: [.full, .section, .expansion, .diff, .meta], includeContracts: true,
      seed: Self.seed, cases: 40)
    #expect(result.hasNoFailure, "\(result.summary)")
    // Mark order is a contract only array getters promise.
    #expect(result.skippedProperties.contains("full.markOrder"))
    #expect(
      SetMarksSnapshot<NoReimplementationBug>.capabilities
        == SnapshotCapabilities.all.subtracting(.orderedMarks))
    let section = result.reports.first { $0.property == "section.differential" }
    #expect((section?.statistics.skippedChecks ?? 0) > 0, "index(of:) is skipped and counted")
  }

  @Test func scriptsNeverCallWhatTheSectionSnapshotLacks() throws {
    let implementation = Self.reimplementation(NoReimplementationBug.self)
    let property = try #require(
      Catalog.property(named: "section.differential", for: implementation))
    var made = 0
    for index in 0..<200 {
      guard
        let script = property.generated(
          SectionScript.self, ChoiceSource(seed: Self.seed, size: 50, caseIndex: index))
      else { continue }
      made += script.commands.count
      #expect(
        !script.commands.contains {
          !$0.isSupported(by: PartialSectionSnapshot<NoReimplementationBug>.capabilities)
        })
    }
    #expect(made > 0)
  }

  @Test func aDifferOnlyUserIsCheckedOnlyAsADiffer() {
    let user = Implementation.differOnly(name: "layout differ") { LayoutDifferGlue<NoDifferBug>() }
    let result = Conformance.check(user, includeContracts: true, seed: Self.seed, cases: 40)
    #expect(result.hasNoFailure, "\(result.summary)")
    #expect(
      result.reports.allSatisfy { $0.property.hasPrefix("diff.") || $0.property.hasPrefix("meta.") }
    )
    #expect(!result.reports.contains { $0.property.hasPrefix("meta.valueSemantics") })
    // Contracts on the reference's data source never run (issue 18).
    #expect(result.skippedProperties.contains("datasource.minimalMoves"))
    #expect(result.skippedProperties.contains("expansion.toggleChangeset"))
    #expect(result.skippedProperties.contains("full.differential"))
  }

  @Test func theEngineAndTheModelKeepEveryProperty() {
    #expect(Catalog.skippedProperties(for: .engine).isEmpty)
    // The model skips only the contracts, which would judge the reference
    // itself (contracts never judge a reference stand-in).
    let skipped = Catalog.skippedProperties(for: .model, includeContracts: true)
    #expect(
      skipped == [
        "full.specDecisions", "full.markOrder", "section.specDecisions", "diff.minimalMoves",
        "diff.refreshExact", "diff.batchShape", "expansion.toggleChangeset",
        "datasource.minimalMoves", "datasource.rebase", "reorder.transaction",
      ])
    let contracts = Catalog.all.filter { $0.tag == .contract }.map(\.name)
    #expect(skipped.allSatisfy(contracts.contains), "\(skipped)")
    #expect(Catalog.names.contains("full.markOrder"))
    #expect(Implementation.engine.parts == .all && Implementation.model.parts == .all)
  }

  // MARK: Planted bugs are found

  @Test func aBackportKeepingSectionsOnDeleteAllIsCaught() throws {
    let failure = try #require(
      Self.failure(Self.backport(BackportKeepsSections.self), "full.differential"))
    #expect(failure.report.contains("deleteAllItems"), "\(failure.report)")
  }

  @Test func aReimplementationListingReconfiguresAsReloadsIsCaught() throws {
    let failure = try #require(
      Self.failure(Self.reimplementation(ReconfigureShowsAsReload.self), "full.differential"))
    #expect(failure.report.contains("reconfigureItems"), "\(failure.report)")
  }

  @Test func aPartialSectionSnapshotDroppingAnExpandIsCaught() throws {
    let failure = try #require(
      Self.failure(Self.reimplementation(ExpandDropsLast.self), "section.differential"))
    #expect(failure.report.contains("expand"), "\(failure.report)")
  }

  @Test func aDifferOnlyUserDroppingSectionReloadsIsCaught() throws {
    let user = Implementation.differOnly(name: "layout differ") {
      LayoutDifferGlue<DropsSectionReloads>()
    }
    let failure = try #require(Self.failure(user, "diff.refresh"))
    #expect(failure.report.contains("reloaded sections"), "\(failure.report)")
  }

  // MARK: Misuse per call family

  @Test func onlyTrappingFamiliesAreCheckedToTrap() throws {
    // Lenient everywhere, declared to trap on marks only: every case fails
    // on a mark call, never on an item or section call (those are skipped).
    let lenient = Implementation(
      name: "traps on marks", snapshot: AppleStyleSnapshot<Int, Int, Lenient>.self,
      sectionSnapshot: AppleStyleSectionSnapshot<Int, Lenient>.self, misuse: .ignores
    ) { AppleStyleDiffer<Int, Int, Lenient>() }.misuse(.traps, for: .marks)
    let properties = Catalog.properties(for: lenient, families: [.misuse])
    #expect(properties.map(\.name) == ["misuse.traps.full"])
    let property = try #require(properties.first)
    for seed: UInt64 in 1...8 {
      let run = property.run(seed: seed, size: 10, caseIndex: 0)
      guard let message = run.verdict.failureMessage else {
        Issue.record("seed \(seed) did not fail")
        continue
      }
      #expect(message.contains("reload") || message.contains("reconfigure"), "\(message)")
    }
  }

  @Test func aBackportIgnoringADuplicateDeleteItDeclaresTrappingIsCaught() throws {
    let implementation = Self.backport(NoBackportBug.self).misuse(.traps, for: .deletions)
    let property = try #require(
      Catalog.properties(for: implementation, families: [.misuse]).first)
    // A script with no rejected call ends on the deletions family's fallback,
    // `deleteItems([0, 0])`, which this backport returns from.
    let script = FullScript(
      initial: [FullScript.Layout(section: 0, items: [0, 1])], commands: [.deleteItems([1])])
    let verdict = property.check(script)
    #expect(verdict.isFailure)
    if let message = verdict.failureMessage {
      #expect(message.contains("deleteItems([0, 0])"), "\(message)")
    }
  }

  // MARK: Our own layer

  @Test func aMappingThatIsNotOneToOneIsReportedAsOurs() throws {
    let mapped = Implementation.mapped(
      name: "colliding", snapshot: EngineSnapshot<String, String>.self,
      sectionSnapshot: EngineSectionSnapshot<String>.self, identifiers: CollidingIdentifiers.self
    ) { EngineDiffer<String, String>() }
    let failure = try #require(Self.failure(mapped, "full.differential", cases: 5))
    #expect(failure.kind?.culprit == .suite("identifier mapping"), "\(failure.report)")
    #expect(StringIdentifiers.mappingProblems().isEmpty)
    #expect(!CollidingIdentifiers.mappingProblems().isEmpty)
  }
}

/// Maps item 7 to "6": not one-to-one (a planted fault of the mapping layer).
enum CollidingIdentifiers: IdentifierMapping {
  static func section(_ id: Int) -> String { "s\(id)" }
  static func item(_ id: Int) -> String { id == 7 ? "6" : String(id) }
}
