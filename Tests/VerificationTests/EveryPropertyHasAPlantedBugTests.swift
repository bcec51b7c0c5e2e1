import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import TestSupport
import Testing
import Verification

/// Every property of the default catalog has a planted bug that it
/// catches: one table entry per property name, each building the property
/// for an implementation with a bug planted where that property looks
/// (the planted types the per-family tests use). The table must list the
/// catalog's names exactly, and each entry's bug must be found within its
/// budget.
@Suite struct EveryPropertyHasAPlantedBugTests {
  typealias Planted = CatalogPlantedBugTests
  typealias EngineFull = EngineSnapshot<Int, Int>
  typealias EngineSection = EngineSectionSnapshot<Int>

  /// How an entry shows that its property catches its planted bug.
  enum CheckMode: Sendable {
    /// Run in process by `Runner`: the run must end on a counterexample.
    case runner
    /// A property that expects a trap (in-process runners skip it): a
    /// lenient implementation claiming `.traps` returns from the rejected
    /// call, which the property, run in process case by case, must fail.
    case returnsInsteadOfTrapping
    /// The property judges the suite's own reference, not the
    /// implementation: no implementation can plant its bug, so the
    /// closure builds nothing and the bug is planted in the reference
    /// (wired by the suite's own reference tests).
    case suiteReference
    /// `diff.model`: the property's check run with a planted stand-in for
    /// the reference differ must fail, as the suite's fault.
    case referenceDiffer
  }

  /// One property of the catalog, with the planted bug it must catch.
  struct Entry: Sendable, CustomTestStringConvertible {
    /// The property's catalog name.
    var name: String
    /// What the planted implementation gets wrong.
    var bug: String
    /// How the catch is shown.
    var mode: CheckMode = .runner
    /// The run's seed.
    var seed: UInt64 = CatalogPlantedBugTests.seed
    /// The run's cases (at most 400).
    var cases: Int = 400
    /// The catalog property of this name, built for the planted
    /// implementation (`nil` for `.suiteReference`).
    var property: @Sendable () -> AnyProperty?

    /// The property's name: how the test case reads.
    var testDescription: String { name }
  }

  /// An entry for property `name` built for the planted implementation
  /// `implementation` makes.
  static func entry<S, T, D, DS>(
    _ name: String, _ bug: String, mode: CheckMode = .runner,
    seed: UInt64 = CatalogPlantedBugTests.seed, cases: Int = 400,
    _ implementation: @escaping @Sendable () -> Implementation<S, T, D, DS>
  ) -> Entry {
    Entry(name: name, bug: bug, mode: mode, seed: seed, cases: cases) {
      Catalog.property(named: name, for: implementation())
    }
  }

  /// An entry for a property that expects a trap, built for
  /// `implementation`, a lenient one that declares `.traps`.
  static func trap<S, T, D, DS>(
    _ name: String, _ bug: String,
    _ implementation: @escaping @Sendable () -> Implementation<S, T, D, DS>
  ) -> Entry {
    entry(name, bug, mode: .returnsInsteadOfTrapping, implementation)
  }

  /// An entry for a property that judges the suite's own reference.
  static func suiteReference(_ name: String, _ bug: String) -> Entry {
    Entry(name: name, bug: bug, mode: .suiteReference) { nil }
  }

  /// An implementation whose data source is `type` (engine snapshots and
  /// differ).
  static func dataSource<DS: DataSourceProtocol>(_ type: DS.Type)
    -> Implementation<EngineFull, EngineSection, EngineDiffer<Int, Int>, DS>
  where DS.Section == Int, DS.Item == Int {
    Planted.dataSource("\(type)", type)
  }

  /// An implementation with the engine's full snapshot and the section
  /// snapshot `type`.
  static func section<T: SectionSnapshotProtocol<Int>>(_ name: String, _ type: T.Type)
    -> Implementation<
      EngineFull, T, LayoutDiffer<EngineFull>, ModelDataSource<Int, Int>
    >
  {
    Planted.implementation(name, EngineFull.self, type)
  }

  /// A lenient implementation (Apple-style snapshots that ignore rejected
  /// calls) that claims to trap on them.
  static func lenientClaimingTraps() -> Implementation<
    AppleStyleSnapshot<Int, Int, Lenient>, AppleStyleSectionSnapshot<Int, Lenient>,
    AppleStyleDiffer<Int, Int, Lenient>, ModelDataSource<Int, Int>
  > {
    Implementation(
      name: "claims traps", snapshot: AppleStyleSnapshot<Int, Int, Lenient>.self,
      sectionSnapshot: AppleStyleSectionSnapshot<Int, Lenient>.self, misuse: .traps
    ) { AppleStyleDiffer<Int, Int, Lenient>() }
  }

  /// One entry per property name, in catalog order.
  static let table: [Entry] =
    fullEntries + sectionEntries + diffEntries + expansionEntries
    + dataSourceEntries + reorderEntries + metaEntries + misuseEntries

  /// `full.`
  static let fullEntries: [Entry] = [
    entry("full.differential", "appendItems skips ids already present instead of moving them") {
      Planted.implementation("skip R-exists", PlantedFull.SkipExistingMove.self, EngineSection.self)
    },
    entry("full.specDecisions", "== compares the items only, not the sections holding them") {
      Planted.implementation(
        "== ignores sections", PlantedEquality.FullIgnoresSections.self, EngineSection.self)
    },
    entry("full.markOrder", "reloadedItemIdentifiers lists marks in reverse first-mark order") {
      Planted.implementation("reversed marks", ReversedMarksSnapshot.self, EngineSection.self)
    },
    entry("full.engineQueries", "indexPath(of:) answers the global index as the item index") {
      EngineExtensionPropertyTests.implementation(
        "global index path", PlantedExtended.GlobalIndexPath.self, EngineSection.self)
    },
  ]

  /// `section.`
  static let sectionEntries: [Entry] = [
    entry("section.differential", "delete ignores missing ids instead of throwing") {
      section("lenient delete", PlantedSection.LenientDelete.self)
    },
    entry("section.specDecisions", "== compares the items in pre-order only, not the shape") {
      section("== ignores shape", PlantedEquality.SectionIgnoresShape.self)
    },
    entry("section.engineQueries", "count answers the visible items' count") {
      EngineExtensionPropertyTests.implementation(
        "visible count", PlantedExtended.CleanFull.self, PlantedExtended.VisibleCount.self)
    },
  ]

  /// `diff.`
  static let diffEntries: [Entry] = [
    entry("diff.roundTrip", "a move's destination is one row further down") {
      Planted.differ("off-by-one move", PlantedDiff.offByOneDestination)
    },
    entry("diff.minimalMoves", "the model's naive diff: every item whose index changed moves") {
      Implementation(
        name: "naive", snapshot: EngineFull.self, sectionSnapshot: EngineSection.self
      ) { NaiveDiffer<EngineFull>() }
    },
    entry("diff.refresh", "reconfigures are reported as reloads") {
      Planted.differ("reconfigure as reload", PlantedDiff.reconfigureAsReload)
    },
    entry("diff.refreshExact", "an item inserted and marked for reload is reloaded too") {
      Implementation(
        name: "uikit reloads", snapshot: EngineFull.self, sectionSnapshot: EngineSection.self
      ) { UIKitReloadDiffer() }
    },
    entry("diff.batchShape", "reloads are emitted in the structural batch") {
      Planted.differ("reload in structure", PlantedDiff.reloadInStructuralBatch)
    },
    entry("diff.empty", "appending an item held by another section copies it (a corrupt a)") {
      Implementation(
        name: "duplicating append", snapshot: DuplicatingAppendSnapshot.self,
        sectionSnapshot: EngineSection.self
      ) { ModelDifferBridgeDiffer<DuplicatingAppendSnapshot>() }
    },
    // The reference model's own differ: the bug is planted in a stand-in
    // reference differ (`CatalogBuilder.referenceDifferVerdict`).
    Entry(
      name: "diff.model", bug: "the reference differ drops its refresh batch",
      mode: .referenceDiffer
    ) {
      nil
    },
    // The reference interpreter's entry points: no implementation can make
    // them disagree (a wrong changeset is the differ's bug, never the
    // reference's), so the bug is planted in the reference interpreter.
    suiteReference("diff.entryPoints", "the reference interpreter's entry points disagree"),
    entry("diff.storedContents", "appendItems(_:contents:toSection:) drops the contents") {
      EngineExtensionPropertyTests.implementation(
        "drops contents", PlantedExtended.DropsContents.self, EngineSection.self)
    },
    entry("diff.stateless", "the last changeset is cached by the snapshots' counts") {
      Implementation(
        name: "count caching", snapshot: EngineFull.self, sectionSnapshot: EngineSection.self
      ) { CountCachingDiffer<EngineFull>() }
    },
  ]

  /// `expansion.`
  static let expansionEntries: [Entry] = [
    entry("expansion.editsElsewhere", "collapse also collapses every descendant") {
      section("cascading collapse", PlantedSection.CascadingCollapse.self)
    },
    entry("expansion.droppedOnDelete", "delete keeps the flags: a re-added item is expanded") {
      section("stale flags", PlantedSection.StaleFlags.self)
    },
    entry("expansion.ancestorCollapse", "collapse also collapses every descendant") {
      section("cascading collapse", PlantedSection.CascadingCollapse.self)
    },
    entry("expansion.snapshotOf", "snapshot(of:) extracts the subtree without its flags") {
      section("flagless extract", PlantedSection.FlaglessExtract.self)
    },
    entry("expansion.insertSnapshot", "insert(snapshot, after:) drops the grafted tree's flags") {
      section("flagless graft", PlantedSection.FlaglessGraft.self)
    },
    entry("expansion.replaceChildren", "replace(childrenOf:using:) also collapses the parent") {
      section("replace collapses parent", PlantedSection.ReplaceCollapsesParent.self)
    },
    entry(
      "expansion.applyThenSnapshotFor",
      "apply(_:to:) stores no section snapshot, only its visible items as a flat section"
    ) {
      Implementation.mapped(
        name: "forgets", snapshot: EngineSnapshot<String, String>.self,
        sectionSnapshot: EngineSectionSnapshot<String>.self,
        dataSource: StringDataSources.ForgetsSectionSnapshot.self,
        identifiers: StringIdentifiers.self
      ) { EngineDiffer<String, String>() }
    },
    entry("expansion.userCollapseExpand", "shouldExpandItem is never asked") {
      dataSource(PlantedDataSource.IgnoresExpandVeto.self)
    },
    entry("expansion.toggleChangeset", "a toggle's changeset deletes and re-inserts its row") {
      dataSource(ToggleReinsertsRow.self)
    },
  ]

  /// `datasource.`
  static let dataSourceEntries: [Entry] = [
    // The cases of `CatalogPlantedBugTests`: the case count sets the size
    // ramp, and at 400 cases this seed's run of either property passes.
    entry("datasource.differential", "shouldCollapseItem is never asked", cases: 300) {
      dataSource(PlantedDataSource.IgnoresCollapseVeto.self)
    },
    entry("datasource.handlerOrder", "willExpandItem is never called") {
      dataSource(PlantedDataSource.DropsWillExpand.self)
    },
    entry("datasource.refresh", "a toggle's changeset also reloads the toggled row") {
      dataSource(PlantedDataSource.ToggleReloadsRow.self)
    },
    entry("datasource.minimalMoves", "an apply's changeset is the naive differ's") {
      dataSource(PlantedDataSource.NaiveApply.self)
    },
    entry("datasource.visibleRows", "snapshot(for:) returns the tree with everything expanded") {
      dataSource(PlantedDataSource.ExpandedSnapshotFor.self)
    },
    entry("datasource.vetoes", "shouldCollapseItem is never asked", cases: 250) {
      dataSource(PlantedDataSource.IgnoresCollapseVeto.self)
    },
    entry("datasource.lazyChildren", "loaded children are adopted only for a childless item") {
      dataSource(PlantedOracle.KeepsExistingChildren.self)
    },
    entry("datasource.rebase", "a full apply drops stored trees instead of rebasing them") {
      dataSource(PlantedOracle.DropsTreeOnApply.self)
    },
  ]

  /// `reorder.`
  static let reorderEntries: [Entry] = [
    entry("reorder.transaction", "section transactions come first section first") {
      dataSource(PlantedDataSource.ForwardSectionOrder.self)
    },
    entry("reorder.differencesApply", "section transactions come first section first") {
      dataSource(PlantedDataSource.ForwardSectionOrder.self)
    },
    entry("reorder.refused", "a refused drag still moves the row") {
      dataSource(PlantedDataSource.RefusedDragMoves.self)
    },
    entry("reorder.subtreeCarried", "a dragged parent arrives with its subtree collapsed") {
      dataSource(PlantedDataSource.DragDropsFlags.self)
    },
  ]

  /// `meta.`
  static let metaEntries: [Entry] = [
    entry("meta.reverse", "a move's destination is one row further down") {
      Planted.differ("off-by-one move", PlantedDiff.offByOneDestination)
    },
    entry("meta.compose", "every item move becomes a delete plus an insert") {
      Planted.differ("delete+insert moves", PlantedDiff.deleteAndReinsertMoves)
    },
    entry("meta.valueSemantics.full", "copies of the full snapshot share storage") {
      Planted.implementation("shared storage", PlantedFull.SharedStorage.self, EngineSection.self)
    },
    entry("meta.valueSemantics.section", "copies of the section snapshot share storage") {
      section("shared storage", PlantedSection.SharedStorage.self)
    },
  ]

  /// `misuse.`: run in child processes by the fuzz command, so each is
  /// checked in process on a lenient implementation that claims `.traps`.
  static let misuseEntries: [Entry] = [
    trap("misuse.traps.full", "a rejected full-snapshot call returns") {
      lenientClaimingTraps()
    },
    trap("misuse.traps.section", "a rejected section-snapshot call returns") {
      lenientClaimingTraps()
    },
    trap("misuse.traps.datasource", "the engine's data source throws on a rejected drag") {
      Implementation(
        name: "claims traps", snapshot: EngineFull.self, sectionSnapshot: EngineSection.self,
        dataSource: EngineDataSource<Int, Int>.self, misuse: .traps
      ) { EngineDiffer<Int, Int>() }
    },
  ]

  /// The names the table must list: the default catalog's, and the
  /// `misuse.` properties it leaves out because the engine declares no
  /// trap (they exist for every implementation that does).
  static var catalogNames: [String] {
    let trapping = Implementation(
      name: "traps everywhere", snapshot: EngineFull.self, sectionSnapshot: EngineSection.self,
      dataSource: EngineDataSource<Int, Int>.self, misuse: .traps
    ) { EngineDiffer<Int, Int>() }
    let names = Catalog.names
    let traps = Catalog.properties(for: trapping, families: [.misuse]).map(\.name)
    return names + traps.filter { !names.contains($0) }
  }

  /// The table lists every catalog name once, and nothing else.
  @Test func everyCatalogPropertyHasAnEntry() {
    let names = Self.table.map(\.name)
    let catalog = Self.catalogNames
    let missing = catalog.filter { !names.contains($0) }
    let stale = names.filter { !catalog.contains($0) }
    #expect(missing.isEmpty, "no planted bug for: \(missing.joined(separator: ", "))")
    #expect(stale.isEmpty, "not in the catalog: \(stale.joined(separator: ", "))")
    #expect(Set(names).count == names.count, "an entry is listed twice")
    #expect(Self.table.allSatisfy { $0.cases <= 400 })
  }

  /// The entry's property catches its planted bug, as its mode shows.
  @Test(arguments: Self.table) func eachPlantedBugIsCaught(_ entry: Entry) throws {
    switch entry.mode {
    case .runner:
      let property = try #require(entry.property(), "no \(entry.name) for its planted bug")
      #expect(!property.expectsTrap)
      var configuration = RunConfiguration(
        seed: entry.seed, cases: entry.cases,
        shrinkBudget: ShrinkBudget(maxCalls: 300, maxSeconds: 5))
      configuration.maxFailureKinds = 1
      let report = Runner(configuration: configuration).run(property)
      #expect(report.skipped == nil, "\(report.summary)")
      #expect(report.counterexample != nil, "\(entry.bug) was not caught: \(report.summary)")
    case .returnsInsteadOfTrapping:
      let property = try #require(entry.property(), "no \(entry.name) for its planted bug")
      #expect(property.expectsTrap)
      for seed: UInt64 in 1...5 {
        let run = property.run(seed: seed, size: 10, caseIndex: 0)
        #expect(run.verdict.isFailure, "\(entry.bug) was not caught on seed \(seed)")
      }
    case .suiteReference:
      #expect(entry.property() == nil)
      #expect(Catalog.property(named: entry.name) != nil)
    case .referenceDiffer:
      #expect(Catalog.property(named: entry.name) != nil)
      let failures = ReferenceDifferTests.verdicts(ReferenceDifferTests.DropsRefreshes())
        .flatMap(\.failures)
      #expect(!failures.isEmpty, "\(entry.bug) was not caught")
      #expect(failures.allSatisfy { $0.kind.culprit == .suite("reference differ") })
    }
  }
}

/// Planted (`expansion.toggleChangeset`, which no planted type of the
/// per-family tests breaks): a toggle's changeset also deletes and
/// re-inserts the toggled row (a reload done by hand), so an expand
/// deletes a row and a collapse inserts one.
struct ToggleReinsertsRow: ForwardingDataSource {
  var base = EngineDataSource<Int, Int>()

  mutating func userToggle(_ item: Int, in section: Int) throws(SnapshotError) -> ToggleOutcome {
    let outcome = try base.userToggle(item, in: section)
    guard let path = base.snapshot().itemPath(of: item) else { return outcome }
    let reinsert = Changeset.Batch(itemDeletes: [path], itemInserts: [path])
    switch outcome {
    case .expanded(let changeset):
      return .expanded(Changeset(batches: changeset.batches + [reinsert]))
    case .collapsed(let changeset):
      return .collapsed(Changeset(batches: changeset.batches + [reinsert]))
    case .vetoed, .ignored:
      return outcome
    }
  }
}
