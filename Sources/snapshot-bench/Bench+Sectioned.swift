import Generators
import SnapshotCore
import SnapshotEngine

/// An old/new pair of sectioned layouts.
struct SectionedPair {
  var old: [(section: Int, items: [Int])]
  var new: [(section: Int, items: [Int])]

  /// 100 sections × 1,000 items; 5 sections deleted, 5 inserted (with fresh
  /// items), 5 moved; 1% of the items moved to another section, 1% moved
  /// within their section, 2% deleted and 2% inserted.
  static func edited(sections: Int, perSection: Int, seed: UInt64) -> SectionedPair {
    var rng = SplitMix64(seed: seed)
    let old: [(section: Int, items: [Int])] = (0..<sections).map { section in
      (section, Array((section * perSection)..<((section + 1) * perSection)))
    }
    var new = old
    for position in rng.sample(sections / 20, of: new.count).reversed() {
      new.remove(at: position)
    }
    for _ in 0..<(sections / 20) {
      let position = rng.below(new.count + 1)
      let moving = new.remove(at: rng.below(new.count))
      new.insert(moving, at: min(position, new.count))
    }
    var fresh = 10_000_000
    for offset in 0..<(sections / 20) {
      let items = Array(fresh..<(fresh + perSection))
      fresh += perSection
      new.insert((1_000 + offset, items), at: rng.below(new.count + 1))
    }
    let total = sections * perSection
    for _ in 0..<(total / 100) {
      let from = rng.below(new.count)
      guard !new[from].items.isEmpty else { continue }
      let item = new[from].items.remove(at: rng.below(new[from].items.count))
      let to = rng.below(new.count)
      new[to].items.insert(item, at: rng.below(new[to].items.count + 1))
    }
    for _ in 0..<(total / 100) {
      let section = rng.below(new.count)
      guard new[section].items.count > 1 else { continue }
      let item = new[section].items.remove(at: rng.below(new[section].items.count))
      new[section].items.insert(item, at: rng.below(new[section].items.count + 1))
    }
    for _ in 0..<(total / 50) {
      let section = rng.below(new.count)
      guard !new[section].items.isEmpty else { continue }
      new[section].items.remove(at: rng.below(new[section].items.count))
      new[rng.below(new.count)].items.insert(fresh, at: 0)
      fresh += 1
    }
    return SectionedPair(old: old, new: new)
  }

  func snapshot(_ layout: [(section: Int, items: [Int])]) -> Engine {
    var snapshot = Engine()
    try? snapshot.appendSections(layout.map(\.section))
    for (section, items) in layout { try? snapshot.appendItems(items, toSection: section) }
    return snapshot
  }

  /// Section survivors − LIS, plus per surviving section staying items −
  /// LIS, plus one per item that changed section.
  var minimalMoves: Int {
    var oldSection: [Int: Int] = [:]
    var owner: [Int: (section: Int, index: Int)] = [:]
    for (position, entry) in old.enumerated() {
      oldSection[entry.section] = position
      for (index, item) in entry.items.enumerated() { owner[item] = (entry.section, index) }
    }
    let survivors = new.compactMap { oldSection[$0.section] }
    var moves = survivors.count - lisLength(survivors)
    for entry in new {
      var staying: [Int] = []
      for item in entry.items {
        guard let place = owner[item] else { continue }
        if place.section == entry.section { staying.append(place.index) } else { moves += 1 }
      }
      moves += staying.count - lisLength(staying)
    }
    return moves
  }
}

extension Bench {
  mutating func runSectionedDiff() {
    guard wants("sectioned 100x1,000") else { return }
    let pair = SectionedPair.edited(sections: 100, perSection: 1_000, seed: 3)
    let old = pair.snapshot(pair.old)
    let new = pair.snapshot(pair.new)
    let differ = EngineDiffer<Int, Int>()
    var changeset = Changeset()
    let engine = measure(runs: engineRuns) { changeset = differ.changeset(from: old, to: new) }
    record(
      CaseResult(
        name: "sectioned 100x1,000", items: old.numberOfItems, engine: engine,
        reference: nil, stdlib: nil,
        moves: changeset.itemMoveCount + changeset.sectionMoveCount,
        minimalMoves: pair.minimalMoves))
  }
}
