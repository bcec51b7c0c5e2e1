import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel

typealias Engine = EngineSnapshot<Int, Int>
typealias Model = ModelSnapshot<Int, Int>

/// An old/new pair of flat item lists, with content maps.
struct FlatPair {
  var old: [Int]
  var new: [Int]
  var options = DiffOptions<Int>()

  /// `0..<count` with 10% deleted, 10% inserted and 2% moved, optionally
  /// with `changedPercent`% of the survivors' content changed.
  static func edited(count: Int, changedPercent: Int, seed: UInt64) -> FlatPair {
    var rng = SplitMix64(seed: seed)
    let old = Array(0..<count)
    let deleted = Set(rng.sample(count / 10, of: count))
    var survivors = old.filter { !deleted.contains($0) }
    // 2% of the items are taken out and put back at random places.
    let moverPositions = Set(rng.sample(count / 50, of: survivors.count))
    var movers = moverPositions.sorted().map { survivors[$0] }
    movers.shuffle(using: &rng)
    survivors = survivors.enumerated().filter { !moverPositions.contains($0.offset) }.map(\.element)
    survivors = interleave(movers, into: survivors, &rng)
    let fresh = Array(count..<(count + count / 10))
    let new = interleave(fresh, into: survivors, &rng)
    var pair = FlatPair(old: old, new: new)
    if changedPercent > 0 {
      let kept = new.filter { $0 < count }
      let changed = Set(rng.sample(count * changedPercent / 100, of: kept.count).map { kept[$0] })
      for item in old { pair.options.oldContent[item] = 0 }
      for item in new { pair.options.newContent[item] = changed.contains(item) ? 1 : 0 }
    }
    return pair
  }

  /// `extra` placed at random positions among `list`, order kept.
  static func interleave(_ extra: [Int], into list: [Int], _ rng: inout SplitMix64) -> [Int] {
    let total = list.count + extra.count
    let slots = Set(rng.sample(extra.count, of: total))
    var result: [Int] = []
    result.reserveCapacity(total)
    var (next, nextExtra) = (0, 0)
    for position in 0..<total {
      if slots.contains(position) {
        result.append(extra[nextExtra])
        nextExtra += 1
      } else {
        result.append(list[next])
        next += 1
      }
    }
    return result
  }

  /// Survivors − LIS of their old positions in new order.
  var minimalMoves: Int {
    var oldIndex: [Int: Int] = [:]
    for (index, item) in old.enumerated() { oldIndex[item] = index }
    let survivors = new.compactMap { oldIndex[$0] }
    return survivors.count - lisLength(survivors)
  }
}

/// A one-section engine snapshot holding `items`.
func engineSnapshot(_ items: [Int]) -> Engine {
  var snapshot = Engine()
  try? snapshot.appendSections([0])
  try? snapshot.appendItems(items, toSection: 0)
  return snapshot
}

/// A one-section model snapshot holding `items`.
func modelSnapshot(_ items: [Int]) -> Model {
  var snapshot = Model()
  try? snapshot.appendSections([0])
  try? snapshot.appendItems(items, toSection: 0)
  return snapshot
}

extension Bench {
  /// Times the engine, the model (when `reference`) and the stdlib (when
  /// `stdlib`) on one flat pair.
  mutating func diffCase(
    _ name: String, _ pair: @autoclosure () -> FlatPair, reference: Bool, stdlib: Bool
  ) {
    guard wants(name) else { return }
    let pair = pair()
    let old = engineSnapshot(pair.old)
    let new = engineSnapshot(pair.new)
    let differ = EngineDiffer<Int, Int>()
    var changeset = Changeset()
    let engine = measure(runs: engineRuns) {
      changeset = differ.changeset(from: old, to: new, options: pair.options)
    }
    var referenceTime: Timing?
    if reference {
      let modelOld = modelSnapshot(pair.old)
      let modelNew = modelSnapshot(pair.new)
      let modelDiffer = ModelDiffer<Int, Int>()
      referenceTime = measure(runs: referenceRuns) {
        blackHole(modelDiffer.changeset(from: modelOld, to: modelNew, options: pair.options))
      }
    }
    var stdlibTime: Timing?
    if stdlib {
      stdlibTime = measure(runs: slowRuns) {
        blackHole(pair.new.difference(from: pair.old).inferringMoves())
      }
    }
    record(
      CaseResult(
        name: name, items: pair.old.count, engine: engine, reference: referenceTime,
        stdlib: stdlibTime, moves: changeset.itemMoveCount + changeset.sectionMoveCount,
        minimalMoves: pair.minimalMoves))
  }

  mutating func runFlatDiffs() {
    for count in [10_000, 100_000] {
      let small = count <= 10_000
      let label = small ? "10k" : "100k"
      diffCase(
        "flat \(label) 10/10/2", FlatPair.edited(count: count, changedPercent: 0, seed: 1),
        reference: small && !quick, stdlib: small)
      diffCase(
        "flat \(label) 10/10/2 +5% content",
        FlatPair.edited(count: count, changedPercent: 5, seed: 2),
        reference: small && !quick, stdlib: false)
    }
  }

  mutating func runWorstCases() {
    let sizes = quick ? [10_000] : [10_000, 100_000]
    for count in sizes {
      let small = count <= 10_000
      let label = small ? "10k" : "100k"
      let items = Array(0..<count)
      let cases: [(String, [Int])] = [
        ("first to end", Array(items.dropFirst()) + [0]),
        (
          "1,000 block forward",
          Array(items[1_000..<(count / 2)] + items[0..<1_000] + items[(count / 2)...])
        ),
        ("reverse", Array(items.reversed())),
        ("unchanged", items),
      ]
      for (name, new) in cases {
        diffCase(
          "\(name) \(label)", FlatPair(old: items, new: new),
          reference: small && !quick, stdlib: small && !(quick && name == "reverse"))
      }
    }
  }
}
