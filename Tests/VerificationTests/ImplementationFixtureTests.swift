import Foundation
import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import TestSupport
import Testing
import Verification

/// The implementations people ship, as fixtures (issue 9): trap-style and
/// lenient snapshots, a staged differ, `String` and `UUID` identifiers. Each
/// conforms with no false positive on a modest budget; a planted bug in
/// each style is found and shrunk to at most 3 commands.
@Suite struct ImplementationFixtureTests {
  static let seed: UInt64 = 0x5EED_F1C5

  typealias TrappingStrings = AppleStyleSnapshot<String, String, Trapping>
  typealias TrappingStringTree = AppleStyleSectionSnapshot<String, Trapping>

  /// A trap-style implementation with `String` ids: Apple's API, no throws.
  static var trappingStrings:
    Implementation<
      MappedSnapshot<TrappingStrings, StringIdentifiers>,
      MappedSectionSnapshot<TrappingStringTree, StringIdentifiers>,
      MappedDiffer<AppleStyleDiffer<String, String, Trapping>, StringIdentifiers>,
      ModelDataSource<Int, Int>
    >
  {
    .mapped(
      name: "trapping strings", snapshot: TrappingStrings.self,
      sectionSnapshot: TrappingStringTree.self, identifiers: StringIdentifiers.self,
      misuse: .traps
    ) { AppleStyleDiffer<String, String, Trapping>() }
  }

  /// A lenient implementation (ignores rejected calls), `Int` ids.
  static func lenient<Flavor: FixtureFlavor>(_ flavor: Flavor.Type) -> Implementation<
    AppleStyleSnapshot<Int, Int, Flavor>, AppleStyleSectionSnapshot<Int, Flavor>,
    AppleStyleDiffer<Int, Int, Flavor>, ModelDataSource<Int, Int>
  > {
    Implementation(
      name: "lenient", snapshot: AppleStyleSnapshot<Int, Int, Flavor>.self,
      sectionSnapshot: AppleStyleSectionSnapshot<Int, Flavor>.self, misuse: .unspecified
    ) { AppleStyleDiffer<Int, Int, Flavor>() }
  }

  /// The shrunk failure of `name` on `implementation`.
  static func failure<S, T, D, DS>(
    _ implementation: Implementation<S, T, D, DS>, _ name: String, cases: Int = 400
  ) -> Counterexample? {
    guard let property = Catalog.property(named: name, for: implementation) else { return nil }
    var configuration = RunConfiguration(
      seed: seed, cases: cases, shrinkBudget: ShrinkBudget(maxCalls: 3_000, maxSeconds: 10))
    // The first failure only (the run stops there): these tests measure
    // how far one planted bug shrinks; DistinctFailuresTests covers kinds.
    configuration.maxFailureKinds = 1
    return Runner(configuration: configuration).run(property).counterexample
  }

  static func commands(_ failure: Counterexample) throws -> Int {
    if let diffCase = try? failure.script?.decode(DiffCase.self) {
      return diffCase.script.commands.count + diffCase.further.count
    }
    if let script = try? failure.script?.decode(SectionScript.self) { return script.commands.count }
    return try #require(try failure.script?.decode(FullScript.self)).commands.count
  }

  // MARK: No false positive

  @Test func aTrappingStringImplementationConforms() {
    let result = Conformance.check(
      Self.trappingStrings, families: [.full, .section, .diff, .meta], seed: Self.seed, cases: 30)
    #expect(result.hasNoFailure, "\(result.summary)")
    #expect(!result.reports.contains { $0.property.hasPrefix("misuse.") })
  }

  @Test func aLenientImplementationConforms() {
    let result = Conformance.check(
      Self.lenient(Lenient.self), families: [.full, .section, .expansion, .meta],
      seed: Self.seed, cases: 30)
    #expect(result.hasNoFailure, "\(result.summary)")
  }

  @Test func aStagedDifferConformsToTheRequiredProperties() {
    let staged = Implementation(
      name: "staged", snapshot: EngineSnapshot<Int, Int>.self,
      sectionSnapshot: EngineSectionSnapshot<Int>.self
    ) { StagedFixtureDiffer<EngineSnapshot<Int, Int>>() }
    let result = Conformance.check(staged, families: [.diff, .meta], seed: Self.seed, cases: 80)
    #expect(result.hasNoFailure, "\(result.summary)")
    // It breaks the engine's own contract only: one structural batch, and
    // (diffing engine snapshots without reading their stored contents)
    // `diff.storedContents`.
    let contracts = Conformance.check(
      staged, families: [.diff], includeContracts: true, seed: Self.seed, cases: 40)
    #expect(
      Set(contracts.failedProperties).isSubset(
        of: ["diff.batchShape", "diff.minimalMoves", "diff.storedContents"]))
    #expect(contracts.failedProperties.contains("diff.batchShape"))
  }

  @Test func aStagedStringDifferConforms() {
    let staged = Implementation.mapped(
      name: "staged strings", snapshot: EngineSnapshot<String, String>.self,
      sectionSnapshot: EngineSectionSnapshot<String>.self, identifiers: StringIdentifiers.self
    ) { StagedFixtureDiffer<EngineSnapshot<String, String>>() }
    let result = Conformance.check(staged, families: [.diff, .meta], seed: Self.seed, cases: 40)
    #expect(result.hasNoFailure, "\(result.summary)")
  }

  @Test func aUUIDImplementationConforms() {
    let uuids = Implementation.mapped(
      name: "uuid engine", snapshot: EngineSnapshot<UUID, UUID>.self,
      sectionSnapshot: EngineSectionSnapshot<UUID>.self, identifiers: UUIDIdentifiers.self
    ) { EngineDiffer<UUID, UUID>() }
    let result = Conformance.check(
      uuids, families: [.full, .section, .diff], includeContracts: true, seed: Self.seed, cases: 25)
    #expect(result.hasNoFailure, "\(result.summary)")
  }

  // MARK: Planted bugs, shrunk

  @Test func aStagedDifferHoldingAMovedItemTwiceIsCaught() throws {
    let bug = Implementation(
      name: "staged twice", snapshot: EngineSnapshot<Int, Int>.self,
      sectionSnapshot: EngineSectionSnapshot<Int>.self
    ) { TwiceHoldingStagedDiffer<EngineSnapshot<Int, Int>>() }
    let failure = try #require(Self.failure(bug, "diff.roundTrip"))
    // The planted stage data also keeps a reordered section's old order
    // (no move at all): start layouts now shrink item by item, so the
    // shrinker may end on that smaller facet of the same bug (one section,
    // two items) instead of the cross-section move (`InterpreterStagedTests`
    // shows the repeated id reported as such).
    #expect(
      failure.message.contains("holds item") || failure.message.contains("is not the target"),
      "\(failure.report)")
    #expect(try Self.commands(failure) <= 3)
  }

  @Test func aLenientExpandRememberingMissingIdsIsCaught() throws {
    let failure = try #require(
      Self.failure(Self.lenient(LenientRemembersExpand.self), "section.differential"))
    #expect(try Self.commands(failure) <= 3, "\(failure.report)")
  }

  @Test func deleteAllItemsKeepingSectionsIsCaught() throws {
    let bug = Implementation.mapped(
      name: "keeps sections",
      snapshot: AppleStyleSnapshot<String, String, TrappingKeepsSections>.self,
      sectionSnapshot: TrappingStringTree.self, identifiers: StringIdentifiers.self,
      misuse: .traps
    ) { AppleStyleDiffer<String, String, TrappingKeepsSections>() }
    let failure = try #require(Self.failure(bug, "full.differential"))
    #expect(try Self.commands(failure) <= 3, "\(failure.report)")
    // Rendered with the user's types and literals; rejected calls skipped.
    #expect(failure.swiftCode.contains("AppleStyleSnapshot<String, String"), "\(failure.swiftCode)")
    #expect(failure.swiftCode.contains("\"s"), "\(failure.swiftCode)")
    #expect(!failure.swiftCode.contains("{ try c."), "\(failure.swiftCode)")
    // It asserts the whole state after each call, in the user's literals.
    #expect(
      failure.swiftCode.contains(#"#expect(c.indexOfSection("s0") == nil)"#), "\(failure.swiftCode)"
    )
    #expect(
      failure.swiftCode.contains(
        "try Check.run(AppleStyleSnapshot<String, String, TrappingKeepsSections>.self)"))
  }

  @Test func reloadingAnInsertedMarkedItemFailsOnlyTheContract() throws {
    let uikit = Implementation(
      name: "uikit reloads", snapshot: EngineSnapshot<Int, Int>.self,
      sectionSnapshot: EngineSectionSnapshot<Int>.self
    ) { UIKitReloadDiffer() }
    let required = Conformance.check(uikit, families: [.diff], seed: Self.seed, cases: 150)
    #expect(required.hasNoFailure, "\(required.summary)")
    let failure = try #require(Self.failure(uikit, "diff.refreshExact", cases: 300))
    #expect(try Self.commands(failure) <= 3, "\(failure.report)")
  }

  // MARK: Honest diagnosis, reports

  @Test func aCorruptImplementationSnapshotIsReportedAsSuch() throws {
    let corrupt = Implementation(
      name: "duplicating append", snapshot: DuplicatingAppendSnapshot.self,
      sectionSnapshot: EngineSectionSnapshot<Int>.self
    ) { ModelDifferBridgeDiffer<DuplicatingAppendSnapshot>() }
    let failure = try #require(Self.failure(corrupt, "diff.roundTrip"))
    // Blamed on the snapshot's own call that built the corrupt value, not
    // on the differ that was handed it.
    guard case .call(part: "snapshot", _)? = failure.kind?.culprit else {
      Issue.record("blamed on \(String(describing: failure.kind)): \(failure.report)")
      return
    }
    #expect(
      failure.message.contains("the snapshot differs from the reference"), "\(failure.report)")
  }

  @Test func everyFailingPropertyIsReportedUnlessStoppingAtTheFirst() {
    let bug = Self.lenient(LenientRemembersExpand.self)
    let all = Conformance.check(bug, families: [.section, .expansion], seed: Self.seed, cases: 80)
    let first = Conformance.check(
      bug, families: [.section, .expansion], seed: Self.seed, cases: 80, stopAtFirstFailure: true)
    #expect(all.counterexamples.count >= 2, "\(all.summary)")
    #expect(first.counterexamples.count == 1)
    let required = Catalog.properties(for: bug, families: [.section, .expansion])
      .filter { $0.tag == .required }
    #expect(all.reports.count == required.count)
    #expect(all.failedProperties == all.counterexamples.map(\.property))
  }

  @Test func trapPropertiesExistOnlyForTrappingImplementationsAndRunOnlyInChildren() throws {
    let traps = Catalog.properties(for: Self.trappingStrings, includeContracts: true).filter(
      \.expectsTrap)
    #expect(traps.map(\.name) == ["misuse.traps.full", "misuse.traps.section"])
    let ownDataSource = Implementation(
      name: "own data source", snapshot: EngineSnapshot<Int, Int>.self,
      sectionSnapshot: EngineSectionSnapshot<Int>.self,
      dataSource: TrappingDataSource<Int, Int>.self, misuse: .traps
    ) { EngineDiffer<Int, Int>() }
    #expect(
      Catalog.properties(for: ownDataSource, includeContracts: true).filter(\.expectsTrap).map(
        \.name) == [
          "misuse.traps.full", "misuse.traps.section", "misuse.traps.datasource",
        ])
    #expect(
      Catalog.properties(for: Self.lenient(Lenient.self), includeContracts: true).allSatisfy {
        !$0.expectsTrap
      })
    #expect(Catalog.properties(for: .engine, includeContracts: true).allSatisfy { !$0.expectsTrap })
    let property = try #require(
      Catalog.properties(for: Self.trappingStrings, families: [.misuse]).first)
    let report = Runner(configuration: RunConfiguration(seed: Self.seed, cases: 10)).run(property)
    #expect(report.skipped != nil && report.casesRun == 0)
  }

  @Test func aTrapPropertyFailsWhenTheCallReturns() throws {
    // A lenient implementation that claims `.traps`: the rejected call
    // returns, which the (child-process) property reports as a failure.
    let liar = Implementation(
      name: "claims traps", snapshot: AppleStyleSnapshot<Int, Int, Lenient>.self,
      sectionSnapshot: AppleStyleSectionSnapshot<Int, Lenient>.self, misuse: .traps
    ) { AppleStyleDiffer<Int, Int, Lenient>() }
    let properties = Catalog.properties(for: liar, families: [.misuse])
    #expect(properties.map(\.name) == ["misuse.traps.full", "misuse.traps.section"])
    for property in properties {
      for seed: UInt64 in 1...5 {
        let run = property.run(seed: seed, size: 10, caseIndex: 0)
        #expect(run.verdict.isFailure, "\(property.name) seed \(seed)")
      }
    }
  }

  @Test func theDataSourceTrapPropertyFailsWhenTheCallReturns() throws {
    // The engine's data source throws on a bad drag; declared `.traps`,
    // its rejected calls return, which the property reports (with the
    // call in the failure message).
    let liar = Implementation(
      name: "claims traps", snapshot: EngineSnapshot<Int, Int>.self,
      sectionSnapshot: EngineSectionSnapshot<Int>.self,
      dataSource: EngineDataSource<Int, Int>.self, misuse: .traps
    ) { EngineDiffer<Int, Int>() }
    let property = try #require(
      Catalog.properties(for: liar, families: [.misuse]).first {
        $0.name == "misuse.traps.datasource"
      })
    for seed: UInt64 in 1...5 {
      let run = property.run(seed: seed, size: 10, caseIndex: 0)
      #expect(run.verdict.isFailure, "seed \(seed)")
      guard let message = run.verdict.failureMessage else { continue }
      #expect(message.contains("d.user") || message.contains("d.apply"), "\(message)")
    }
  }
}

/// The model's differ over any `Int` snapshot, through its layout.
struct ModelDifferBridgeDiffer<Snapshot: SnapshotProtocol<Int, Int>>: DifferProtocol, Sendable {
  func changeset(from old: Snapshot, to new: Snapshot, options: DiffOptions<Int>) -> Changeset {
    ModelDifferBridge.changeset(from: old, to: new, options: options)
  }
}
