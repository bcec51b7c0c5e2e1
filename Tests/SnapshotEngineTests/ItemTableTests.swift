import Generators
import SnapshotCore
import Testing

@testable import SnapshotEngine

/// The engine's item table (`ItemTable`, keys compared through the item
/// arrays): long runs of appends, inserts, moves and deletes that fill it
/// with deleted markers and make it grow and rebuild, checked against plain
/// arrays after every step; a failed claim restores the control bytes
/// exactly.
@Suite struct ItemTableTests {
  typealias Snap = EngineSnapshot<Int, Int>

  /// Random edits over a small id universe (so ids come back after being
  /// deleted) against arrays of arrays; every answer and the table's own
  /// accounting are checked after every step.
  @Test(arguments: [1 as UInt64, 2, 3])
  func churnAgreesWithArrays(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var snapshot = Snap()
    var model: [(id: Int, items: [Int])] = []
    var nextSection = 0
    let universe = 600
    for step in 0..<1_500 {
      let present = model.flatMap(\.items)
      switch rng.below(10) {
      case 0 where model.count < 8:
        try snapshot.appendSections([nextSection])
        model.append((nextSection, []))
        nextSection += 1
      case 1 where model.count > 1 && rng.below(4) == 0:
        let position = rng.below(model.count)
        try snapshot.deleteSections([model[position].id])
        model.remove(at: position)
      case 2...4 where !model.isEmpty:
        // Appends of fresh and present ids (those move), no repeats.
        var ids: [Int] = []
        for _ in 0..<rng.below(40) {
          let id = rng.below(universe)
          if !ids.contains(id) { ids.append(id) }
        }
        let target = rng.below(model.count)
        try snapshot.appendItems(ids, toSection: model[target].id)
        for position in model.indices { model[position].items.removeAll { ids.contains($0) } }
        model[target].items += ids
      case 5 where !present.isEmpty:
        let anchor = rng.pick(present)
        let ids = (0..<rng.below(5)).map { _ in rng.below(universe) }
          .filter { $0 != anchor && !present.contains($0) }
        let unique = ids.enumerated().filter { !ids[..<$0.offset].contains($0.element) }.map(
          \.element)
        try snapshot.insertItems(unique, beforeItem: anchor)
        let position = model.firstIndex { $0.items.contains(anchor) }!
        let index = model[position].items.firstIndex(of: anchor)!
        model[position].items.insert(contentsOf: unique, at: index)
      case 6 where present.count > 1:
        let item = rng.pick(present)
        let anchor = rng.pick(present)
        guard item != anchor else { continue }
        try snapshot.moveItem(item, afterItem: anchor)
        for position in model.indices { model[position].items.removeAll { $0 == item } }
        let position = model.firstIndex { $0.items.contains(anchor) }!
        let index = model[position].items.firstIndex(of: anchor)!
        model[position].items.insert(item, at: index + 1)
      case 7...9 where !present.isEmpty:
        var ids: [Int] = []
        for _ in 0..<rng.below(60) {
          let id = rng.below(universe)
          if !ids.contains(id) { ids.append(id) }
        }
        try snapshot.deleteItems(ids)
        for position in model.indices { model[position].items.removeAll { ids.contains($0) } }
      default:
        continue
      }
      #expect(snapshot.invariantViolations().isEmpty, "step \(step)")
      #expect(snapshot.sectionIdentifiers == model.map(\.id), "step \(step)")
      for (position, section) in model.enumerated() {
        #expect(try snapshot.itemIdentifiers(inSection: section.id) == section.items)
        for (index, item) in section.items.enumerated() {
          #expect(snapshot.indexPath(of: item) == ItemPath(section: position, item: index))
        }
      }
      let all = model.flatMap(\.items)
      #expect(snapshot.numberOfItems == all.count)
      for id in 0..<universe where !all.contains(id) {
        #expect(!snapshot.contains(item: id), "step \(step): \(id) should be gone")
      }
    }
  }

  /// A repeat in appended ids gives every claimed bucket back its control
  /// byte: the table is byte for byte what it was (when no rebuild came
  /// first), deleted markers included.
  @Test func failedClaimRestoresTheControlBytes() throws {
    var snapshot = Snap()
    snapshot.reserveCapacity(400)
    try snapshot.appendSections([0, 1])
    try snapshot.appendItems(Array(0..<150), toSection: 0)
    try snapshot.appendItems(Array(150..<300), toSection: 1)
    try snapshot.deleteItems(Array(stride(from: 0, to: 300, by: 3)))
    #expect(snapshot.storage.table.tombstones > 0)
    let before = snapshot.storage.table
    let copy = snapshot
    #expect(throws: SnapshotError.self) {
      try snapshot.appendItems([1000, 1, 1001, 2, 1000], toSection: 1)
    }
    // Many new ids, each claimed into whatever free bucket its probe finds
    // first (empty or deleted), then given back by the repeat after it.
    for id in 2_000..<2_200 {
      #expect(throws: SnapshotError.self) { try snapshot.insertItems([id, 5, id], beforeItem: 4) }
    }
    #expect(
      snapshot.storage.table.words.enumerated().allSatisfy { offset, word in
        // Control words must match; locations of freed buckets may differ.
        offset % ItemTable.stride != 0 || word == before.words[offset]
      })
    #expect(snapshot.storage.table.count == before.count)
    #expect(snapshot.storage.table.tombstones == before.tombstones)
    #expect(snapshot == copy)
    #expect(snapshot.invariantViolations().isEmpty)
  }

  /// A snapshot reserved for and filled with exactly *n* items takes a few
  /// more in a derived copy without building its table anew (one hash per
  /// item in every such copy). Without the reserve's slack the table holds
  /// at most 1,001 items here and the copy's ten inserts rebuild it.
  @Test func reservedTableTakesAFewMoreWithoutRebuilding() throws {
    var snapshot = Snap()
    snapshot.reserveCapacity(1_000)
    try snapshot.appendSections([0])
    try snapshot.appendItems(Array(0..<1_000), toSection: 0)
    let buckets = snapshot.storage.table.bucketCount
    var derived = snapshot
    for id in 5_000..<5_010 { try derived.insertItems([id], beforeItem: 500) }
    #expect(derived.storage.table.bucketCount == buckets)
    #expect(derived.numberOfItems == 1_010)
    #expect(derived.invariantViolations().isEmpty)
  }

  /// A table that deletes as much as it adds stays within its load: deleted
  /// markers are cleared by a same-size rebuild instead of growing forever.
  @Test func deletedMarkersDoNotGrowTheTable() throws {
    var snapshot = Snap()
    try snapshot.appendSections([0])
    try snapshot.appendItems(Array(0..<1_000), toSection: 0)
    let buckets = snapshot.storage.table.bucketCount
    for round in 1...50 {
      try snapshot.deleteItems(Array(round * 500..<(round + 1) * 500))
      try snapshot.appendItems(Array((round + 1) * 500..<(round + 2) * 500), toSection: 0)
      #expect(snapshot.numberOfItems == 1_000)
    }
    #expect(snapshot.storage.table.bucketCount <= buckets * 2)
    #expect(snapshot.invariantViolations().isEmpty)
  }
}

/// The item table in pages: a derived copy shares every page it does not
/// write, and neither side sees the other's writes.
@Suite struct ItemTablePageTests {
  typealias Snap = EngineSnapshot<Int, Int>

  /// A snapshot of `count` items in sections of 500, its table built whole.
  func built(_ count: Int) throws -> Snap {
    var snapshot = Snap()
    try snapshot.appendSections(Array(0..<(count + 499) / 500))
    for section in 0..<(count + 499) / 500 {
      try snapshot.appendItems(
        Array(section * 500..<Swift.min(count, section * 500 + 500)), toSection: section)
    }
    return snapshot
  }

  /// Cutting keeps every word, and a table too small to cut stays whole.
  @Test func cuttingKeepsTheWords() throws {
    var table = try built(3_000).base.table
    #expect(table.pages.count == 1 && table.isLongWhole)
    let words = table.words
    table.splitIntoPages()
    #expect(table.pages.count > 1 && !table.isLongWhole)
    let wordsKept = table.words == words
    #expect(wordsKept)
    #expect(table.accountingViolations(items: 3_000).isEmpty)
    var small = try built(40).base.table
    small.splitIntoPages()
    #expect(small.pages.count == 1)
  }

  /// A copy's three edits copy the few pages they write (at most two
  /// each); the original keeps its pages, words and answers.
  @Test func aDerivedEditCopiesTheWrittenPages() throws {
    let original = try built(3_000)
    let words = original.base.table.words
    var derived = original
    try derived.moveItem(10, afterItem: 2_500)
    try derived.insertItems([9_000], beforeItem: 7)
    try derived.deleteItems([1_234])
    let (mine, theirs) = (derived.base.table.pages, original.base.table.pages)
    #expect(mine.count == theirs.count && mine.count > 10)
    let copied = zip(mine, theirs).count { $0 !== $1 }
    #expect(copied >= 1 && copied <= 6)
    let wordsKept = original.base.table.words == words
    #expect(wordsKept)
    #expect(original.indexOfItem(1_234) == 1_234 && original.indexOfItem(9_000) == nil)
    #expect(derived.indexOfItem(1_234) == nil && derived.indexOfItem(9_000) == 7)
    #expect(original.invariantViolations().isEmpty && derived.invariantViolations().isEmpty)
  }

  /// A copy of a snapshot whose building filled its table to the last
  /// bucket it was given takes ten deletes and ten inserts in the pages it
  /// shares, copying only those it writes: building leaves room
  /// (`ItemTable.roomyCapacity`). Planted: with no room, the first insert
  /// after a delete that left a deleted marker built the copy's table anew
  /// (one page, one hash per item). Counts that are multiples of 7 fill
  /// whole groups; whether a delete leaves a marker depends on the
  /// process's hash seed, and with no room ten deletes all leaving none is
  /// rare.
  @Test(arguments: [7_000, 70_000, 14_001])
  func aDerivedEditFitsTheBuiltTable(count: Int) throws {
    var original = Snap()
    try original.appendSections([0])
    try original.appendItems(Array(0..<count), toSection: 0)
    for built in [original, try built(count)] {
      var derived = built
      try derived.deleteItems(Array(count - 10..<count))
      try derived.appendItems(Array(count..<count + 10), toSection: 0)
      let (mine, theirs) = (derived.base.table.pages, built.base.table.pages)
      #expect(mine.count == theirs.count && mine.count > 20)
      #expect(zip(mine, theirs).count { $0 !== $1 } <= 20)
      #expect(derived.numberOfItems == count && derived.invariantViolations().isEmpty)
    }
  }

  /// Many edits of a copy (its locations rewritten section by section, every
  /// page made unique at once) leave the original as it was, and editing
  /// the original afterwards leaves the copy as it is.
  @Test func settlingACopyLeavesTheOriginal() throws {
    var original = try built(3_000)
    let before = original.itemIdentifiers
    var derived = original
    for step in 0..<200 {
      try derived.moveItem(step * 7, beforeItem: 2_999 - step)
    }
    let after = derived.itemIdentifiers
    #expect(original.itemIdentifiers == before)
    #expect(original.invariantViolations().isEmpty && derived.invariantViolations().isEmpty)
    try original.deleteItems(Array(0..<100))
    #expect(derived.itemIdentifiers == after)
    #expect(derived.indexOfItem(0) != nil && original.indexOfItem(0) == nil)
    #expect(original.invariantViolations().isEmpty && derived.invariantViolations().isEmpty)
  }

  /// The bookkeeping check catches pages that do not add up (planted: a
  /// page dropped) and accepts the cut table.
  @Test func pagesThatDoNotAddUpAreReported() throws {
    var table = try built(3_000).base.table
    table.splitIntoPages()
    #expect(table.accountingViolations(items: 3_000).isEmpty)
    var dropped = table
    dropped.pages.removeLast()
    #expect(dropped.accountingViolations(items: 3_000).contains { $0.contains("words for") })
    var misread = table
    misread.pageShift -= 1
    #expect(misread.accountingViolations(items: 3_000).contains { $0.contains("pages are not") })
  }
}

extension ItemTable {
  /// Every word, group by group, as one array.
  /// - Complexity: O(*g*).
  var words: [UInt64] {
    pages.flatMap { page in
      page.withUnsafeMutablePointerToElements {
        Array(UnsafeBufferPointer(start: $0, count: page.header))
      }
    }
  }

  /// Whether `self` and `other` hold the same pages (copies that neither
  /// wrote since): then they are equal without a comparison.
  func sharesPages(with other: ItemTable) -> Bool {
    pages.count == other.pages.count && zip(pages, other.pages).allSatisfy { $0 === $1 }
  }
}
