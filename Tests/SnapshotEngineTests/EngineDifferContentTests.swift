import Generators
import SnapshotCore
import Testing

@testable import SnapshotEngine

/// Content compared at the pairs the structural walk matches: contents
/// stored with the items (`appendItems(_:contents:toSection:)`) give the
/// same changesets as the same values passed as `DiffOptions` maps.
@Suite struct EngineDifferContentTests {
  typealias Snap = EngineSnapshot<Int, Int>
  let differ = EngineDiffer<Int, Int>()

  /// `snapshot` rebuilt with `content` stored with its items (none for ids
  /// without a value), marks copied.
  static func storing(_ content: ContentMap<Int>, in snapshot: Snap) -> Snap {
    var copy = Snap()
    try? copy.appendSections(snapshot.sectionIdentifiers)
    for section in snapshot.sectionIdentifiers {
      for item in (try? snapshot.itemIdentifiers(inSection: section)) ?? [] {
        if let value = content[item] {
          try? copy.appendItems([item], contents: [value], toSection: section)
        } else {
          try? copy.appendItems([item], toSection: section)
        }
      }
    }
    try? copy.reloadItems(snapshot.reloadedItemIdentifiers)
    try? copy.reconfigureItems(snapshot.reconfiguredItemIdentifiers)
    try? copy.reloadSections(snapshot.reloadedSectionIdentifiers)
    return copy
  }

  @Test(arguments: 0..<3)
  func storedContentDiffsAsTheMaps(chunk: Int) {
    for run in 0..<80 {
      let seed = UInt64(chunk * 1_000 + run)
      let (old, new, options) = EngineDifferTests.generatedPair(seed: seed, contentOneIn: 3)
      let stored = (
        Self.storing(options.oldContent, in: old), Self.storing(options.newContent, in: new)
      )
      let viaMaps = differ.changeset(from: old, to: new, options: options)
      let viaStore = differ.changeset(
        from: stored.0, to: stored.1, options: DiffOptions(contentUpdate: options.contentUpdate))
      #expect(viaStore == viaMaps, "seed \(seed)")
      EngineDifferTests().verify(stored.0, stored.1, options: options, "seed \(seed) both")
    }
  }

  /// `snapshot` built anew without stored contents (fresh arrays), marks
  /// copied.
  static func plain(_ snapshot: Snap) -> Snap {
    storing([:], in: snapshot)
  }

  /// A copy of `old` edited by `steps` seeded edits: deletes, inserts and
  /// moves (which leave an item without stored content), and appends with
  /// contents of new ids and of ids already there (which move them, with
  /// the new content: the only way an item present in both gets another
  /// stored content).
  static func derived(from old: Snap, steps: Int, _ rng: inout SplitMix64) -> Snap {
    var new = old
    var fresh = 1_000_000
    for _ in 0..<steps {
      let items = new.itemIdentifiers
      let sections = new.sectionIdentifiers
      guard !items.isEmpty else { break }
      let item = items[rng.below(items.count)]
      let other = items[rng.below(items.count)]
      switch rng.below(5) {
      case 0: try? new.deleteItems([item])
      case 1: try? new.insertItems([fresh], beforeItem: item)
      case 2: if item != other { try? new.moveItem(item, afterItem: other) }
      case 3:
        try? new.appendItems(
          [item], contents: [3 + rng.below(2)], toSection: sections[rng.below(sections.count)])
      default:
        try? new.appendItems(
          [fresh], contents: [rng.below(3)], toSection: sections[rng.below(sections.count)])
      }
      fresh += 1
    }
    return new
  }

  /// A snapshot derived from one that stores contents diffs as the same
  /// pair built without stored contents diffed with maps of the stored
  /// ones (`content(of:)`), and that changeset replays to the new snapshot
  /// and refreshes exactly the items whose map entries differ. Most
  /// sections are long enough to be stored in chunks, which the copy
  /// shares: the differ compares their contents in bulk and skips the
  /// shared ones.
  @Test(arguments: 0..<3)
  func derivedStoredContentDiffsAsTheMaps(chunk: Int) {
    for run in 0..<12 {
      let seed = UInt64(3_000 + chunk * 100 + run)
      var rng = SplitMix64(seed: seed)
      var old = Snap()
      let sections = 1 + rng.below(3)
      try? old.appendSections(Array(0..<sections))
      var next = 0
      for section in 0..<sections {
        let count = rng.below(4) == 0 ? rng.below(20) : 600 + rng.below(1_500)
        let items = Array(next..<(next + count))
        next += count
        if rng.below(5) == 0 {
          try? old.appendItems(items, toSection: section)
        } else {
          try? old.appendItems(items, contents: items.map { _ in rng.below(3) }, toSection: section)
        }
      }
      let new = Self.derived(from: old, steps: 1 + rng.below(16), &rng)
      let update: ContentUpdateStyle = rng.below(2) == 0 ? .reload : .reconfigure
      var maps = DiffOptions<Int>(contentUpdate: update)
      for item in old.itemIdentifiers { maps.oldContent[item] = old.content(of: item) }
      for item in new.itemIdentifiers { maps.newContent[item] = new.content(of: item) }
      let (plainOld, plainNew) = (Self.plain(old), Self.plain(new))
      let viaStore = differ.changeset(
        from: old, to: new, options: DiffOptions(contentUpdate: update))
      #expect(
        viaStore == differ.changeset(from: plainOld, to: plainNew, options: maps), "seed \(seed)")
      EngineDifferTests().verify(plainOld, plainNew, options: maps, "seed \(seed)")
    }
  }

  /// Maps of every item and sparse maps both refresh exactly the items
  /// present in both snapshots whose entries differ. The maps of every
  /// item also hold a changed entry for each item of `new`, so an
  /// inserted item (in a surviving section or in an inserted one)
  /// refreshed by mistake shows.
  @Test(arguments: [1, 12])
  func mapsOfEveryItemAndSparseMaps(contentOneIn: Int) {
    for run in 0..<150 {
      let seed = UInt64(5_000 + run)
      var (old, new, options) = EngineDifferTests.generatedPair(
        seed: seed, contentOneIn: contentOneIn)
      if contentOneIn == 1 {
        for item in new.itemIdentifiers where options.newContent[item] == nil {
          (options.oldContent[item], options.newContent[item]) = (0, 1)
        }
      }
      EngineDifferTests().verify(old, new, options: options, "seed \(seed)")
      (old, new) = (new, old)
      EngineDifferTests().verify(old, new, options: options, "seed \(seed) reversed")
    }
  }

  /// A key that counts the times it is hashed and compared, to show which
  /// entries a comparison of two maps looked up, or which ids a diff read.
  struct CountedKey: Hashable {
    final class Counter: @unchecked Sendable {
      var hashes = 0
      var comparisons = 0
    }
    let value: Int
    let counter: Counter

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.counter.comparisons += 1
      return lhs.value == rhs.value
    }
    func hash(into hasher: inout Hasher) {
      counter.hashes += 1
      hasher.combine(value)
    }
  }

  /// The keys of `new` that `old` holds with another value, by the
  /// definition (`DiffOptions.contentChanged`), in key order.
  static func naivelyChanged<Key: Hashable & Comparable>(
    _ old: ContentMap<Key>, _ new: ContentMap<Key>
  ) -> [Key] {
    let options = DiffOptions(oldContent: old, newContent: new)
    return new.keys.filter { options.contentChanged($0) }.sorted()
  }

  /// `map` keyed by the keys' values.
  static func byValue(_ map: ContentMap<CountedKey>) -> ContentMap<Int> {
    Dictionary(uniqueKeysWithValues: map.map { ($0.key.value, $0.value) })
  }

  /// Content maps made from the previous one by assigning values are
  /// compared in step, hashing nothing; with a few keys added or removed
  /// too, a few keys are hashed per key, unless the map grew. Those maps,
  /// and the same entries in a map built apart, give the keys the
  /// definition gives.
  @Test(arguments: [0, 1, 2, 3])
  func derivedContentMapsAreComparedInStep(keysChanged: Int) {
    for run in 0..<40 {
      var rng = SplitMix64(seed: UInt64(700 + 50 * keysChanged + run))
      let counter = CountedKey.Counter()
      let count = 1 + rng.below(300)
      // The same entries and assignments for counted keys (which count
      // the lookups) and `Int` keys.
      var (old, oldInts): (ContentMap<CountedKey>, ContentMap<Int>) = ([:], [:])
      for value in 0..<count {
        let content = rng.below(3)
        (old[CountedKey(value: value, counter: counter)], oldInts[value]) = (content, content)
      }
      var assignments: [(key: Int, value: Int?)] = []
      for _ in 0..<rng.below(8) { assignments.append((rng.below(count), 3 + rng.below(2))) }
      for _ in 0..<keysChanged {
        assignments.append(
          rng.below(2) == 0 ? (count + rng.below(5), 9) : (rng.below(count), nil))
      }
      var (new, newInts) = (old, oldInts)
      for (key, value) in assignments {
        (new[CountedKey(value: key, counter: counter)], newInts[key]) = (value, value)
      }
      let fresh = Dictionary(uniqueKeysWithValues: new.sorted { $0.key.value < $1.key.value })
      let expected = Self.naivelyChanged(oldInts, newInts)
      let trace = "run \(run): \(count) keys, \(keysChanged) added or removed"
      #expect(
        EngineDiffer<Int, Int>.changedEntries(from: oldInts, to: newInts).sorted() == expected,
        "\(trace), Int keys")
      for (label, candidate) in [("derived", new), ("built apart", fresh)] {
        counter.hashes = 0
        let changed = EngineDiffer<Int, CountedKey>.changedEntries(from: old, to: candidate)
        #expect(changed.map(\.value).sorted() == expected, "\(trace), \(label)")
        if keysChanged == 0 && label == "derived" {
          #expect(counter.hashes == 0, "\(trace): a derived map was looked up")
        }
      }
    }
  }

  /// A map made from the previous one with a few keys added or removed is
  /// still mostly compared in step: a removal moves a few keys of its
  /// cluster back (the table probes linearly), which are looked up, but
  /// not the whole map. The maps are kept at most half full, whose
  /// clusters are short, so the bound of a sixteenth of the entries holds
  /// whatever seed the process gives the tables (at most 12 keys of 1,000
  /// or more hashed in 10 processes); a walk that cannot pass the removed
  /// and moved keys hashes from the first removal to the end (half the
  /// entries on average).
  @Test(arguments: [1, 2, 3])
  func derivedMapsWithKeysAddedOrRemovedHashAFew(keysChanged: Int) {
    for run in 0..<20 {
      var rng = SplitMix64(seed: UInt64(900 + 50 * keysChanged + run))
      let counter = CountedKey.Counter()
      let count = 1_000 + rng.below(2_000)
      var old = ContentMap<CountedKey>(minimumCapacity: 2 * count)
      for value in 0..<count { old[CountedKey(value: value, counter: counter)] = rng.below(3) }
      var new = old
      for _ in 0..<10 {
        new[CountedKey(value: rng.below(count), counter: counter)] = 3 + rng.below(2)
      }
      for _ in 0..<keysChanged {
        if rng.below(2) == 0 {
          new[CountedKey(value: count + rng.below(5), counter: counter)] = 9
        } else {
          new[CountedKey(value: rng.below(count), counter: counter)] = nil
        }
      }
      counter.hashes = 0
      let changed = EngineDiffer<Int, CountedKey>.changedEntries(from: old, to: new)
      #expect(
        changed.map(\.value).sorted() == Self.naivelyChanged(Self.byValue(old), Self.byValue(new)),
        "run \(run)")
      #expect(
        counter.hashes <= count / 16,
        "run \(run): \(counter.hashes) of \(count) keys hashed, \(keysChanged) added or removed")
    }
  }

  @Test func changedContentIsRefreshedAtTheNewPath() throws {
    var old = Snap()
    try old.appendSections([0, 1])
    try old.appendItems([1, 2, 3], contents: [10, 20, 30], toSection: 0)
    try old.appendItems([4, 5], contents: [40, 50], toSection: 1)
    var new = Snap()
    try new.appendSections([1, 0])
    try new.appendItems([4, 5], contents: [41, 50], toSection: 1)  // unchanged order
    try new.appendItems([3, 2], contents: [30, 21], toSection: 0)  // 3 moved, 2 changed
    try new.appendItems([1], contents: [11], toSection: 1)  // across sections, changed
    let changeset = differ.changeset(from: old, to: new)
    let refresh = try #require(changeset.batches.last)
    #expect(
      refresh.itemReloads == [
        ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 2), ItemPath(section: 1, item: 1),
      ])
    let quiet = differ.changeset(
      from: old, to: new, options: DiffOptions(contentUpdate: .reconfigure))
    #expect(quiet.batches.last?.itemReconfigures == refresh.itemReloads)
    #expect(quiet.batches.last?.itemReloads == [])
  }

  @Test func contentOnOneSideOnlyOrSameStorageRefreshesNothing() throws {
    var old = Snap()
    try old.appendSections([0])
    try old.appendItems([1, 2], contents: [1, 2], toSection: 0)
    var new = Snap()
    try new.appendSections([0])
    try new.appendItems([1, 2], toSection: 0)
    #expect(differ.changeset(from: old, to: new).isEmpty)
    #expect(differ.changeset(from: old, to: old).isEmpty)
    // A reload mark and a content change on the same item: one reload.
    var marked = Snap()
    try marked.appendSections([0])
    try marked.appendItems([1, 2], contents: [1, 3], toSection: 0)
    try marked.reloadItems([2])
    try marked.reconfigureItems([1])
    let refresh = differ.changeset(from: old, to: marked).batches.last
    #expect(refresh?.itemReloads == [ItemPath(section: 0, item: 1)])
    #expect(refresh?.itemReconfigures == [ItemPath(section: 0, item: 0)])
  }
}
