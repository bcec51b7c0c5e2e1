import Generators
import SnapshotCore
import SnapshotModel
import Testing

@testable import SnapshotEngine

/// Snapshots large enough to be stored in chunks (`ChunkedArray`), each
/// update derived from the last by copying it and editing the copy (the
/// usual app update): every step agrees with the reference model, leaves
/// the snapshot it was copied from as it was, and its changeset is the one
/// the same pair gets when both are built from arrays (one chunk per
/// section), replays correctly and moves minimally.
@Suite struct EngineChunkTests {
  typealias Engine = EngineSnapshot<Int, Int>
  typealias Model = ModelSnapshot<Int, Int>

  /// The length of the longest increasing subsequence (patience sorting,
  /// written here: independent of the engine's).
  static func lisLength(_ values: [Int]) -> Int {
    var tails: [Int] = []
    for value in values {
      var (low, high) = (0, tails.count)
      while low < high {
        let middle = (low + high) / 2
        if tails[middle] < value { low = middle + 1 } else { high = middle }
      }
      if low == tails.count { tails.append(value) } else { tails[low] = value }
    }
    return tails.count
  }

  /// Item moves a minimal changeset from `old` to `new` needs.
  static func minimalItemMoves(from old: Model, to new: Model) -> Int {
    var moves = 0
    for section in new.sectionIdentifiers {
      let oldItems = (try? old.itemIdentifiers(inSection: section)) ?? []
      let oldIndex = Dictionary(uniqueKeysWithValues: oldItems.enumerated().map { ($1, $0) })
      var staying: [Int] = []
      for item in (try? new.itemIdentifiers(inSection: section)) ?? [] {
        if let index = oldIndex[item] {
          staying.append(index)
        } else if old.sectionIdentifier(containingItem: item) != nil {
          moves += 1
        }
      }
      moves += staying.count - lisLength(staying)
    }
    return moves
  }

  /// The same sections, items and marks, built from arrays under section
  /// ids no remembered snapshot has (so that nothing is taken from one):
  /// one chunk per section.
  static func flat(_ model: Model) throws -> Engine {
    var snapshot = Engine()
    try snapshot.appendSections(model.sectionIdentifiers.map { $0 + 1_000 })
    for section in model.sectionIdentifiers {
      try snapshot.appendItems(
        model.itemIdentifiers(inSection: section), toSection: section + 1_000)
    }
    try snapshot.reloadItems(model.reloadedItemIdentifiers)
    try snapshot.reconfigureItems(model.reconfiguredItemIdentifiers)
    return snapshot
  }

  /// Where the engine and the model disagree.
  static func disagreements(_ engine: Engine, _ model: Model, _ rng: inout SplitMix64) -> [String] {
    var problems = engine.invariantViolations()
    if engine.sectionIdentifiers != model.sectionIdentifiers { problems.append("sections differ") }
    for section in model.sectionIdentifiers
    where (try? engine.itemIdentifiers(inSection: section))
      != (try? model.itemIdentifiers(inSection: section))
    {
      problems.append("the items of section \(section) differ")
    }
    let items = model.itemIdentifiers
    for _ in 0..<16 where !items.isEmpty {
      let item = items[rng.below(items.count)]
      if engine.indexOfItem(item) != model.indexOfItem(item)
        || engine.sectionIdentifier(containingItem: item)
          != model.sectionIdentifier(containingItem: item)
      {
        problems.append("item \(item) is placed differently")
      }
    }
    if engine.indexOfItem(-1) != nil { problems.append("a missing item is found") }
    return problems
  }

  /// Applies one random edit to both.
  static func edit(
    _ engine: inout Engine, _ model: inout Model, fresh: inout Int, _ rng: inout SplitMix64
  ) throws -> Int {
    let items = model.itemIdentifiers
    func newIds(_ count: Int) -> [Int] {
      defer { fresh += count }
      return Array(fresh..<(fresh + count))
    }
    let kind = rng.below(8)
    switch kind {
    case 0 where !items.isEmpty:
      let (anchor, ids) = (items[rng.below(items.count)], newIds(1 + rng.below(3)))
      try engine.insertItems(ids, beforeItem: anchor)
      try model.insertItems(ids, beforeItem: anchor)
    case 1 where !items.isEmpty:
      let (anchor, ids) = (items[rng.below(items.count)], newIds(300))
      try engine.insertItems(ids, afterItem: anchor)
      try model.insertItems(ids, afterItem: anchor)
    case 2 where items.count > 10:
      let doomed = (0..<(1 + rng.below(30))).map { _ in items[rng.below(items.count)] }
      let unique = Array(Set(doomed)).sorted()
      try engine.deleteItems(unique)
      try model.deleteItems(unique)
    case 3 where items.count > 300:
      let start = rng.below(items.count - 250)
      let doomed = Array(items[start..<(start + 200)])
      try engine.deleteItems(doomed)
      try model.deleteItems(doomed)
    case 4 where items.count > 2:
      let (item, anchor) = (items[rng.below(items.count)], items[rng.below(items.count)])
      guard item != anchor else { return kind }
      if rng.below(2) == 0 {
        try engine.moveItem(item, beforeItem: anchor)
        try model.moveItem(item, beforeItem: anchor)
      } else {
        try engine.moveItem(item, afterItem: anchor)
        try model.moveItem(item, afterItem: anchor)
      }
    case 5:
      let section = model.sectionIdentifiers[rng.below(model.sectionIdentifiers.count)]
      let ids = newIds(rng.below(2) == 0 ? 2 : 250)
      try engine.appendItems(ids, toSection: section)
      try model.appendItems(ids, toSection: section)
    case 6 where model.sectionIdentifiers.count > 1:
      let sections = model.sectionIdentifiers
      let (moved, anchor) = (
        sections[rng.below(sections.count)], sections[rng.below(sections.count)]
      )
      guard moved != anchor else { return kind }
      try engine.moveSection(moved, afterSection: anchor)
      try model.moveSection(moved, afterSection: anchor)
    default:
      // Reload marks, which the refresh batch reports at new paths.
      guard !items.isEmpty else { return kind }
      let marked = [items[rng.below(items.count)]]
      try engine.reconfigureItems(marked)
      try model.reconfigureItems(marked)
    }
    return kind
  }

  /// `commonEnds(ofSection:with:)` of a chunked section (compared in
  /// place) answers as the protocol's default does for the model's
  /// arrays, and both throw `.sectionNotFound` for a missing section.
  @Test func commonEndsAgreeWithTheModel() throws {
    var engine = Engine()
    var model = Model()
    try engine.appendSections([0])
    try model.appendSections([0])
    try engine.appendItems(Array(0..<4_000), toSection: 0)
    try model.appendItems(Array(0..<4_000), toSection: 0)
    for (item, anchor) in [(5, 3_000), (3_999, 17), (2_000, 0)] {
      try engine.moveItem(item, afterItem: anchor)
      try model.moveItem(item, afterItem: anchor)
    }
    let rows = try model.itemIdentifiers(inSection: 0)
    var rng = SplitMix64(seed: 12)
    for run in 0..<30 {
      var edited = rows
      for _ in 0..<rng.below(3) {
        edited.insert(-1 - run, at: Int.random(in: 0...edited.count, using: &rng))
        edited.remove(at: Int.random(in: 0..<edited.count, using: &rng))
      }
      let (mine, theirs) = (
        try engine.commonEnds(ofSection: 0, with: edited),
        try model.commonEnds(ofSection: 0, with: edited)
      )
      #expect(mine == theirs, "run \(run)")
    }
    #expect(throws: SnapshotError.sectionNotFound("9")) {
      try engine.commonEnds(ofSection: 9, with: [1])
    }
    #expect(throws: SnapshotError.sectionNotFound("9")) {
      try model.commonEnds(ofSection: 9, with: [1])
    }
  }

  @Test(arguments: [1, 2] as [UInt64])
  func derivedUpdatesAgreeWithTheModel(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var engine = Engine()
    var model = Model()
    try engine.appendSections([0, 1, 2])
    try model.appendSections([0, 1, 2])
    var fresh = 0
    for (section, count) in [(0, 1_200), (1, 500), (2, 10)] {
      let ids = Array(fresh..<(fresh + count))
      fresh += count
      try engine.appendItems(ids, toSection: section)
      try model.appendItems(ids, toSection: section)
    }
    var (kinds, chunked) = (Set<Int>(), 0)
    for step in 0..<24 {
      var (next, nextModel) = (engine, model)
      let edits = 1 + rng.below(3)
      for _ in 0..<edits {
        kinds.insert(try Self.edit(&next, &nextModel, fresh: &fresh, &rng))
      }
      let problems = Self.disagreements(next, nextModel, &rng)
      #expect(problems.isEmpty, "step \(step): \(problems)")
      #expect(Self.disagreements(engine, model, &rng).isEmpty, "the copy's origin changed")
      if next.storage.sections.contains(where: { $0.items.chunks.count > 1 }) { chunked += 1 }
      // The changeset: as for the same pair built from arrays.
      let (flatOld, flatNew) = (try Self.flat(model), try Self.flat(nextModel))
      let differ = EngineDiffer<Int, Int>()
      let changeset = differ.changeset(from: engine, to: next)
      let flatChangeset = differ.changeset(from: flatOld, to: flatNew)
      #expect(changeset == flatChangeset, "step \(step)")
      #expect(BatchInterpreter.replay(changeset, from: model, to: nextModel).isCorrect)
      #expect(changeset.itemMoveCount == Self.minimalItemMoves(from: model, to: nextModel))
      (engine, model) = (next, nextModel)
    }
    #expect(kinds.isSuperset(of: 0...7), "\(kinds.sorted())")
    #expect(chunked > 12)
  }

  /// Contents stored with the items are compared across chunks: a derived
  /// copy that re-stores changed contents reports those items.
  @Test func storedContentsAcrossChunks() throws {
    var old = Engine()
    try old.appendSections([0])
    try old.appendItems(Array(0..<5_000), contents: Array(repeating: 1, count: 5_000), toSection: 0)
    var new = old
    try new.insertItems([-1], beforeItem: 2_500)
    try new.deleteItems([4_000])
    try new.appendItems([9_000], contents: [3], toSection: 0)
    #expect(new.storage.sections[0].items.chunks.count > 1)
    #expect(new.storage.sections[0].contentKnown.chunks.count > 1)
    #expect(new.invariantViolations().isEmpty)
    let changeset = EngineDiffer<Int, Int>().changeset(from: old, to: new)
    #expect(changeset.batches.first?.itemInserts.count == 2)
    #expect(changeset.batches.first?.itemDeletes == [ItemPath(section: 0, item: 4_000)])
    #expect(changeset.batches.count == 1)
  }
}
