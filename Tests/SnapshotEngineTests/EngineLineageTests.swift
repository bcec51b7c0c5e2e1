import Generators
import SnapshotCore
import SnapshotModel
import Testing

@testable import SnapshotEngine

/// A snapshot rebuilt from arrays with some section derived from a
/// remembered one (`EngineSnapshot+Replica.swift`) keeps the lineage of its
/// table, and the differ then matches its items by bucket
/// (`EngineDiffer.BucketMatching`), comparing and hashing no id. Matching
/// by bucket must give exactly the changeset matching by id gives, and a
/// mutation of either snapshot must end the lineage.
@Suite struct EngineLineageTests {
  typealias Engine = EngineSnapshot<Int, Int>
  typealias Model = ModelSnapshot<Int, Int>
  typealias Replica = EngineReplicaTests
  typealias Differential = FullSnapshotDifferentialTests
  let differ = EngineDiffer<Int, Int>()

  /// The variations whose rebuilds derive every edited section and fit
  /// the new ids in the remembered table (checked: often). `.freshInTwo`
  /// and `.manyFresh` derive a section and then leave the build to the
  /// usual path: a new id moved, or too many new ids for the table.
  static let keepingLineage: [Replica.Variation] = [.changedSection, .edited]

  /// A section id no generated snapshot holds.
  static let unusedSection = Differential.sectionUniverse + 1

  /// `snapshot` in a storage of its own, with no lineage: the same items in
  /// the same buckets, matched by id.
  static func plainCopy(of snapshot: Engine) -> Engine {
    var copy = snapshot
    try? copy.appendSections([unusedSection])
    try? copy.deleteSections([unusedSection])
    return copy
  }

  /// A seeded snapshot, compared by the differ (so remembered), and a
  /// snapshot rebuilt from its arrays varied by `variation`.
  static func rebuild(
    seed: UInt64, variation: Replica.Variation
  ) -> (shown: Engine, rebuilt: Engine) {
    var rng = SplitMix64(seed: seed &* 31 &+ 5)
    let (shown, _, layout) = Replica.remembered(&rng)
    let arrays = Replica.arrays(layout, variation, &rng)
    var (model, rebuilt) = (Model(), Engine())
    var trace: [String] = []
    _ = Replica.rebuild(
      arrays, reserving: rng.below(3) == 0, storing: rng.below(2) == 0, model: &model,
      engine: &rebuilt, trace: &trace)
    return (shown, rebuilt)
  }

  /// Every variation of a rebuild: the changeset from the remembered
  /// snapshot to the rebuilt one is the changeset to a copy of it without
  /// lineage, and replays correctly (the reference interpreter takes the
  /// remembered snapshot to the rebuilt one); the variations that derive
  /// sections take the bucket path often.
  @Test(arguments: Replica.Variation.allCases)
  func matchingByBucketGivesTheChangesetOfMatchingById(variation: Replica.Variation) {
    var lineages = 0
    for run in 0..<150 {
      let seed =
        UInt64(run) &+ 1_000 &* UInt64(Replica.Variation.allCases.firstIndex(of: variation)!)
      let (shown, rebuilt) = Self.rebuild(seed: seed, variation: variation)
      if rebuilt.storage.keptBuckets(from: shown.storage) != nil { lineages += 1 }
      let plain = Self.plainCopy(of: rebuilt)
      #expect(plain.storage.keptBuckets(from: shown.storage) == nil)
      let expected = differ.changeset(from: shown, to: plain, options: DiffOptions())
      let actual = differ.changeset(from: shown, to: rebuilt, options: DiffOptions())
      let update = BatchInterpreter.replay(actual, from: shown, to: rebuilt)
      guard actual == expected, update.isCorrect else {
        Issue.record(
          """
          \(variation) seed \(seed): \(shown) to \(rebuilt)
          by bucket: \(actual)
          by id: \(expected)
          \(update.problems)
          """)
        return
      }
    }
    if Self.keepingLineage.contains(variation) {
      #expect(lineages >= 30, "\(variation): \(lineages) of 150 rebuilds kept a lineage")
    }
  }

  /// Three sections of ten items, remembered, and a rebuild deriving all
  /// three: an item dropped from the first, a new id in the second, an
  /// item moved from the third to the first.
  func derivedPair() throws -> (shown: Engine, rebuilt: Engine) {
    let shown = try EngineReplicaTests().shown()
    var rebuilt = Engine()
    try rebuilt.appendSections([0, 1, 2])
    try rebuilt.appendItems([25] + Array(1..<10), toSection: 0)
    try rebuilt.appendItems(Array(10..<15) + [99] + Array(15..<20), toSection: 1)
    try rebuilt.appendItems([20, 21, 22, 23, 24, 26, 27, 28, 29], toSection: 2)
    return (shown, rebuilt)
  }

  /// The lineage is there after the build and ends with any mutation of
  /// the rebuilt snapshot: a copy of it has none (the original keeps its
  /// own), nor has the original mutated in place; the changeset is then
  /// still the right one.
  @Test func aMutationOfTheRebuiltSnapshotEndsItsLineage() throws {
    var (shown, rebuilt) = try derivedPair()
    #expect(rebuilt.storage.keptBuckets(from: shown.storage) != nil)
    do {
      var copy = rebuilt
      try copy.moveItem(1, afterItem: 2)
      #expect(copy.storage.keptBuckets(from: shown.storage) == nil)
      #expect(rebuilt.storage.keptBuckets(from: shown.storage) != nil)
    }
    // In place: the rebuilt storage is held once (the copy is gone).
    let identity = ObjectIdentifier(rebuilt.storage)
    try rebuilt.deleteItems([99])
    #expect(ObjectIdentifier(rebuilt.storage) == identity)
    #expect(rebuilt.storage.keptBuckets(from: shown.storage) == nil)
    try rebuilt.appendItems([98], toSection: 1)
    let changeset = differ.changeset(from: shown, to: rebuilt, options: DiffOptions())
    #expect(BatchInterpreter.replay(changeset, from: shown, to: rebuilt).isCorrect)
  }

  /// A mutation of the remembered snapshot in place (a delete, then an
  /// insert that may take the freed bucket) ends the lineage of a rebuild
  /// derived from it; the changeset is then still the right one.
  @Test func aMutationOfTheRememberedSnapshotEndsTheLineage() throws {
    var (shown, rebuilt) = try derivedPair()
    #expect(rebuilt.storage.keptBuckets(from: shown.storage) != nil)
    let identity = ObjectIdentifier(shown.storage)
    try shown.deleteItems([5])
    try shown.insertItems([97], beforeItem: 6)
    #expect(ObjectIdentifier(shown.storage) == identity)
    #expect(rebuilt.storage.keptBuckets(from: shown.storage) == nil)
    let changeset = differ.changeset(from: shown, to: rebuilt, options: DiffOptions())
    #expect(BatchInterpreter.replay(changeset, from: shown, to: rebuilt).isCorrect)
  }

  /// A lineage holds its source weakly: the remembered snapshot goes when
  /// its last owner does, and the lineage then names nothing.
  @Test func aLineageKeepsNothingAlive() throws {
    weak var source: Engine.Storage?
    var rebuilt: Engine
    do {
      let pair = try derivedPair()
      rebuilt = pair.rebuilt
      source = pair.shown.storage
      #expect(rebuilt.storage.keptBuckets(from: pair.shown.storage) != nil)
    }
    #expect(source == nil)
    #expect(rebuilt.storage.lineage?.source == nil)
  }

  /// A table built anew (a reservation the derived table has no room for)
  /// has other buckets: no lineage.
  @Test func aTableBuiltAnewHasNoLineage() throws {
    let shown = try EngineReplicaTests().shown()
    var rebuilt = Engine()
    rebuilt.reserveCapacity(10_000)
    try rebuilt.appendSections([0, 1, 2])
    try rebuilt.appendItems(Array(1..<10), toSection: 0)
    try rebuilt.appendItems(Array(10..<20), toSection: 1)
    try rebuilt.appendItems(Array(20..<30), toSection: 2)
    #expect(rebuilt.storage.keptBuckets(from: shown.storage) == nil)
    #expect(rebuilt.storage.table.fits(10_000 - 29))
    #expect(
      BatchInterpreter.replay(differ.changeset(from: shown, to: rebuilt), from: shown, to: rebuilt)
        .isCorrect)
  }
}
