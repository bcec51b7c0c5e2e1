import SnapshotCore
import SnapshotEngine
import SnapshotFuzzCommand
import SnapshotModel
import Testing
import Verification
import XCTest

// Route 1: your own snapshot type (Apple's API, trapping, String ids).

extension BackportSnapshot: SnapshotProtocol {
  mutating func removeAllMarks() { clearMarks() }  // what apply does
  func invariantViolations() -> [String] { [] }
}

struct BackportDifferAdapter: DifferProtocol {
  func changeset(
    from old: BackportSnapshot<String, String>, to new: BackportSnapshot<String, String>,
    options: DiffOptions<String>
  ) -> Changeset {
    BackportDiffer<String, String>().batchUpdates(from: old, to: new, options: options)
  }
}

@Test func myTrappingStringBackportConforms() {
  let mine = Implementation.mapped(
    name: "backport", snapshot: BackportSnapshot<String, String>.self,
    sectionSnapshot: EngineSectionSnapshot<String>.self,  // or your own
    identifiers: StringIdentifiers.self, misuse: .traps
  ) { BackportDifferAdapter() }.misuse(.throws, for: .sectionSnapshotMutations)
  let result = Conformance.check(mine, families: [.full, .diff], seed: 42, cases: 30)
  #expect(result.hasNoFailure, "\(result.summary)")
}

// Route 2: a differ alone, over this package's snapshots.

struct MyDiffer: DifferProtocol {
  func changeset(
    from old: EngineSnapshot<Int, Int>, to new: EngineSnapshot<Int, Int>,
    options: DiffOptions<Int>
  ) -> Changeset {
    // Your algorithm here; this one hands over to the engine's.
    EngineDiffer<Int, Int>().changeset(from: old, to: new, options: options)
  }
}

@Test func myDifferConforms() {
  let mine = Implementation(
    name: "my differ", snapshot: EngineSnapshot<Int, Int>.self,
    sectionSnapshot: EngineSectionSnapshot<Int>.self
  ) { MyDiffer() }
  let result = Conformance.check(mine, families: [.diff], seed: 42, cases: 50)
  #expect(result.hasNoFailure, "\(result.summary)")
}

// Route 3: a staged differ.

struct MyStagedDiffer: StagedDifferProtocol {
  func stagedChangeset(
    from old: EngineSnapshot<Int, Int>, to new: EngineSnapshot<Int, Int>,
    options: DiffOptions<Int>
  ) -> StagedChangeset<Int, Int> {
    // One stage per performBatchUpdates, each with the data the data source
    // reports during it. This one: the engine's batches, all over the new data.
    let changeset = EngineDiffer<Int, Int>().changeset(from: old, to: new, options: options)
    return StagedChangeset(changeset, target: new)
  }
}

@Test func myStagedDifferConforms() {
  let staged = Implementation(
    name: "staged", snapshot: EngineSnapshot<Int, Int>.self,
    sectionSnapshot: EngineSectionSnapshot<Int>.self
  ) { MyStagedDiffer() }
  let result = Conformance.check(staged, families: [.diff], seed: 42, cases: 50)
  #expect(result.hasNoFailure, "\(result.summary)")
}

@Test func batchesGivenAsPlainArraysAreValidated() {
  let update = BatchInterpreter.validate(
    StagedChangeset(stages: [
      .init(
        batch: .init(itemDeletes: [ItemPath(section: 0, item: 0)]),
        data: [(section: "A", items: ["b"])])
    ]),
    sections: ["A"], items: [["a", "b"]])
  #expect(update.isCorrect, "\(update.problems)")
}

// Route 4: a data source with your own ids.

struct MyDataSource: DataSourceProtocol {
  var base = EngineDataSource<String, String>()

  var sectionSnapshotHandlers: SectionSnapshotHandlers<EngineSectionSnapshot<String>> {
    get { base.sectionSnapshotHandlers }
    set { base.sectionSnapshotHandlers = newValue }
  }
  var reorderingHandlers:
    ReorderingHandlers<EngineSnapshot<String, String>, EngineSectionSnapshot<String>>
  {
    get { base.reorderingHandlers }
    set { base.reorderingHandlers = newValue }
  }
  var contentUpdateStyle: ContentUpdateStyle {
    get { base.contentUpdateStyle }
    set { base.contentUpdateStyle = newValue }
  }
  func snapshot() -> EngineSnapshot<String, String> { base.snapshot() }
  func snapshot(for section: String) -> EngineSectionSnapshot<String> {
    base.snapshot(for: section)
  }
  mutating func apply(_ snapshot: EngineSnapshot<String, String>, contents: ContentMap<String>)
    -> Changeset
  {
    base.apply(snapshot, contents: contents)
  }
  mutating func apply(_ sectionSnapshot: EngineSectionSnapshot<String>, to section: String)
    -> Changeset
  {
    base.apply(sectionSnapshot, to: section)
  }
  // Like UIKit: no throws; a bad drag or lazy load traps.
  mutating func userToggle(_ item: String, in section: String) -> ToggleOutcome {
    do {
      return try base.userToggle(item, in: section)
    } catch {
      preconditionFailure("\(error)")
    }
  }
  mutating func userReorder(from source: ItemPath, to destination: ItemPath)
    -> Transaction<EngineSnapshot<String, String>, EngineSectionSnapshot<String>>?
  {
    do {
      return try base.userReorder(from: source, to: destination)
    } catch {
      preconditionFailure("\(error)")
    }
  }
}

@Test func myStringDataSourceConforms() {
  let mine = Implementation.mapped(
    name: "my data source", snapshot: EngineSnapshot<String, String>.self,
    sectionSnapshot: EngineSectionSnapshot<String>.self, dataSource: MyDataSource.self,
    identifiers: StringIdentifiers.self, misuse: .throws
  ) { EngineDiffer<String, String>() }.misuse(.traps, for: .dataSourceActions)
  let result = Conformance.check(
    mine, families: [.datasource, .reorder, .expansion], seed: 42, cases: 30)
  #expect(result.hasNoFailure, "\(result.summary)")
}

// Partial implementations: what a type lacks, misuse per family, a differ alone.

extension LegacySnapshot: SnapshotProtocol {
  static var capabilities: SnapshotCapabilities {
    SnapshotCapabilities.all.subtracting([.readableMarks, .reconfigure, .equality])
  }
  mutating func removeAllMarks() { clearMarks() }
  func invariantViolations() -> [String] { [] }
}

let legacy = Implementation(
  name: "legacy", snapshot: LegacySnapshot.self,
  sectionSnapshot: ModelSectionSnapshot<Int>.self, misuse: .traps  // no section snapshot of its own
) { NoDiffer<LegacySnapshot>() }.misuse(.ignores, for: .deletions)

let differAlone = Implementation.differOnly(name: "my differ") { MyDiffer() }

@Test func partialImplementationsAreCheckedForWhatTheyHave() {
  let result = Conformance.check(legacy, families: [.full, .meta], seed: 42, cases: 40)
  #expect(result.hasNoFailure, "\(result.summary)")
  // No differ or section snapshot of its own: their properties are skipped.
  #expect(
    result.skippedProperties == ["meta.reverse", "meta.compose", "meta.valueSemantics.section"])
  let differ = Conformance.check(differAlone, families: [.diff], seed: 42, cases: 40)
  #expect(differ.hasNoFailure, "\(differ.summary)")
  // Apple's semantics only: the one required full-snapshot property.
  #expect(
    Catalog.skipped(for: differAlone, families: [.full], includeContracts: false).map(\.missing)
      == ["its own snapshot (differ only)"])
  // The set a fuzz executable gets carries the skipped ones with what each needs.
  let set = Catalog.propertySet(for: legacy, families: [.full, .meta], includeContracts: false)
  #expect(set.skipped.map(\.description).first == "meta.reverse (needs its own differ)")
}

/// A fuzz executable over `legacy` (never called here: it exits).
func partialFuzzMain() -> Never {
  SnapshotFuzz.main(Catalog.propertySet(for: legacy))
}

/// The article's fuzz executable over the data source (never called: it exits).
func dataSourceFuzzMain() -> Never {
  let mine = Implementation.mapped(
    name: "my data source", snapshot: EngineSnapshot<String, String>.self,
    sectionSnapshot: EngineSectionSnapshot<String>.self, dataSource: MyDataSource.self,
    identifiers: StringIdentifiers.self, misuse: .throws
  ) { EngineDiffer<String, String>() }.misuse(.traps, for: .dataSourceActions)
  SnapshotFuzz.main(
    Catalog.propertySet(
      for: mine, families: [.datasource, .reorder, .expansion, .misuse]))
}

// MARK: Crash-contained checks inside swift test

// The article's code for `ContainedCheck`, compiled here against a stand-in
// for the user's conformance target. It needs the user's fuzz executable
// `my-fuzz`, so it is compiled, not run: `ContainedCheckTests` (in
// FuzzCommandTests) runs the same calls against the fixture executable
// `snapshot-fuzz-fixture`, whose planted trap fails only its properties.

#if canImport(MyDiffable)
  import MyDiffable
#endif

#if canImport(MyConformance)
  import MyConformance
#else
  // The article's conformance target, compiled here over `MySnapshot` and
  // `MySnapshotDiffer` (in Support/), which stand in for the user's library.

  // Sources/MyConformance/MyConformance.swift

  public enum MyConformance {
    /// What my-fuzz and the tests check.
    public static let mine = Implementation.mapped(
      name: "mine", snapshot: MySnapshot<String, String>.self,
      sectionSnapshot: EngineSectionSnapshot<String>.self,
      identifiers: StringIdentifiers.self, misuse: .traps
    ) { MySnapshotDiffer<String, String>() }.misuse(.throws, for: .sectionSnapshotMutations)

    /// Apple's semantics; `includeContracts: true` adds this engine's promises.
    public static var propertySet: PropertySet {
      Catalog.propertySet(for: mine)
    }
  }
#endif

/// The article's `main.swift` of `my-fuzz` (never called: it exits).
func myContainedFuzzMain() {
  // Sources/my-fuzz/main.swift

  SnapshotFuzz.main(MyConformance.propertySet)
}

/// The article's Swift Testing form: compiled, not run (no `my-fuzz` here).
@Suite(.disabled("needs the user's fuzz executable my-fuzz; ContainedCheckTests runs these calls"))
struct ContainedCheckArticle {
  @Test func conforms() {
    for problem in ContainedCheck(product: "my-fuzz").run().problems {
      Issue.record(Comment(rawValue: problem))
    }
  }

  @Test func corpusReplays() {
    let corpus = ContainedCheck(product: "my-fuzz").replayCorpus(at: "Tests/Regressions")
    for problem in corpus.problems {
      Issue.record(Comment(rawValue: problem))
    }
  }
}

/// The article's XCTest form: compiled, skipped (no `my-fuzz` here).
final class ContainedCheckXCTestArticle: XCTestCase {
  override func setUpWithError() throws {
    throw XCTSkip("needs the user's fuzz executable my-fuzz; ContainedCheckTests runs these calls")
  }

  func testConforms() {
    for problem in ContainedCheck(product: "my-fuzz").run().problems {
      XCTFail(problem)
    }
  }

  func testCorpusReplays() {
    let corpus = ContainedCheck(product: "my-fuzz").replayCorpus(at: "Tests/Regressions")
    for problem in corpus.problems {
      XCTFail(problem)
    }
  }
}
