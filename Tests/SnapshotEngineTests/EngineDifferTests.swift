import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import Testing

/// The engine's changesets replayed through the reference interpreter:
/// valid, round-tripping, identity-respecting, move-minimal, and refreshing
/// exactly the expected items.
@Suite struct EngineDifferTests {
  typealias Snap = EngineSnapshot<Int, Int>
  let differ = EngineDiffer<Int, Int>()

  // MARK: Independent oracles

  /// The LIS length by the quadratic dynamic programme (independent of the
  /// engine's patience sorting).
  static func lisLength(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
      for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
    }
    return best.max() ?? 0
  }

  /// Section moves and item moves a minimal changeset needs.
  static func minimalMoves(from old: Snap, to new: Snap) -> (sections: Int, items: Int) {
    let survivors = new.sectionIdentifiers.compactMap { old.indexOfSection($0) }
    let sectionMoves = survivors.count - lisLength(survivors)
    var itemMoves = 0
    for section in new.sectionIdentifiers {
      let newItems = (try? new.itemIdentifiers(inSection: section)) ?? []
      let oldItems = (try? old.itemIdentifiers(inSection: section)) ?? []
      var staying: [Int] = []
      for item in newItems {
        guard let owner = old.sectionIdentifier(containingItem: item) else { continue }
        if owner == section && old.indexOfSection(section) != nil {
          staying.append(oldItems.firstIndex(of: item) ?? -1)
        } else {
          itemMoves += 1
        }
      }
      itemMoves += staying.count - lisLength(staying)
    }
    return (sectionMoves, itemMoves)
  }

  /// Checks everything the differ promises for one pair.
  func verify(
    _ old: Snap, _ new: Snap, options: DiffOptions<Int> = DiffOptions(),
    _ label: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let changeset = differ.changeset(from: old, to: new, options: options)
    let update = BatchInterpreter.replay(changeset, from: old, to: new)
    #expect(
      update.isCorrect, "\(label): \(update.problems)\n\(changeset)",
      sourceLocation: sourceLocation)
    let minimal = Self.minimalMoves(from: old, to: new)
    #expect(
      changeset.sectionMoveCount == minimal.sections, "\(label)", sourceLocation: sourceLocation)
    #expect(changeset.itemMoveCount == minimal.items, "\(label)", sourceLocation: sourceLocation)
    #expect(changeset.batches.count <= 2, sourceLocation: sourceLocation)
    #expect(changeset == changeset.normalized(), "lists sorted", sourceLocation: sourceLocation)
    if changeset.batches.count == 2 {
      #expect(changeset.batches[1].isReloadOnly, sourceLocation: sourceLocation)
    }
    // Refreshes: exactly the marked-or-changed items present in both.
    let both = Set(new.itemIdentifiers).intersection(old.itemIdentifiers)
    let changed = both.filter { options.contentChanged($0) }
    var reloads = Set(new.reloadedItemIdentifiers).intersection(both)
    var reconfigures = Set(new.reconfiguredItemIdentifiers).intersection(both)
    if options.contentUpdate == .reload {
      reloads.formUnion(changed)
    } else {
      reconfigures.formUnion(changed)
    }
    reconfigures.subtract(reloads)
    #expect(Set(update.reloadedItems) == reloads, "\(label)", sourceLocation: sourceLocation)
    #expect(update.reloadedItems.count == reloads.count, sourceLocation: sourceLocation)
    #expect(
      Set(update.reconfiguredItems) == reconfigures, "\(label)", sourceLocation: sourceLocation)
    let sectionReloads = new.reloadedSectionIdentifiers.filter { old.indexOfSection($0) != nil }
    #expect(Set(update.reloadedSections) == Set(sectionReloads), sourceLocation: sourceLocation)
  }

  // MARK: Generated pairs

  static func randomSnapshot(_ rng: inout SplitMix64, sections: Int, items: Int) -> Snap {
    var snapshot = Snap()
    let sectionIDs = (0..<sections).shuffled(using: &rng)
    try? snapshot.appendSections(sectionIDs)
    guard !sectionIDs.isEmpty else { return snapshot }
    for item in (0..<items).shuffled(using: &rng) {
      try? snapshot.appendItems([item], toSection: rng.pick(sectionIDs))
    }
    return snapshot
  }

  /// `old` edited by a random script: deletes, inserts, moves within and
  /// across sections, section moves/deletes/inserts, reversed and rotated
  /// sections, marks.
  static func edit(_ old: Snap, _ rng: inout SplitMix64, steps: Int) -> Snap {
    var new = old
    var fresh = 1_000
    for _ in 0..<steps {
      let items = new.itemIdentifiers
      let sections = new.sectionIdentifiers
      switch rng.below(11) {
      case 0 where !items.isEmpty:
        try? new.deleteItems([rng.pick(items)])
      case 1 where !sections.isEmpty:
        fresh += 1
        if let anchor = items.isEmpty ? nil : rng.pick(items), rng.below(2) == 0 {
          try? new.insertItems([fresh], beforeItem: anchor)
        } else {
          try? new.appendItems([fresh], toSection: rng.pick(sections))
        }
      case 2 where items.count > 1, 3 where items.count > 1:
        let (a, b) = (rng.pick(items), rng.pick(items))
        if a != b { try? new.moveItem(a, afterItem: b) }
      case 4 where sections.count > 1:
        let (a, b) = (rng.pick(sections), rng.pick(sections))
        if a != b { try? new.moveSection(a, beforeSection: b) }
      case 5 where !sections.isEmpty && rng.below(3) == 0:
        try? new.deleteSections([rng.pick(sections)])
      case 6:
        fresh += 1
        try? new.appendSections([fresh])
        if rng.below(2) == 0, !items.isEmpty {
          try? new.appendItems([rng.pick(items), fresh + 50_000], toSection: fresh)
        }
      case 7 where !sections.isEmpty:
        let section = rng.pick(sections)
        let list = (try? new.itemIdentifiers(inSection: section)) ?? []
        try? new.deleteItems(list)
        let reordered =
          rng.below(2) == 0
          ? Array(list.reversed())
          : Array(list.dropFirst(list.count / 3) + list.prefix(list.count / 3))
        try? new.appendItems(reordered, toSection: section)
      case 8 where !items.isEmpty:
        try? new.reloadItems([rng.pick(items)])
      case 9 where !items.isEmpty:
        try? new.reconfigureItems([rng.pick(items)])
      case 10 where !sections.isEmpty:
        try? new.reloadSections([rng.pick(sections)])
      default:
        break
      }
    }
    return new
  }

  /// The pair of snapshots and the options drawn from `seed`: a random
  /// snapshot, a random edit of it, content for about one old item in
  /// `contentOneIn`.
  static func generatedPair(seed: UInt64, contentOneIn: Int = 4) -> (Snap, Snap, DiffOptions<Int>) {
    var rng = SplitMix64(seed: seed)
    let old = randomSnapshot(&rng, sections: rng.below(6), items: rng.below(40))
    let new = edit(old, &rng, steps: rng.below(12))
    var options = DiffOptions<Int>(
      contentUpdate: rng.below(2) == 0 ? .reload : .reconfigure)
    for item in old.itemIdentifiers where rng.below(contentOneIn) == 0 {
      options.oldContent[item] = 0
      options.newContent[item] = rng.below(2)
    }
    return (old, new, options)
  }

  @Test(arguments: 0..<6)
  func generatedPairs(chunk: Int) {
    for run in 0..<80 {
      let seed = UInt64(chunk * 1_000 + run)
      let (old, new, options) = Self.generatedPair(seed: seed)
      verify(old, new, options: options, "seed \(seed)")
      verify(new, old, "seed \(seed) reversed")
    }
  }

  // MARK: Examples

  static func flat(_ items: [Int], section: Int = 0) -> Snap {
    var snapshot = Snap()
    try? snapshot.appendSections([section])
    try? snapshot.appendItems(items, toSection: section)
    return snapshot
  }

  @Test func diffOfASnapshotWithItselfIsEmpty() {
    var rng = SplitMix64(seed: 7)
    let snapshot = Self.randomSnapshot(&rng, sections: 4, items: 30)
    #expect(differ.changeset(from: snapshot, to: snapshot).isEmpty)
    let rebuilt = Snap.rebuilt(snapshot)
    #expect(differ.changeset(from: snapshot, to: rebuilt).batches.isEmpty)
  }

  @Test func firstItemToTheEndIsOneMove() {
    let old = Self.flat(Array(0..<10_000))
    let new = Self.flat(Array(1..<10_000) + [0])
    let changeset = differ.changeset(from: old, to: new)
    #expect(changeset.itemMoveCount == 1)
    #expect(
      changeset.batches[0].itemMoves == [
        .init(from: .init(section: 0, item: 0), to: .init(section: 0, item: 9_999))
      ])
  }

  @Test func blockMovedForwardMovesTheBlock() {
    let items = Array(0..<10_000)
    let old = Self.flat(items)
    let new = Self.flat(
      Array(items[1_000..<5_000]) + Array(items[0..<1_000]) + Array(items[5_000...]))
    #expect(differ.changeset(from: old, to: new).itemMoveCount == 1_000)
  }

  @Test func reverseIsNMinusOneMoves() {
    let old = Self.flat(Array(0..<2_000))
    let new = Self.flat(Array((0..<2_000).reversed()))
    let changeset = differ.changeset(from: old, to: new)
    #expect(changeset.itemMoveCount == 1_999)
    #expect(BatchInterpreter.replay(changeset, from: old, to: new).isCorrect)
  }

  /// Descending stretches (a reversed list, a reversed middle, reversed
  /// blocks, a reversal with items deleted and inserted along it, a
  /// reversed section beside one whose items left for it) are matched
  /// without lookups where the previous new item names the old one to
  /// compare, and the changesets keep every promise.
  @Test func descendingStretchesKeepEveryPromise() throws {
    let items = Array(0..<600)
    verify(Self.flat(items), Self.flat(items.reversed()), "reversed")
    verify(
      Self.flat(items),
      Self.flat(Array(items[..<100]) + items[100..<500].reversed() + Array(items[500...])),
      "reversed middle")
    verify(
      Self.flat(items),
      Self.flat(Array(items[300...].reversed()) + Array(items[..<300].reversed())),
      "reversed blocks")
    var edited: [Int] = []
    for (offset, item) in items.reversed().enumerated() where item % 7 != 3 {
      if offset % 11 == 5 { edited.append(1_000 + offset) }
      edited.append(item)
    }
    verify(Self.flat(items), Self.flat(edited), "reversed with deletes and inserts")
    var old = Snap()
    try old.appendSections([0, 1])
    try old.appendItems(Array(0..<300), toSection: 0)
    try old.appendItems(Array(300..<600), toSection: 1)
    var new = Snap()
    try new.appendSections([0, 1])
    try new.appendItems((0..<300).reversed().filter { $0 % 5 != 0 }, toSection: 0)
    try new.appendItems(
      (300..<600).reversed().flatMap { $0 % 5 == 0 ? [$0, $0 - 300] : [$0] }, toSection: 1)
    verify(old, new, "reversed sections trading items")
  }

  /// A reversed section hashes a few ids, not one per item: each new item
  /// after the first is the old item just before the previous one's.
  @Test func reversedSectionIsMatchedByComparison() throws {
    typealias Key = EngineDifferContentTests.CountedKey
    let counter = Key.Counter()
    let keys = (0..<2_000).map { Key(value: $0, counter: counter) }
    var (old, new) = (EngineSnapshot<Int, Key>(), EngineSnapshot<Int, Key>())
    try old.appendSections([0])
    try old.appendItems(keys, toSection: 0)
    try new.appendSections([0])
    try new.appendItems(keys.reversed(), toSection: 0)
    // Both tables built before counting.
    _ = (old.indexOfItem(keys[0]), new.indexOfItem(keys[0]))
    counter.hashes = 0
    let changeset = EngineDiffer<Int, Key>().changeset(from: old, to: new)
    #expect(changeset.itemMoveCount == keys.count - 1)
    #expect(counter.hashes <= 4, "\(counter.hashes) ids hashed")
    #expect(BatchInterpreter.replay(changeset, from: old, to: new).isCorrect)
  }

  /// Two snapshots whose sections hold the same item arrays (built from
  /// the same arrays, or one a copy of the other with marks added) are
  /// diffed without reading an id: no hash, no comparison. Their stored
  /// contents are still compared, and the marks refreshed.
  @Test func sectionsOfTheSameArraysAreComparedByIdentity() throws {
    typealias Key = EngineDifferContentTests.CountedKey
    let counter = Key.Counter()
    let sections = (0..<3).map { section in
      (0..<700).map { Key(value: section * 1_000 + $0, counter: counter) }
    }
    func built(contents: (Int) -> Int) throws -> EngineSnapshot<Int, Key> {
      var snapshot = EngineSnapshot<Int, Key>()
      try snapshot.appendSections([0, 1, 2])
      for (section, keys) in sections.enumerated() {
        try snapshot.appendItems(
          keys, contents: keys.map { contents($0.value) }, toSection: section)
      }
      return snapshot
    }
    let old = try built { _ in 0 }
    let new = try built { $0 == 1_005 || $0 == 2_699 ? 1 : 0 }
    // Tables built before counting.
    _ = (old.indexOfItem(sections[0][0]), new.indexOfItem(sections[0][0]))
    (counter.hashes, counter.comparisons) = (0, 0)
    let differ = EngineDiffer<Int, Key>()
    let changeset = differ.changeset(
      from: old, to: new, options: DiffOptions(contentUpdate: .reload))
    #expect((counter.hashes, counter.comparisons) == (0, 0))
    #expect(changeset.batches.count == 1)
    #expect(
      changeset.batches.first?.itemReloads
        == [ItemPath(section: 1, item: 5), ItemPath(section: 2, item: 699)])
    #expect(changeset.batches.first?.isReloadOnly == true)
    // A copy's first mark cuts the long wholes it shares with `old` into
    // chunks, which the two then share.
    var marked = old
    try marked.reconfigureItems([sections[0][3]])
    (counter.hashes, counter.comparisons) = (0, 0)
    let marks = differ.changeset(from: old, to: marked, options: DiffOptions())
    #expect(counter.comparisons <= 4, "\(counter.comparisons) ids compared")
    #expect(marks.batches.first?.itemReconfigures == [ItemPath(section: 0, item: 3)])
    #expect(marks.batches.count == 1 && marks.batches.first?.isReloadOnly == true)
    #expect(differ.changeset(from: new, to: old).batches.count == 1)
    // The same arrays under other section ids, or in another order, are
    // another structure (arrays no remembered snapshot holds, so that
    // both are wholes of the same buffers).
    let fresh = (0..<3).map { section in
      (0..<50).map { Key(value: 10_000 + section * 100 + $0, counter: counter) }
    }
    func layout(_ order: [Int]) throws -> EngineSnapshot<Int, Key> {
      var snapshot = EngineSnapshot<Int, Key>()
      try snapshot.appendSections(order)
      for (position, section) in order.enumerated() {
        try snapshot.appendItems(fresh[position], toSection: section)
      }
      return snapshot
    }
    let base = try layout([0, 1, 2])
    for order in [[3, 1, 2], [0, 2, 1]] {
      let other = try layout(order)
      let changeset = differ.changeset(from: base, to: other)
      #expect(BatchInterpreter.replay(changeset, from: base, to: other).isCorrect, "\(order)")
      #expect(changeset.batches.first.map { !$0.isReloadOnly } == true, "\(order)")
    }
  }

  @Test func movesOutOfDeletedAndIntoInsertedSections() throws {
    var old = Snap()
    try old.appendSections([1, 2])
    try old.appendItems([10, 11], toSection: 1)
    try old.appendItems([20], toSection: 2)
    var new = Snap()
    try new.appendSections([3, 2])
    try new.appendItems([11, 30], toSection: 3)
    try new.appendItems([10, 20], toSection: 2)
    verify(old, new, "cross")
    let batch = differ.changeset(from: old, to: new).batches[0]
    #expect(batch.sectionDeletes == [0] && batch.sectionInserts == [0])
    #expect(batch.itemInserts.isEmpty && batch.itemDeletes.isEmpty)
    #expect(batch.itemMoves.count == 2)
  }
}

extension EngineSnapshot where SectionIdentifier == Int, ItemIdentifier == Int {
  /// A snapshot equal to `other` built from scratch (no shared storage).
  static func rebuilt(_ other: Self) -> Self {
    var copy = Self()
    for section in other.sectionIdentifiers {
      try? copy.appendSections([section])
      try? copy.appendItems(
        (try? other.itemIdentifiers(inSection: section)) ?? [], toSection: section)
    }
    return copy
  }
}
