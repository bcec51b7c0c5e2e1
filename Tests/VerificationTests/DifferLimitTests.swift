import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import TestSupport
import Testing

@testable import Verification

/// Declared limits of a differ (`DifferLimit`): the failures a declared
/// limit explains are listed, never failed; everything else is still
/// judged; a batch UIKit raises on always fails; a one-array differ at
/// fault in a composition is blamed, not the composition.
@Suite struct DifferLimitTests {
  typealias Snapshot = ModelSnapshot<Int, Int>

  /// The reference diff with every item that changes section deleted and
  /// re-inserted (Differ's nested diff, a one-array differ per section).
  struct NoCrossSectionMoves: DifferProtocol {
    func changeset(from old: Snapshot, to new: Snapshot, options: DiffOptions<Int>) -> Changeset {
      var changeset = ModelDiffer<Int, Int>().changeset(from: old, to: new, options: options)
      guard var batch = changeset.batches.first, !batch.isReloadOnly else { return changeset }
      let oldSections = old.sectionIdentifiers
      let newSections = new.sectionIdentifiers
      for move in batch.itemMoves
      where oldSections[move.from.section] != newSections[move.to.section] {
        batch.itemDeletes.append(move.from)
        batch.itemInserts.append(move.to)
      }
      batch.itemMoves.removeAll { oldSections[$0.from.section] != newSections[$0.to.section] }
      changeset.batches[0] = batch.normalized()
      return changeset
    }
  }

  /// The reference diff with reconfigures done as reloads.
  struct ReconfiguresAsReloads: DifferProtocol {
    func changeset(from old: Snapshot, to new: Snapshot, options: DiffOptions<Int>) -> Changeset {
      var changeset = ModelDiffer<Int, Int>().changeset(from: old, to: new, options: options)
      for index in changeset.batches.indices {
        changeset.batches[index].itemReloads += changeset.batches[index].itemReconfigures
        changeset.batches[index].itemReconfigures = []
      }
      return changeset.normalized()
    }
  }

  /// The reference diff without its refresh batch.
  struct NoRefreshes: DifferProtocol {
    func changeset(from old: Snapshot, to new: Snapshot, options: DiffOptions<Int>) -> Changeset {
      let changeset = ModelDiffer<Int, Int>().changeset(from: old, to: new, options: options)
      return Changeset(batches: changeset.batches.filter { !$0.isReloadOnly })
    }
  }

  /// A planted invalid batch: the first item delete or insert dropped.
  struct Dropping<Base: DifferProtocol<Snapshot>>: DifferProtocol {
    var base: Base
    func changeset(from old: Snapshot, to new: Snapshot, options: DiffOptions<Int>) -> Changeset {
      var changeset = base.changeset(from: old, to: new, options: options)
      for index in changeset.batches.indices {
        if !changeset.batches[index].itemDeletes.isEmpty {
          changeset.batches[index].itemDeletes.removeFirst()
          break
        }
        if !changeset.batches[index].itemInserts.isEmpty {
          changeset.batches[index].itemInserts.removeFirst()
          break
        }
      }
      return changeset
    }
  }

  /// A one-array differ whose last insert lands one slot too far.
  struct OffByOne: ArrayDiffer {
    func changes<Element: Hashable>(from old: [Element], to new: [Element]) -> ArrayChanges {
      var changes = StandardArrayDiffer().changes(from: old, to: new)
      if !changes.inserts.isEmpty { changes.inserts[changes.inserts.count - 1] += 1 }
      return changes
    }
  }

  static func check<D: DifferProtocol<Snapshot>>(
    _ name: String, _ limits: [DifferLimit], cases: Int = 150, _ differ: @escaping @Sendable () -> D
  ) -> ConformanceResult {
    Conformance.check(
      Implementation.differOnly(name: name, differ: differ).limits(limits), seed: 3, cases: cases,
      environment: [:])
  }

  @Test func aDeclaredLimitIsListedNotFailed() {
    let result = Self.check("nested", [.noCrossSectionMoves, .noMovesAcrossSectionChanges]) {
      NoCrossSectionMoves()
    }
    #expect(result.hasNoFailure, "\(result)")
    let listed = result.limitations.map(\.limit)
    #expect(listed.contains(.noCrossSectionMoves), "\(result)")
    #expect(result.limitations.allSatisfy { $0.cases > 0 && $0.cases <= $0.total })
    #expect(result.summary.contains("limitation: no cross-section moves, seen in "), "\(result)")
  }

  @Test func anUndeclaredLimitIsAnIdentityLoss() {
    let result = Self.check("nested", []) { NoCrossSectionMoves() }
    #expect(result.causes.map(\.culprit) == [.differ(rule: "identity")], "\(result)")
    #expect(result.causes.first?.severity == .identity)
    #expect(result.limitations.isEmpty)
  }

  @Test func aLimitExplainsOnlyWhatItNames() {
    // Moves out of deleted sections are not cross-section moves between
    // surviving sections: declaring only the latter leaves them judged.
    let result = Self.check("nested", [.noCrossSectionMoves], cases: 300) { NoCrossSectionMoves() }
    #expect(result.causes.map(\.culprit) == [.differ(rule: "identity")], "\(result)")
  }

  @Test func reconfiguresAsReloadsPassOnlyUnderTheirLimit() {
    let declared = Self.check("reloads", [.noReconfigure]) { ReconfiguresAsReloads() }
    #expect(declared.hasNoFailure, "\(declared)")
    #expect(declared.limitations.map(\.limit) == [.noReconfigure], "\(declared)")
    let undeclared = Self.check("reloads", []) { ReconfiguresAsReloads() }
    #expect(undeclared.causes.map(\.culprit) == [.differ(rule: "refresh")], "\(undeclared)")
  }

  @Test func missingRefreshesStillFailUnderAnotherLimit() {
    let result = Self.check("no refreshes", [.noReconfigure, .noSectionReloads]) { NoRefreshes() }
    #expect(result.causes.map(\.culprit) == [.differ(rule: "refresh")], "\(result)")
    let declared = Self.check("no refreshes", [.noItemRefreshes, .noSectionReloads]) {
      NoRefreshes()
    }
    #expect(declared.hasNoFailure, "\(declared)")
  }

  @Test func anInvalidBatchFailsWhateverIsDeclared() {
    let result = Self.check("dropping", DifferLimit.allCases) {
      Dropping(base: NoCrossSectionMoves())
    }
    #expect(result.causes.first?.severity == .raises, "\(result)")
  }

  @Test func aOneArrayDifferAtFaultIsBlamedNotTheComposition() {
    let result = Self.check("off by one", DifferLimit.allCases) {
      ComposedDiffer(OffByOne(), snapshot: Snapshot.self)
    }
    #expect(
      result.causes.map(\.culprit)
        == [.call(part: ImplementationParts.differ.name, operation: "changes(from:to:)")],
      "\(result)")
    let test = result.counterexamples.first?.swiftCode ?? ""
    #expect(
      test.contains("ComposedDiffer(OffByOne(), snapshot: ModelSnapshot<Int, Int>.self)"), "\(test)"
    )
    #expect(test.contains(".inputProblems(from: old, to: new)"), "\(test)")
  }

  @Test func aCorrectDifferNeedsNoLimit() {
    let engine = Conformance.check(
      Implementation.engine.limits(DifferLimit.allCases), families: [.diff, .meta], seed: 3,
      cases: 150, environment: [:])
    #expect(engine.hasNoFailure, "\(engine)")
    #expect(engine.limitations.isEmpty, "\(engine)")
    let composed = Self.check("standard", DifferLimit.allCases) {
      ComposedDiffer(StandardArrayDiffer(), snapshot: Snapshot.self)
    }
    #expect(composed.hasNoFailure, "\(composed)")
    #expect(composed.limitations.isEmpty, "\(composed)")
  }
}
