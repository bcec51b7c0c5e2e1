import Generators
import SnapshotCore
import SnapshotModel
import Testing

@testable import Verification

/// `diff.model` judges the suite's own reference differ: a reference
/// differ with a planted bug is reported as the suite's fault (`the suite:
/// reference differ`), and the real one passes the same cases.
@Suite struct ReferenceDifferTests {
  typealias Builder = CatalogBuilder<
    ModelSnapshot<Int, Int>, ModelSectionSnapshot<Int>, ModelDiffer<Int, Int>,
    ModelDataSource<Int, Int>
  >

  /// Planted: the reference's diff without its reload-only batches (the
  /// refreshes are lost).
  struct DropsRefreshes: DifferProtocol {
    func changeset(
      from old: ModelSnapshot<Int, Int>, to new: ModelSnapshot<Int, Int>, options: DiffOptions<Int>
    ) -> Changeset {
      Changeset(
        batches: ModelDiffer<Int, Int>().changeset(from: old, to: new, options: options).batches
          .filter { !$0.isReloadOnly })
    }
  }

  /// The verdicts of `differ` on 300 generated diff cases.
  static func verdicts<D: DifferProtocol<ModelSnapshot<Int, Int>>>(_ differ: D) -> [PropertyResult]
  {
    (0..<300).compactMap { index in
      let source = ChoiceSource(seed: 0xD1FF, size: index % 100, caseIndex: index)
      guard let diffCase = try? DiffCase.generator().generate(source) else { return nil }
      return Builder.referenceDifferVerdict(differ, diffCase, literals: .numbers)
    }
  }

  @Test func aBrokenReferenceDifferIsTheSuitesFault() {
    let failures = Self.verdicts(DropsRefreshes()).flatMap(\.failures)
    #expect(!failures.isEmpty)
    #expect(failures.allSatisfy { $0.kind.culprit == .suite("reference differ") })
  }

  @Test func theReferenceDifferPasses() {
    #expect(Self.verdicts(ModelDiffer<Int, Int>()).allSatisfy { !$0.isFailure })
  }
}
