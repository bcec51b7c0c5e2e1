import Foundation
import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import TestSupport
import Testing
import Verification

/// Every family of the catalog catches at least two deliberately broken
/// implementations within the CI budget, and shrinks each to a short case.
@Suite struct CatalogPlantedBugTests {
  static let seed: UInt64 = 0xD1FF_AB1E

  typealias EngineFull = EngineSnapshot<Int, Int>
  typealias EngineSection = EngineSectionSnapshot<Int>

  /// An implementation whose full snapshot is `S` (diffed by the engine's
  /// differ) and whose section snapshot is `T`.
  static func implementation<S: SnapshotProtocol<Int, Int>, T: SectionSnapshotProtocol<Int>>(
    _ name: String, _ snapshot: S.Type, _ section: T.Type
  ) -> Implementation<S, T, LayoutDiffer<S>, ModelDataSource<Int, Int>> {
    Implementation(name: name) { LayoutDiffer<S>() }
  }

  /// An engine whose differ's changesets are corrupted by `plant`.
  static func differ(_ name: String, _ plant: @escaping PlantedDiff.Plant)
    -> Implementation<
      EngineFull, EngineSection, LayoutDiffer<EngineFull>, ModelDataSource<Int, Int>
    >
  {
    Implementation(name: name) { LayoutDiffer<EngineFull>(plant: plant) }
  }

  /// The shrunk failure of property `name` on `implementation`, if caught;
  /// prints its size as a `planted-shrink |` row (the README's table of
  /// shrink sizes: `swift test --filter CatalogPlantedBugTests 2>&1 | grep
  /// planted-shrink`).
  static func failure<S, T, D, DS>(
    _ implementation: Implementation<S, T, D, DS>, _ name: String, cases: Int = 1_000,
    shrink: ShrinkBudget = ShrinkBudget(maxCalls: 5_000, maxSeconds: 30)
  ) -> Counterexample? {
    guard let property = Catalog.property(named: name, for: implementation) else { return nil }
    var configuration = RunConfiguration(
      seed: seed, cases: cases, shrinkBudget: shrink)
    // The first failure only (the run stops there): these tests measure
    // how far one planted bug shrinks; DistinctFailuresTests covers kinds.
    configuration.maxFailureKinds = 1
    let report = Runner(configuration: configuration).run(property)
    guard let counterexample = report.counterexample else { return nil }
    print(counterexample.report)
    if let size = try? ShrunkSize(counterexample) {
      print("planted-shrink | \(name) | \(implementation.name) | \(size)")
    }
    return counterexample
  }

  static func fullCommands(_ failure: Counterexample) throws -> Int {
    try #require(try failure.script?.decode(FullScript.self)).commands.count
  }

  static func sectionCommands(_ failure: Counterexample) throws -> Int {
    try #require(try failure.script?.decode(SectionScript.self)).commands.count
  }

  /// The start tree's size: the shrinker reduces start states as hard as
  /// scripts, so a planted bug ends on the few nodes it needs.
  static func sectionStart(_ failure: Counterexample) throws -> Int {
    try #require(try failure.script?.decode(SectionScript.self)).initial.items.count
  }

  /// The start layout's size: the larger of its section and item counts.
  static func fullStart(_ failure: Counterexample) throws -> Int {
    let layout = try #require(try failure.script?.decode(FullScript.self)).initial
    return max(layout.count, layout.reduce(0) { $0 + $1.items.count })
  }

  static func diffCommands(_ failure: Counterexample) throws -> Int {
    let diffCase = try #require(try failure.script?.decode(DiffCase.self))
    return diffCase.script.commands.count + diffCase.further.count
  }

  /// The start state's size of any family's shrunk case (`ShrunkSize`).
  static func start(_ failure: Counterexample) throws -> ShrunkSize {
    try ShrunkSize(failure)
  }

  /// Expects the shrunk start state to hold at most `sections` sections
  /// and `items` items (nodes), and at most `total` of both together when
  /// given (a bug with two equally small shapes): the size the planted bug
  /// needs, measured (README, "Planted-bug shrink sizes").
  static func expectStart(
    _ failure: Counterexample, sections: Int, items: Int, total: Int? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let size = try ShrunkSize(failure)
    #expect(size.sections <= sections, "\(size)", sourceLocation: sourceLocation)
    #expect(size.items <= items, "\(size)", sourceLocation: sourceLocation)
    if let total {
      #expect(size.sections + size.items <= total, "\(size)", sourceLocation: sourceLocation)
    }
  }

  // MARK: full.

  @Test func fullCatchesSkippedExistingMove() throws {
    let bug = Self.implementation(
      "skip R-exists", PlantedFull.SkipExistingMove.self, EngineSection.self)
    let failure = try #require(Self.failure(bug, "full.differential"))
    try Self.expectStart(failure, sections: 1, items: 1)
    #expect(try Self.fullCommands(failure) <= 1)
    #expect(try Self.fullStart(failure) <= 2)
  }

  @Test func fullCatchesSectionLocalIndex() throws {
    let bug = Self.implementation(
      "local index", PlantedFull.SectionLocalIndex.self, EngineSection.self)
    let failure = try #require(Self.failure(bug, "full.differential"))
    try Self.expectStart(failure, sections: 2, items: 2)
    #expect(try Self.fullCommands(failure) <= 0)
    #expect(try Self.fullStart(failure) <= 2)
  }

  /// Every id a snapshot holds is asked about, not only the small cases'
  /// universe: a lookup that fails for ids from 64 on shows in a bulk
  /// scenario's long section.
  @Test func fullCatchesAFarItemLookup() throws {
    let bug = Self.implementation("far lookup", PlantedFull.FarItemLookup.self, EngineSection.self)
    let failure = try #require(Self.failure(bug, "full.differential"))
    #expect(try Self.fullStart(failure) >= FullScript.bulkItems.lowerBound)
  }

  /// Bulk scenarios insert long runs of new ids mid-section: a lookup
  /// cache that a long insert does not shift is caught.
  @Test func fullCatchesAnIndexCacheALongInsertLeftStale() throws {
    let bug = Self.implementation(
      "stale after long insert", PlantedFull.StaleAfterLongInsert.self, EngineSection.self)
    let failure = try #require(Self.failure(bug, "full.differential"))
    let script = try #require(try failure.script?.decode(FullScript.self))
    #expect(
      script.commands.contains {
        if case .insertItems(let ids, _) = $0 { return ids.count >= 16 }
        return false
      })
    #expect(script.commands.count <= 2)
  }

  /// `itemIdentifiers(at:)`, which `DiffableDataSource` reads deleted
  /// items with, is compared on every path.
  @Test func fullCatchesWrongPositions() throws {
    let bug = Self.implementation(
      "first-section positions", PlantedFull.FirstSectionPositions.self, EngineSection.self)
    let failure = try #require(Self.failure(bug, "full.differential"))
    #expect(try Self.fullCommands(failure) <= 0)
    #expect(try Self.fullStart(failure) <= 2)
  }

  @Test func fullCatchesNonAtomicDelete() throws {
    let bug = Self.implementation(
      "non-atomic delete", PlantedFull.NonAtomicDeleteSections.self, EngineSection.self)
    let failure = try #require(Self.failure(bug, "full.differential"))
    try Self.expectStart(failure, sections: 1, items: 0)
    #expect(try Self.fullCommands(failure) <= 1)
    #expect(try Self.fullStart(failure) <= 2)
  }

  // MARK: section.

  @Test func sectionCatchesLenientDelete() throws {
    let bug = Self.implementation(
      "lenient delete", EngineFull.self, PlantedSection.LenientDelete.self)
    let failure = try #require(Self.failure(bug, "section.differential", cases: 300))
    try Self.expectStart(failure, sections: 0, items: 0)
    #expect(try Self.sectionCommands(failure) <= 1)
    #expect(try Self.sectionStart(failure) <= 3)
  }

  @Test func sectionCatchesParentOnlyVisibility() throws {
    let bug = Self.implementation(
      "parent-only visibility", EngineFull.self, PlantedSection.ParentOnlyVisibility.self)
    let failure = try #require(Self.failure(bug, "section.differential", cases: 300))
    try Self.expectStart(failure, sections: 1, items: 3)
    #expect(try Self.sectionCommands(failure) <= 2)
    #expect(try Self.sectionStart(failure) <= 3)
  }

  // MARK: diff.

  @Test func diffCatchesReloadInStructuralBatch() throws {
    let bug = Self.differ("reload in structure", PlantedDiff.reloadInStructuralBatch)
    let failure = try #require(Self.failure(bug, "diff.batchShape"))
    try Self.expectStart(failure, sections: 1, items: 1)
    #expect(try Self.diffCommands(failure) <= 2)
  }

  @Test func diffCatchesDeleteAndReinsert() throws {
    let bug = Self.differ("delete+insert moves", PlantedDiff.deleteAndReinsertMoves)
    let failure = try #require(Self.failure(bug, "diff.roundTrip"))
    try Self.expectStart(failure, sections: 2, items: 2)
    #expect(try Self.diffCommands(failure) <= 1)
  }

  @Test func diffCatchesOffByOneDestination() throws {
    let bug = Self.differ("off-by-one move", PlantedDiff.offByOneDestination)
    let failure = try #require(Self.failure(bug, "diff.roundTrip"))
    try Self.expectStart(failure, sections: 2, items: 2)
    #expect(try Self.diffCommands(failure) <= 1)
  }

  @Test func diffCatchesNonMinimalMoves() throws {
    let bug = Implementation<
      EngineFull, EngineSection, NaiveDiffer<EngineFull>, ModelDataSource<Int, Int>
    >(name: "naive") {
      NaiveDiffer()
    }
    let failure = try #require(Self.failure(bug, "diff.minimalMoves"))
    try Self.expectStart(failure, sections: 2, items: 2)
    #expect(try Self.diffCommands(failure) <= 1)
  }

  @Test func diffCatchesReconfigureAsReload() throws {
    let bug = Self.differ("reconfigure as reload", PlantedDiff.reconfigureAsReload)
    let failure = try #require(Self.failure(bug, "diff.refresh"))
    try Self.expectStart(failure, sections: 1, items: 1)
    #expect(try Self.diffCommands(failure) <= 1)
  }

  // MARK: expansion.

  @Test func expansionCatchesCascadingCollapse() throws {
    let bug = Self.implementation(
      "cascading collapse", EngineFull.self, PlantedSection.CascadingCollapse.self)
    let failure = try #require(Self.failure(bug, "expansion.editsElsewhere", cases: 400))
    try Self.expectStart(failure, sections: 1, items: 2)
    #expect(try Self.sectionCommands(failure) <= 1)
    #expect(try Self.sectionStart(failure) <= 3)
    let again = try #require(Self.failure(bug, "expansion.ancestorCollapse", cases: 400))
    try Self.expectStart(again, sections: 1, items: 2)
    #expect(try Self.sectionCommands(again) <= 1)
    #expect(try Self.sectionStart(again) <= 3)
  }

  @Test func expansionCatchesStaleFlags() throws {
    let bug = Self.implementation("stale flags", EngineFull.self, PlantedSection.StaleFlags.self)
    let failure = try #require(Self.failure(bug, "expansion.droppedOnDelete", cases: 400))
    try Self.expectStart(failure, sections: 1, items: 2)
    #expect(try Self.sectionCommands(failure) <= 2)
    #expect(try Self.sectionStart(failure) <= 3)
  }

  @Test func expansionCatchesFlaglessGraft() throws {
    let bug = Self.implementation(
      "flagless graft", EngineFull.self, PlantedSection.FlaglessGraft.self)
    let failure = try #require(Self.failure(bug, "expansion.insertSnapshot", cases: 400))
    try Self.expectStart(failure, sections: 1, items: 1)
    #expect(try Self.sectionCommands(failure) <= 1)
    #expect(try Self.sectionStart(failure) <= 3)
  }

  @Test func expansionCatchesFlaglessExtract() throws {
    let bug = Self.implementation(
      "flagless extract", EngineFull.self, PlantedSection.FlaglessExtract.self)
    let failure = try #require(Self.failure(bug, "expansion.snapshotOf", cases: 400))
    try Self.expectStart(failure, sections: 1, items: 2)
    #expect(try Self.sectionCommands(failure) <= 1)
    #expect(try Self.sectionStart(failure) <= 3)
  }

  @Test func expansionCatchesReplaceCollapsingParent() throws {
    let bug = Self.implementation(
      "replace collapses parent", EngineFull.self, PlantedSection.ReplaceCollapsesParent.self)
    let failure = try #require(Self.failure(bug, "expansion.replaceChildren", cases: 400))
    try Self.expectStart(failure, sections: 1, items: 1)
    #expect(try Self.sectionCommands(failure) <= 1)
    #expect(try Self.sectionStart(failure) <= 3)
  }

  // MARK: meta.

  @Test func metaCatchesSharedFullStorage() throws {
    let bug = Self.implementation(
      "shared storage", PlantedFull.SharedStorage.self, EngineSection.self)
    let failure = try #require(Self.failure(bug, "meta.valueSemantics.full"))
    try Self.expectStart(failure, sections: 1, items: 0)
    #expect(try Self.fullCommands(failure) <= 1)
    #expect(try Self.fullStart(failure) <= 2)
  }

  @Test func metaCatchesSharedSectionStorage() throws {
    let bug = Self.implementation(
      "shared storage", EngineFull.self, PlantedSection.SharedStorage.self)
    let failure = try #require(Self.failure(bug, "meta.valueSemantics.section", cases: 300))
    // One node: the copy's own edit needs an item to act on.
    try Self.expectStart(failure, sections: 1, items: 1)
    #expect(try Self.sectionCommands(failure) <= 1)
    #expect(try Self.sectionStart(failure) <= 3)
  }

  @Test func metaReverseCatchesOffByOneDestination() throws {
    let bug = Self.differ("off-by-one move", PlantedDiff.offByOneDestination)
    let failure = try #require(Self.failure(bug, "meta.reverse"))
    try Self.expectStart(failure, sections: 1, items: 3)
    #expect(try Self.diffCommands(failure) <= 1)
  }

  @Test func metaComposeCatchesDeleteAndReinsert() throws {
    let bug = Self.differ("delete+insert moves", PlantedDiff.deleteAndReinsertMoves)
    let failure = try #require(Self.failure(bug, "meta.compose"))
    try Self.expectStart(failure, sections: 2, items: 2)
    #expect(try Self.diffCommands(failure) <= 1)
  }

  // MARK: datasource.

  static func dataSource<DS: DataSourceProtocol>(_ name: String, _ type: DS.Type)
    -> Implementation<EngineFull, EngineSection, EngineDiffer<Int, Int>, DS>
  {
    Implementation(name: name, dataSource: type) { EngineDiffer<Int, Int>() }
  }

  static func sessionCommands(_ failure: Counterexample) throws -> Int {
    try #require(try failure.script?.decode(DataSourceScript.self)).commands.count
  }

  @Test func dataSourceCatchesDroppedHandler() throws {
    let bug = Self.dataSource("drops willExpand", PlantedDataSource.DropsWillExpand.self)
    let failure = try #require(Self.failure(bug, "datasource.handlerOrder", cases: 300))
    try Self.expectStart(failure, sections: 1, items: 1)
    #expect(try Self.sessionCommands(failure) <= 2)
  }

  @Test func dataSourceCatchesRowsThatAreNotVisibleItems() throws {
    let bug = Self.dataSource("expanded snapshot(for:)", PlantedDataSource.ExpandedSnapshotFor.self)
    let failure = try #require(Self.failure(bug, "datasource.visibleRows", cases: 300))
    try Self.expectStart(failure, sections: 1, items: 2)
    #expect(try Self.sessionCommands(failure) <= 2)
  }

  @Test func dataSourceCatchesIgnoredVeto() throws {
    let bug = Self.dataSource("ignores collapse veto", PlantedDataSource.IgnoresCollapseVeto.self)
    let failure = try #require(Self.failure(bug, "datasource.differential", cases: 300))
    try Self.expectStart(failure, sections: 1, items: 1)
    #expect(try Self.sessionCommands(failure) <= 3)
  }

  // MARK: datasource. changeset audits

  @Test func dataSourceRefreshCatchesReloadedToggleRow() throws {
    let bug = Self.dataSource("toggle reloads its row", PlantedDataSource.ToggleReloadsRow.self)
    let failure = try #require(Self.failure(bug, "datasource.refresh", cases: 300))
    try Self.expectStart(failure, sections: 1, items: 1)
    #expect(try Self.sessionCommands(failure) <= 2)
  }

  @Test func dataSourceMinimalMovesCatchesNaiveApply() throws {
    let bug = Self.dataSource("naive apply", PlantedDataSource.NaiveApply.self)
    let failure = try #require(Self.failure(bug, "datasource.minimalMoves", cases: 300))
    try Self.expectStart(failure, sections: 2, items: 1)
    #expect(try Self.sessionCommands(failure) <= 2)
  }

  // MARK: datasource. settings

  @Test func dataSourceRefreshCatchesIgnoredReconfigureStyle() throws {
    let bug = Self.dataSource("style ignored", PlantedDataSource.IgnoresReconfigureStyle.self)
    let failure = try #require(Self.failure(bug, "datasource.refresh", cases: 300))
    try Self.expectStart(failure, sections: 1, items: 1)
    let script = try #require(try failure.script?.decode(DataSourceScript.self))
    #expect(script.contentUpdateStyle == .reconfigure)
    #expect(script.commands.count <= 3)
  }

  @Test func dataSourceRefreshCatchesDroppedMarks() throws {
    let bug = Self.dataSource("marks dropped", PlantedDataSource.DropsMarks.self)
    let failure = try #require(Self.failure(bug, "datasource.refresh", cases: 300))
    try Self.expectStart(failure, sections: 1, items: 1)
    #expect(try Self.sessionCommands(failure) <= 2)
  }

  @Test func dataSourceCatchesMissingShouldExpandThatVetoes() throws {
    let bug = Self.dataSource(
      "nil shouldExpand vetoes", PlantedDataSource.MissingShouldExpandVetoes.self)
    let failure = try #require(Self.failure(bug, "datasource.differential", cases: 300))
    try Self.expectStart(failure, sections: 1, items: 1)
    let script = try #require(try failure.script?.decode(DataSourceScript.self))
    #expect(script.absentHandlers == [.shouldExpandItem])
    #expect(script.commands.count <= 2)
  }

  @Test func reorderCatchesMissingCanReorderThatAllows() throws {
    let bug = Self.dataSource(
      "nil canReorder allows", PlantedDataSource.MissingCanReorderAllows.self)
    let failure = try #require(Self.failure(bug, "reorder.transaction", cases: 300))
    try Self.expectStart(failure, sections: 1, items: 1)
    let script = try #require(try failure.script?.decode(DataSourceScript.self))
    #expect(script.absentHandlers == [.canReorderItem])
    #expect(script.commands.count <= 2)
  }

  // MARK: datasource. invalid actions

  @Test func dataSourceCatchesExpandedHiddenRow() throws {
    let bug = Self.dataSource("hidden row expands", PlantedDataSource.ExpandsHiddenRow.self)
    let failure = try #require(Self.failure(bug, "datasource.differential", cases: 300))
    try Self.expectStart(failure, sections: 1, items: 2)
    #expect(try Self.sessionCommands(failure) <= 2)
  }

  @Test func reorderCatchesRefusedDropOntoItself() throws {
    let bug = Self.dataSource("self-drop refused", PlantedDataSource.RefusesDropOntoItself.self)
    let failure = try #require(Self.failure(bug, "reorder.transaction", cases: 300))
    try Self.expectStart(failure, sections: 1, items: 1)
    #expect(try Self.sessionCommands(failure) <= 2)
  }

  // MARK: reorder.

  @Test func reorderCatchesForwardSectionOrder() throws {
    let bug = Self.dataSource("forward section order", PlantedDataSource.ForwardSectionOrder.self)
    // A drag across two sections, each brought in by a section apply of
    // one row.
    let failure = try #require(Self.failure(bug, "reorder.transaction", cases: 300))
    try Self.expectStart(failure, sections: 1, items: 1)
    #expect(try Self.sessionCommands(failure) <= 3)
    let again = try #require(Self.failure(bug, "reorder.differencesApply", cases: 300))
    try Self.expectStart(again, sections: 1, items: 1)
    #expect(try Self.sessionCommands(again) <= 3)
  }

  @Test func reorderCatchesRefusedDragThatMoves() throws {
    let bug = Self.dataSource("refused drag moves", PlantedDataSource.RefusedDragMoves.self)
    // A drag that changes the order: two rows of one section, or one row
    // and a second section to drop it in.
    let failure = try #require(Self.failure(bug, "reorder.refused", cases: 300))
    try Self.expectStart(failure, sections: 2, items: 2, total: 3)
    #expect(try Self.sessionCommands(failure) <= 2)
  }

  @Test func reorderCatchesDroppedSubtreeFlags() throws {
    let bug = Self.dataSource("drag drops flags", PlantedDataSource.DragDropsFlags.self)
    let failure = try #require(Self.failure(bug, "reorder.subtreeCarried", cases: 300))
    try Self.expectStart(failure, sections: 1, items: 2)
    #expect(try Self.sessionCommands(failure) <= 3)
  }
}
