import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import TestSupport
import Testing

@testable import Verification

/// No false positive of our own making (issue 18): a refresh failure on a
/// changeset that loses identity names the identity loss; `diff.empty`
/// checks the implementation's snapshot for corruption like every `diff.`
/// property; mark order is compared as a set by required properties.
@Suite struct SelfInflictedFalsePositiveTests {
  @Test func aRefreshFailureOnALostIdentityNamesTheIdentityLoss() throws {
    var old = ModelSnapshot<Int, Int>()
    try old.appendSections([0])
    try old.appendItems([0, 1], toSection: 0)
    var new = old
    try new.reloadItems([0])
    // Delete and re-insert the marked item: UIKit accepts it, but the item
    // lost its identity, so "expected reload of 0, got none" would blame
    // the refresh for it.
    let path = ItemPath(section: 0, item: 0)
    let changeset = Changeset(batches: [.init(itemDeletes: [path], itemInserts: [path])])
    let audit = DiffAudit(
      old: old, new: new, options: DiffOptions(),
      staged: StagedChangeset(changeset, target: new), literals: .numbers)
    guard let message = audit.refreshFailure(exact: false, "wrong reloads or reconfigures")?.message
    else {
      Issue.record("the refresh passed")
      return
    }
    #expect(message.hasPrefix("identity lost"), "\(message)")
    // A plain missing reload (identity kept) is still a refresh failure.
    let kept = DiffAudit(
      old: old, new: new, options: DiffOptions(),
      staged: StagedChangeset(Changeset(), target: new), literals: .numbers)
    guard let plain = kept.refreshFailure(exact: false, "wrong reloads or reconfigures")?.message
    else {
      Issue.record("a missing reload passed")
      return
    }
    #expect(plain.hasPrefix("wrong reloads or reconfigures"), "\(plain)")
  }

  @Test func diffEmptyReportsACorruptSnapshot() throws {
    let corrupt = Implementation(
      name: "duplicating append", snapshot: DuplicatingAppendSnapshot.self,
      sectionSnapshot: EngineSectionSnapshot<Int>.self
    ) { ModelDifferBridgeDiffer<DuplicatingAppendSnapshot>() }
    let failure = try #require(ImplementationFixtureTests.failure(corrupt, "diff.empty"))
    // The snapshot's own call is blamed, not the differ handed its value.
    #expect(
      failure.kind?.culprit
        == .call(part: "snapshot", operation: "insertItems(_:beforeItem:)"), "\(failure.report)")
  }

  @Test func requiredPropertiesCompareMarksAsSetsAndTheContractComparesOrder() throws {
    let reversed = Implementation(
      name: "reversed marks", snapshot: ReversedMarksSnapshot.self,
      sectionSnapshot: EngineSectionSnapshot<Int>.self
    ) { LayoutDiffer<ReversedMarksSnapshot>() }
    #expect(ImplementationFixtureTests.failure(reversed, "full.differential") == nil)
    let failure = try #require(ImplementationFixtureTests.failure(reversed, "full.markOrder"))
    #expect(failure.message.contains("not in first-mark order"), "\(failure.report)")
    // The engine keeps first-mark order.
    #expect(ImplementationFixtureTests.failure(Implementation.engine, "full.markOrder") == nil)
  }
}

/// Lists marks in reverse first-mark order (a set-wise correct type that
/// breaks only the `full.markOrder` contract).
struct ReversedMarksSnapshot: ForwardingFullSnapshot {
  var base = EngineSnapshot<Int, Int>()
  var reloadedItemIdentifiers: [Int] { base.reloadedItemIdentifiers.reversed() }
}
