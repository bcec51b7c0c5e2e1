import Generators
import SnapshotCore
import SnapshotEngine
import Testing

@testable import SnapshotModel
@testable import Verification

/// `datasource.differential` checks the reference data source's own
/// invariants after every command: a broken reference is reported as
/// "reference model broken", never as a failure of the implementation
/// under test.
@Suite struct ReferenceBrokenTests {
  /// The reference model with a planted bug: a full apply that moves an
  /// item across sections also leaves it where it was (a botched move), so
  /// an item is shown twice, which the model's own invariants flag (it is
  /// a reference: the session reads its invariants).
  struct DuplicatesMovedItem: ForwardingDataSource, ReferenceInvariants {
    var base = ModelDataSource<Int, Int>()
    func invariantViolations() -> [String] { base.invariantViolations() }
    mutating func apply(_ snapshot: ModelSnapshot<Int, Int>, contents: ContentMap<Int>)
      -> Changeset
    {
      let before = base.current
      let changeset = base.apply(snapshot, contents: contents)
      for (index, section) in before.sections.enumerated() {
        guard let now = base.current.sections.firstIndex(of: section) else { continue }
        for item in before.itemsBySection[index]
        where base.current.itemsBySection.contains(where: { $0.contains(item) })
          && !base.current.itemsBySection[now].contains(item)
        {
          base.current.itemsBySection[now].append(item)
          return changeset
        }
      }
      return changeset
    }
  }

  /// The first failure of `datasource.differential` judged against
  /// `reference`, over 300 cases.
  static func failure<Reference: DataSourceProtocol>(against reference: Reference.Type)
    -> Counterexample? where Reference.Section == Int, Reference.Item == Int
  {
    let engine = CatalogPlantedBugTests.dataSource("engine", EngineDataSource<Int, Int>.self)
    let property = CatalogBuilder(implementation: engine).dataSourceDifferential(
      reference: reference)
    var configuration = RunConfiguration(
      seed: 7, cases: 300, shrinkBudget: ShrinkBudget(maxCalls: 2_000, maxSeconds: 30))
    configuration.maxFailureKinds = 1
    return Runner(configuration: configuration).run(property.eraseToAnyProperty()).counterexample
  }

  @Test func aBrokenReferenceIsReportedAsSuch() throws {
    let failure = try #require(Self.failure(against: DuplicatesMovedItem.self))
    #expect(failure.kind == FailureKind("reference model broken"))
    #expect(failure.message.contains("reference model broken"), "\(failure.message)")
    #expect(failure.message.contains("appears twice"), "\(failure.message)")
    #expect(!failure.message.contains("differ"), "\(failure.message)")
  }

  @Test func theSoundReferencePassesTheEngine() {
    #expect(Self.failure(against: ModelDataSource<Int, Int>.self) == nil)
  }
}
