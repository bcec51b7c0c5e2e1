import Generators
import SnapshotCore
import Testing

@testable import SnapshotEngine

/// Lazily written item locations (`Storage.shifted`, `settle`): the items
/// an edit shifts inside a section keep locations off by at most the
/// section's drift, lookups find them by comparison within it, and the
/// section is rewritten once the drift passes `Storage.driftLimit(for:)`.
@Suite struct EngineLazyLocationTests {
  typealias Snap = EngineSnapshot<Int, Int>

  /// One section of `count` items.
  func oneSection(_ count: Int) throws -> Snap {
    var snapshot = Snap()
    try snapshot.appendSections([0])
    try snapshot.appendItems(Array(0..<count), toSection: 0)
    return snapshot
  }

  /// Random single-item inserts, deletes and moves in one section, each
  /// followed by lookups, agree with a plain array at every step; the
  /// lookups ran on drifted locations (and on settled ones) many times.
  /// The section of 4,096 items has a limit of 64, so its drift goes past
  /// the 32 of the shorter ones.
  @Test(arguments: [(1, 600), (2, 600), (3, 600), (4, 4_096)])
  func singleItemEditsAgreeWithAnArray(seed: UInt64, count: Int) throws {
    var rng = SplitMix64(seed: seed)
    var snapshot = try oneSection(count)
    var model = Array(0..<count)
    var fresh = count
    var (drifted, settled, widest) = (0, 0, 0)
    for step in 0..<1_500 {
      switch rng.below(3) {
      case 0:
        let anchor = rng.pick(model)
        try snapshot.insertItems([fresh], beforeItem: anchor)
        model.insert(fresh, at: model.firstIndex(of: anchor)!)
        fresh += 1
      case 1 where model.count > 2:
        let item = rng.pick(model)
        try snapshot.deleteItems([item])
        model.removeAll { $0 == item }
      default:
        let (item, anchor) = (rng.pick(model), rng.pick(model))
        guard item != anchor else { continue }
        try snapshot.moveItem(item, afterItem: anchor)
        model.removeAll { $0 == item }
        model.insert(item, at: model.firstIndex(of: anchor)! + 1)
      }
      if snapshot.storage.sections[0].drift > 0 { drifted += 1 } else { settled += 1 }
      widest = max(widest, snapshot.storage.sections[0].drift)
      for _ in 0..<4 {
        let item = rng.pick(model)
        #expect(snapshot.indexOfItem(item) == model.firstIndex(of: item))
        #expect(snapshot.sectionIdentifier(containingItem: item) == 0)
      }
      #expect(snapshot.indexOfItem(fresh + 1) == nil)
      if step % 100 == 0 { #expect(snapshot.invariantViolations().isEmpty) }
    }
    #expect(snapshot.itemIdentifiers == model)
    #expect(snapshot.invariantViolations().isEmpty)
    #expect(drifted > 500 && settled > 10)
    #expect(count < 1_024 || widest > 32)
  }

  /// A drifted section keeps value semantics and exact answers through a
  /// copy, a move of a drifted item to another section, a bulk append, a
  /// diff and a rebuild of the table.
  @Test func driftedSectionsThroughOtherOperations() throws {
    var snapshot = try oneSection(200)
    try snapshot.appendSections([1])
    try snapshot.deleteItems([3, 50])
    try snapshot.insertItems([1_000], beforeItem: 10)
    #expect(snapshot.storage.sections[0].drift == 3)
    let before = snapshot
    try snapshot.moveItem(150, afterItem: 1_000)
    try snapshot.appendItems([151, 2_000], toSection: 1)
    try snapshot.appendItems([2_001], toSection: 0)
    #expect(snapshot.indexOfItem(151) == 199)
    #expect(snapshot.indexOfItem(2_001) == 198)
    #expect(snapshot.indexOfItem(199) == 197)
    #expect(snapshot.indexOfItem(150) == 10)
    #expect(before.indexOfItem(150) == 149)
    #expect(before.indexOfItem(151) == 150)
    #expect(snapshot.invariantViolations().isEmpty)
    #expect(before.invariantViolations().isEmpty)
    let changeset = EngineDiffer<Int, Int>().changeset(from: before, to: snapshot)
    #expect(changeset.itemMoveCount == 2)
    snapshot.reserveCapacity(10_000)
    #expect(snapshot.storage.sections[0].drift == 0)
    #expect(snapshot.indexOfItem(199) == 197)
    #expect(snapshot.invariantViolations().isEmpty)
  }

  /// Planted bugs: a section whose drift is understated, or whose shifted
  /// part starts too late, leaves items filed further away than allowed,
  /// which the invariant check reports; the sound snapshot reports nothing.
  @Test func understatedDriftIsReported() throws {
    var sound = try oneSection(100)
    try sound.deleteItems([10, 20])
    #expect(sound.storage.sections[0].drift == 2)
    #expect(sound.invariantViolations().isEmpty)
    var understated = sound
    understated.makeUnique()
    understated.storage.sections[0].drift = 1
    #expect(understated.invariantViolations().contains { $0.contains("is filed at token") })
    var late = sound
    late.makeUnique()
    late.storage.sections[0].shiftedFrom = 50
    #expect(late.invariantViolations().contains { $0.contains("is filed at token") })
    var unbounded = sound
    unbounded.makeUnique()
    unbounded.storage.sections[0].drift = Snap.Storage.driftLimit(for: 98) + 1
    #expect(unbounded.invariantViolations().contains { $0.contains("has drift") })
  }

  /// A bulk removal past the drift limit rewrites the section at once.
  @Test func aLargeRemovalSettles() throws {
    var snapshot = try oneSection(1_000)
    let limit = Snap.Storage.driftLimit(for: 1_000)
    try snapshot.deleteItems(Array(0..<(limit + 1)))
    #expect(snapshot.storage.sections[0].drift == 0)
    #expect(snapshot.indexOfItem(999) == 999 - limit - 1)
    #expect(snapshot.invariantViolations().isEmpty)
  }

  /// The limit follows the section's length (about √*s*, at least 32): 100
  /// single-item deletes in a section of 100k items leave it drifted by
  /// 100 (a fixed 32 settled it three times), its lookups exact; and a
  /// removal at the end that brings the limit below the drift settles the
  /// section, though it shifted nothing.
  @Test func theLimitFollowsTheSectionsLength() throws {
    #expect(Snap.Storage.driftLimit(for: 100) == 32)
    #expect(Snap.Storage.driftLimit(for: 100_000) == 316)
    var long = try oneSection(100_000)
    for item in stride(from: 0, to: 20_000, by: 200) { try long.deleteItems([item]) }
    #expect(long.storage.sections[0].drift == 100)
    #expect(long.indexOfItem(99_999) == 99_899)
    #expect(long.indexOfItem(10_001) == 9_950)
    #expect(long.invariantViolations().isEmpty)
    var shrinking = try oneSection(2_500)
    #expect(Snap.Storage.driftLimit(for: 2_460) == 49)
    for item in 0..<40 { try shrinking.deleteItems([item * 2]) }
    #expect(shrinking.storage.sections[0].drift == 40)
    try shrinking.deleteItems(Array(900..<2_500))
    #expect(shrinking.storage.sections[0].drift == 0)
    #expect(shrinking.indexOfItem(899) == 859)
    #expect(shrinking.invariantViolations().isEmpty)
  }
}
