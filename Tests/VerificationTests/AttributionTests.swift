import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import TestSupport
import Testing

@testable import Verification

/// One bug, one culprit: a wrong argument is blamed on the call that
/// built it, a round trip's second call on itself, a reload UIKit raises on
/// on the differ's refreshes, like a wrong set of refreshes.
@Suite struct AttributionTests {
  /// Planted: `expand(_:)` also expands each item's first child.
  struct ExpandsFirstChild: ForwardingSectionSnapshot {
    var base = EngineSectionSnapshot<Int>()
    init() {}
    init(base: EngineSectionSnapshot<Int>) { self.base = base }
    mutating func expand(_ items: [Int]) {
      base.expand(items)
      base.expand(
        items.compactMap { (try? base.snapshot(of: $0, includingParent: false))?.rootItems.first })
    }
  }

  /// The reference diff with its refreshes at old paths (as if performed
  /// before the structure).
  struct RefreshesAtOldPaths: DifferProtocol {
    func changeset(
      from old: ModelSnapshot<Int, Int>, to new: ModelSnapshot<Int, Int>, options: DiffOptions<Int>
    ) -> Changeset {
      let structure = ModelDiffer<Int, Int>().changeset(from: old, to: new, options: options)
        .batches.filter { !$0.isReloadOnly }
      let refreshes = Refreshes(from: old, to: new, options: options).batch(in: old)
      return Changeset(batches: (structure + [refreshes]).filter { !$0.isEmpty })
    }
  }

  @Test func aBuggyExpandIsOneCauseWhereverItShows() {
    let implementation = Implementation(
      name: "expands child", snapshot: EngineSnapshot<Int, Int>.self,
      sectionSnapshot: ExpandsFirstChild.self
    ) { EngineDiffer<Int, Int>() }
    let result = Conformance.check(
      implementation, families: [.section, .expansion, .meta], seed: 5, cases: 300,
      environment: [:])
    #expect(
      result.causes.map(\.culprit) == [.call(part: "section snapshot", operation: "expand(_:)")],
      "\(result)")
    #expect(result.failedProperties.count > 1, "\(result)")
  }

  @Test func aCorrectSectionSnapshotBuildsEveryArgumentRight() {
    let result = Conformance.check(
      Implementation.engine, families: [.section, .expansion], seed: 5, cases: 300,
      environment: [:])
    #expect(result.hasNoFailure, "\(result)")
  }

  @Test func aRefreshAtAWrongPathIsTheRefreshCauseWhateverRuleItBreaks() {
    let result = Conformance.check(
      Implementation.differOnly(name: "old paths") { RefreshesAtOldPaths() }, seed: 5,
      cases: 300, environment: [:])
    #expect(result.causes.map(\.culprit) == [.differ(rule: "refresh")], "\(result)")
    #expect(result.causes.first?.severity == .raises, "\(result)")
  }

  @Test func aRuleAboutReloadsConcernsRefreshesAndAStructuralOneDoesNot() {
    let reload = BatchViolation.indexOutOfRange(batch: 1, .reload, ItemPath(section: 0, item: 9))
    let insert = BatchViolation.indexOutOfRange(batch: 0, .insert, ItemPath(section: 0, item: 9))
    #expect(reload.failureKind.culprit == .differ(rule: "refresh"))
    #expect(insert.failureKind.culprit == .differ(rule: "batch rule indexOutOfRange"))
  }
}
