import Generators
import SnapshotCore
import SnapshotEngine
import TestSupport
import Testing

@testable import SnapshotModel
@testable import Verification

/// The properties over the engine's API beyond the SnapshotCore protocols
/// (`full.engineQueries`, `section.engineQueries`, `diff.storedContents`)
/// and the reference's self-checks (`diff.entryPoints`, the reference
/// invariants in `full.differential` and `section.differential`): each
/// catches a planted lie and passes a clean forwarding implementation.
@Suite struct EngineExtensionPropertyTests {
  typealias EngineFull = EngineSnapshot<Int, Int>
  typealias EngineSection = EngineSectionSnapshot<Int>

  /// An implementation with forwarding snapshots `S` and `T` diffed by the
  /// engine's differ over their bases.
  static func implementation<S: ForwardingExtendedSnapshot, T: SectionSnapshotProtocol<Int>>(
    _ name: String, _ snapshot: S.Type, _ section: T.Type
  ) -> Implementation<S, T, ForwardingEngineDiffer<S>, ModelDataSource<Int, Int>> {
    Implementation(name: name) { ForwardingEngineDiffer<S>() }
  }

  /// The failure message of property `name` within `cases`, if any.
  static func failure<S, T, D, DS>(
    _ implementation: Implementation<S, T, D, DS>, _ name: String, cases: Int = 300
  ) -> String? {
    guard let property = Catalog.property(named: name, for: implementation) else {
      Issue.record("no property \(name) for \(implementation.name)")
      return nil
    }
    let configuration = RunConfiguration(
      seed: CatalogPlantedBugTests.seed, cases: cases,
      shrinkBudget: ShrinkBudget(maxCalls: 2_000, maxSeconds: 20))
    return Runner(configuration: configuration).run(property).counterexample?.message
  }

  @Test func onlyExtendedCandidatesGetTheEngineProperties() {
    let engine = Set(Catalog.names)
    for name in ["full.engineQueries", "section.engineQueries", "diff.storedContents"] {
      #expect(engine.contains(name))
      #expect(!Catalog.properties(for: .model).contains { $0.name == name })
    }
    #expect(engine.contains("diff.entryPoints"))
  }

  @Test func cleanForwardingPassesEveryEngineProperty() {
    let clean = Self.implementation(
      "clean", PlantedExtended.CleanFull.self, PlantedExtended.CleanSection.self)
    for name in [
      "full.engineQueries", "section.engineQueries", "diff.storedContents", "diff.entryPoints",
    ] {
      #expect(Self.failure(clean, name) == nil, "\(name)")
    }
  }

  @Test func fullEngineQueriesCatchesLies() throws {
    let section = EngineSection.self
    let path = try #require(
      Self.failure(
        Self.implementation("global index path", PlantedExtended.GlobalIndexPath.self, section),
        "full.engineQueries"))
    #expect(path.contains("indexPath(of:"))
    let contains = try #require(
      Self.failure(
        Self.implementation("stale contains", PlantedExtended.StaleContains.self, section),
        "full.engineQueries"))
    #expect(contains.contains("contains(item:"))
    let reserve = try #require(
      Self.failure(
        Self.implementation("reserve drops marks", PlantedExtended.ReserveDropsMarks.self, section),
        "full.engineQueries"))
    #expect(reserve.contains("reserveCapacity"))
  }

  @Test func sectionEngineQueriesCatchesLies() throws {
    let full = PlantedExtended.CleanFull.self
    let count = try #require(
      Self.failure(
        Self.implementation("visible count", full, PlantedExtended.VisibleCount.self),
        "section.engineQueries"))
    #expect(count.contains("count is"))
    let children = try #require(
      Self.failure(
        Self.implementation("quiet children", full, PlantedExtended.QuietChildren.self),
        "section.engineQueries"))
    #expect(children.contains("children(of:"))
  }

  @Test func diffStoredContentsCatchesLies() throws {
    let section = EngineSection.self
    let dropped = try #require(
      Self.failure(
        Self.implementation("drops contents", PlantedExtended.DropsContents.self, section),
        "diff.storedContents"))
    #expect(dropped.contains("content(of:"))
    let freshOnly = try #require(
      Self.failure(
        Self.implementation("fresh slots only", PlantedExtended.FreshSlotsOnly.self, section),
        "diff.storedContents"))
    #expect(freshOnly.contains("mixed appends: content(of:"))
    let byPosition = try #require(
      Self.failure(
        Self.implementation(
          "contents by position", PlantedExtended.ContentsByPosition.self, section),
        "diff.storedContents"))
    #expect(byPosition.contains("after an insert, a move and a delete: content(of:"))
    let defaulted = try #require(
      Self.failure(
        Self.implementation("default content", PlantedExtended.DefaultContent.self, section),
        "full.engineQueries"))
    #expect(defaulted.contains("no content was stored"))
    // A differ that rebuilds both sides without their contents.
    let ignoring = Implementation<
      EngineFull, EngineSection, LayoutDiffer<EngineFull>, ModelDataSource<Int, Int>
    >(
      name: "ignores stored contents"
    ) { LayoutDiffer<EngineFull>() }
    let ignored = try #require(Self.failure(ignoring, "diff.storedContents"))
    #expect(ignored.contains("other stages than the equivalent content maps"))
  }

  /// The reference's entry points, on a correct changeset: they agree;
  /// a disagreement and a wrong provenance are reported.
  @Test func interpreterAuditReportsDisagreementsAndWrongProvenance() {
    var old = EngineFull()
    try? old.appendSections([0, 1])
    try? old.appendItems([1, 2, 3], toSection: 0)
    try? old.appendItems([4], toSection: 1)
    var new = old
    try? new.moveItem(3, beforeItem: 1)
    try? new.moveItem(4, afterItem: 2)
    let differ = EngineDiffer<Int, Int>()
    let audit = InterpreterAudit(differ, old: old, new: new, options: DiffOptions())
    #expect(audit.problems == [])

    let update = BatchInterpreter.replay(audit.staged, from: old, to: new)
    let other = BatchInterpreter.replay(differ.changeset(from: new, to: old), from: new, to: old)
    #expect(
      !InterpreterAudit<EngineFull>.disagreements(update, other, "planted", targets: true).isEmpty)

    var swapped = update
    swapped.result.itemOrigins[0].swapAt(0, 1)
    let provenance = InterpreterAudit<EngineFull>.provenanceProblems(
      swapped, old: old, changeset: audit.staged.changeset)
    #expect(provenance.contains { $0.contains("not its old path") })

    var unmoved = update
    unmoved.result.itemOrigins = unmoved.result.itemOrigins.map { origins in
      origins.map { origin in
        if case .moved(let from) = origin { return .kept(from: from) }
        return origin
      }
    }
    let moves = InterpreterAudit<EngineFull>.provenanceProblems(
      unmoved, old: old, changeset: audit.staged.changeset)
    #expect(moves.contains { $0.contains("first batch's item moves") })
  }
}
