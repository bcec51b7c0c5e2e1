import Generators
import SnapshotCore
import SnapshotEngine

#if canImport(Glibc)
  import Glibc
#endif

/// An identifier type the per-update rows run with, made from a number.
protocol BenchIdentifier: Hashable {
  /// The `ids` field of the JSON rows.
  static var label: String { get }
  /// The identifier for `number`; every call allocates afresh, as decoding
  /// a model does.
  static func make(_ number: Int) -> Self
}

extension Int: BenchIdentifier {
  static var label: String { "int" }
  static func make(_ number: Int) -> Int { number }
}

extension String: BenchIdentifier {
  static var label: String { "string" }

  /// A UUID-format, 36-character id from seeded bytes (so separately
  /// allocated: longer than a small string).
  static func make(_ number: Int) -> String {
    var rng = SplitMix64(seed: UInt64(number) &* 0x9E37_79B9 &+ 0x5EED)
    let digits = Array("0123456789abcdef".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(36)
    var bits = rng.next()
    for index in 0..<32 {
      if index == 16 { bits = rng.next() }
      if index == 8 || index == 12 || index == 16 || index == 20 { bytes.append(UInt8(ascii: "-")) }
      bytes.append(digits[Int(bits & 15)])
      bits >>= 4
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// The state an app holds after an update: its sections, the ids of each
/// and, when the case has content, a content value per id.
struct UpdateLayout<ID: BenchIdentifier> {
  var sections: [Int]
  var items: [[ID]]
  var contents: [[Int]]?

  /// `numbers` turned into fresh identifiers.
  init(_ numbers: [(section: Int, items: [Int])], content: ((Int) -> Int)?) {
    sections = numbers.map(\.section)
    items = numbers.map { $0.items.map(ID.make) }
    contents = content.map { value in numbers.map { $0.items.map(value) } }
  }

  var count: Int { items.reduce(0) { $0 + $1.count } }
}

/// What the engine builds per update: the snapshot, with the content
/// stored with the items, or (`contentMap`) a content map beside it.
struct EngineUpdate<ID: BenchIdentifier> {
  var snapshot = EngineSnapshot<Int, ID>()
  var content: ContentMap<ID> = [:]

  /// Built from the arrays, as an app does on every update.
  init(_ layout: UpdateLayout<ID>, contentMap: Bool = false, reserving: Bool = true) {
    if reserving { snapshot.reserveCapacity(layout.count) }
    try? snapshot.appendSections(layout.sections)
    for (position, section) in layout.sections.enumerated() {
      if let contents = layout.contents, !contentMap {
        try? snapshot.appendItems(
          layout.items[position], contents: contents[position], toSection: section)
      } else {
        try? snapshot.appendItems(layout.items[position], toSection: section)
      }
    }
    guard contentMap, let contents = layout.contents else { return }
    content.reserveCapacity(layout.count)
    for (items, values) in zip(layout.items, contents) {
      for (item, value) in zip(items, values) { content[item] = value }
    }
  }

  /// The changeset from `previous`.
  func changeset(from previous: EngineUpdate) -> Changeset {
    EngineDiffer<Int, ID>().changeset(
      from: previous.snapshot, to: snapshot,
      options: DiffOptions(oldContent: previous.content, newContent: content))
  }
}

/// The floor an update cannot go below: one insert per new id into a
/// reserved `Dictionary` (kept for the next update), then a cursor walk
/// against the previous table with a lookup only where the cursor misses,
/// a longest increasing subsequence for the moves, and content compared at
/// the matched pairs. Written independently of the engine.
struct FloorUpdate<ID: BenchIdentifier> {
  var layout: UpdateLayout<ID>
  var table: [ID: (section: Int, index: Int)]

  init(_ layout: UpdateLayout<ID>) {
    self.layout = layout
    table = Dictionary(minimumCapacity: layout.count)
    for (position, items) in layout.items.enumerated() {
      for (index, item) in items.enumerated() { table[item] = (position, index) }
    }
  }

  /// (moves, content changes, inserts, deletes) from `old`.
  func diff(from old: FloorUpdate) -> (moves: Int, changed: Int, inserts: Int, deletes: Int) {
    var oldSection: [Int: Int] = [:]
    for (position, section) in old.layout.sections.enumerated() { oldSection[section] = position }
    let survivors = layout.sections.compactMap { oldSection[$0] }
    var (moves, changed, inserts) = (survivors.count - lisLength(survivors), 0, 0)
    var taken = old.layout.items.map { [Bool](repeating: false, count: $0.count) }
    for (position, items) in layout.items.enumerated() {
      let from = oldSection[layout.sections[position]] ?? -1
      let oldItems = from >= 0 ? old.layout.items[from] : []
      var (cursor, staying) = (0, [Int]())
      for (index, item) in items.enumerated() {
        var match: (section: Int, index: Int)
        if cursor < oldItems.count && oldItems[cursor] == item && !taken[from][cursor] {
          match = (from, cursor)
          cursor += 1
        } else if let found = old.table[item] {
          match = found
          // Jump the cursor over a run of deletions, not past one far move.
          let next = found.index + 1
          if found.section == from && found.index >= cursor
            && (next - cursor <= 2
              || (index + 1 < items.count && next < oldItems.count
                && items[index + 1] == oldItems[next]))
          {
            cursor = next
          }
        } else {
          inserts += 1
          continue
        }
        taken[match.section][match.index] = true
        if match.section == from { staying.append(match.index) } else { moves += 1 }
        if let new = layout.contents, let before = old.layout.contents,
          new[position][index] != before[match.section][match.index]
        {
          changed += 1
        }
      }
      moves += staying.count - lisLength(staying)
    }
    let deletes = taken.reduce(0) { $0 + $1.count { !$0 } }
    return (moves, changed, inserts, deletes)
  }
}

/// Bytes the C heap holds in use, small and mmapped blocks (glibc
/// `mallinfo2`: `uordblks` + `hblkhd`), or 0 where it is unavailable.
///
/// `malloc.h` is not part of the Glibc module, so the function is looked up
/// with `dlsym`. It returns a 10-word struct, which the C ABI returns
/// through a hidden pointer; any larger imported struct (`rusage`) declared
/// as the result type makes the caller pass a big enough buffer the same way.
func heapBytesInUse() -> Int {
  #if canImport(Glibc)
    typealias Function = @convention(c) () -> rusage
    guard MemoryLayout<rusage>.size >= 10 * MemoryLayout<Int>.size,
      let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallinfo2")
    else { return 0 }
    let info = unsafeBitCast(symbol, to: Function.self)()
    return withUnsafeBytes(of: info) { words in
      words.load(fromByteOffset: 7 * 8, as: Int.self)
        + words.load(fromByteOffset: 4 * 8, as: Int.self)
    }
  #else
    return 0
  #endif
}

/// One update case: the previous and the new layout as numbers, the
/// content value of a number (when the case has content) and the minimal
/// move count.
struct UpdateCase {
  var name: String
  var old: [(section: Int, items: [Int])]
  var new: [(section: Int, items: [Int])]
  var oldContent: ((Int) -> Int)?
  var newContent: ((Int) -> Int)?
  var minimalMoves: Int
  /// Whether the engine takes the content as `DiffOptions` maps rather
  /// than stored with the items.
  var contentMap = false
}

extension Bench {
  /// The per-update rows (build the new snapshot from arrays, then diff
  /// against the previous update's), Int and String ids, beside the floor.
  mutating func runUpdates() {
    let sizes = quick ? [100_000] : [10_000, 100_000, 1_000_000]
    var printedHeader = false
    for count in sizes {
      let label = count >= 1_000_000 ? "1M" : "\(count / 1_000)k"
      let cases = updateCases(count: count, label: label).filter { update in
        wants("\(update.name) \(Int.label)") || wants("\(update.name) \(String.label)")
      }
      for update in cases.map({ $0.make() }) {
        if !printedHeader {
          print(Report.updateHeader)
          printedHeader = true
        }
        updateCase(update, as: Int.self, runs: engineRuns)
        updateCase(update, as: String.self, runs: engineRuns)
      }
    }
  }

  /// The update cases at `count` items, each made on demand.
  func updateCases(count: Int, label: String) -> [(name: String, make: () -> UpdateCase)] {
    let items = Array(0..<count)
    let perSection = count / 100 >= 1_000 ? "\(count / 100_000),000" : "\(count / 100)"
    func oneSection(_ items: [Int]) -> [(section: Int, items: [Int])] { [(0, items)] }
    func named(_ name: String, _ make: @escaping (String) -> UpdateCase) -> (
      String, () -> UpdateCase
    ) {
      ("update \(label) \(name)", { make("update \(label) \(name)") })
    }
    return [
      named("10/10/2") { name in
        let flat = FlatPair.edited(count: count, changedPercent: 0, seed: 1)
        return UpdateCase(
          name: name, old: oneSection(flat.old), new: oneSection(flat.new),
          minimalMoves: flat.minimalMoves)
      },
      named("10/10/2 +5% content") { contentCase($0, count: count, map: false) },
      named("10/10/2 +5% content map") { contentCase($0, count: count, map: true) },
      named("reverse") { name in
        UpdateCase(
          name: name, old: oneSection(items), new: oneSection(items.reversed()),
          minimalMoves: max(count - 1, 0))
      },
      named("unchanged") { name in
        UpdateCase(name: name, old: oneSection(items), new: oneSection(items), minimalMoves: 0)
      },
      named("sectioned 100x\(perSection)") { name in
        let pair = SectionedPair.edited(sections: 100, perSection: count / 100, seed: 3)
        return UpdateCase(name: name, old: pair.old, new: pair.new, minimalMoves: pair.minimalMoves)
      },
    ]
  }

  /// The 10/10/2 mix with 5% of the survivors' content changed, the
  /// content stored with the items or (`map`) given as maps.
  func contentCase(_ name: String, count: Int, map: Bool) -> UpdateCase {
    let pair = FlatPair.edited(count: count, changedPercent: 5, seed: 2)
    let (oldMap, newMap) = (pair.options.oldContent, pair.options.newContent)
    return UpdateCase(
      name: name, old: [(0, pair.old)], new: [(0, pair.new)],
      oldContent: { oldMap[$0] ?? 0 }, newContent: { newMap[$0] ?? 0 },
      minimalMoves: pair.minimalMoves, contentMap: map)
  }

  /// Times one update case with `ID` identifiers, best of at least `runs`
  /// rounds (more, up to 400, until a second has passed) after one
  /// untimed warm-up round; a case with content also times, in the same
  /// rounds, the engine on the same ids without content.
  ///
  /// Every round times each contender once on the same inputs, in an order
  /// rotated from round to round (so none always runs first, on the
  /// allocator state the previous round left), and on the thread's CPU
  /// clock (page faults and the kernel's work for the thread included, the
  /// time other processes hold the core excluded: the machine is shared).
  mutating func updateCase<ID: BenchIdentifier>(_ update: UpdateCase, as _: ID.Type, runs: Int) {
    let name = "\(update.name) \(ID.label)"
    guard wants(name) else { return }
    let oldLayout = UpdateLayout<ID>(update.old, content: update.oldContent)
    let newLayout = UpdateLayout<ID>(update.new, content: update.newContent)
    var (oldPlain, newPlain) = (oldLayout, newLayout)
    (oldPlain.contents, newPlain.contents) = (nil, nil)
    let snapshotBytes = liveSnapshotBytes(newPlain, reserving: true)
    let unreservedBytes = liveSnapshotBytes(newPlain, reserving: false)
    let previous = EngineUpdate(oldLayout, contentMap: update.contentMap)
    let previousPlain = update.newContent == nil ? nil : EngineUpdate(oldPlain)
    let previousFloor = FloorUpdate(oldLayout)
    // With content maps, the maps are the app's own state (its view model
    // keeps them whatever differ it uses): built before the update, given
    // to the engine and to the map-lookup floor alike.
    let newMap = update.contentMap ? EngineUpdate(newLayout, contentMap: true).content : [:]
    var mapFloorChanged = 0
    var times = (engine: [Double](), floor: [Double](), plain: [Double]())
    var changeset = Changeset()
    var floorResult = (moves: 0, changed: 0, inserts: 0, deletes: 0)
    let contenders = previousPlain == nil ? 2 : 3
    let wall = ContinuousClock()
    let start = wall.now
    var round = 0
    // At least `runs` timed rounds, and more (up to 400) until a second has
    // passed: a short case then spans the bursts of the other processes
    // sharing the machine instead of fitting inside one.
    while round <= max(runs, 1) || (round <= 400 && wall.now - start < .seconds(1)) {
      defer { round += 1 }
      for turn in 0..<contenders {
        switch (round + turn) % contenders {
        case 0:
          let engine = timed(&times.engine) {
            guard update.contentMap else {
              let engine = EngineUpdate(newLayout)
              changeset = engine.changeset(from: previous)
              return engine
            }
            var engine = EngineUpdate(newPlain)
            engine.content = newMap
            changeset = engine.changeset(from: previous)
            return engine
          }
          blackHole(engine)
        case 1 where update.contentMap:
          // The map-lookup floor: the plain update, plus one lookup of each
          // matched item in each map and a comparison of the two values.
          let floor = timed(&times.floor) {
            () -> (EngineUpdate<ID>, Changeset) in
            let plain = EngineUpdate(newPlain)
            let result = (plain, plain.changeset(from: previousPlain ?? previous))
            mapFloorChanged = 0
            for items in newPlain.items {
              for item in items {
                if let old = previous.content[item], newMap[item] != old { mapFloorChanged += 1 }
              }
            }
            return result
          }
          blackHole(floor)
        case 1:
          let floor = timed(&times.floor) {
            let floor = FloorUpdate(newLayout)
            floorResult = floor.diff(from: previousFloor)
            return floor
          }
          blackHole(floor)
        default:
          guard let previousPlain else { break }
          let plain = timed(&times.plain) {
            () -> (EngineUpdate<ID>, Changeset) in
            let plain = EngineUpdate(newPlain)
            return (plain, plain.changeset(from: previousPlain))
          }
          blackHole(plain)
        }
      }
    }
    // Round 0 warmed up (caches, allocator, page tables): dropped.
    times.engine.removeFirst()
    times.floor.removeFirst()
    if !times.plain.isEmpty { times.plain.removeFirst() }
    let moves = changeset.itemMoveCount + changeset.sectionMoveCount
    let refreshed = changeset.batches.reduce(0) {
      $0 + $1.itemReloads.count + $1.itemReconfigures.count
    }
    if update.contentMap {
      if refreshed != mapFloorChanged {
        print("warning: \(name): the map-lookup floor found \(mapFloorChanged) changed")
      }
    } else if floorResult.moves != update.minimalMoves || refreshed != floorResult.changed {
      print(
        "warning: \(name): floor found \(floorResult.moves) moves, \(floorResult.changed) changed")
    }
    let items = update.old.reduce(0) { $0 + $1.items.count }
    record(
      CaseResult(
        name: name, kind: .update, items: items, engine: Timing(times.engine),
        floor: Timing(times.floor), moves: moves, minimalMoves: update.minimalMoves,
        ids: ID.label, content: update.newContent != nil,
        engineWithoutContent: times.plain.isEmpty ? nil : Timing(times.plain),
        snapshotBytesPerItem: Double(snapshotBytes) / Double(max(newLayout.count, 1)),
        unreservedBytesPerItem: Double(unreservedBytes) / Double(max(newLayout.count, 1)),
        idArrayBytesPerItem: Double(MemoryLayout<ID>.stride),
        floorName: update.contentMap ? "map lookups" : nil))
  }
}

/// Runs `body` once, appends the CPU time the thread spent in it, in
/// milliseconds, to `times` and returns its result (released by the
/// caller, off the clock).
func timed<T>(_ times: inout [Double], _ body: () -> T) -> T {
  let start = threadCPUNanoseconds()
  let result = body()
  times.append(Double(threadCPUNanoseconds() - start) / 1e6)
  return result
}

/// The CPU time of the calling thread (user and system), in nanoseconds;
/// the monotonic wall clock where the thread clock is unavailable.
func threadCPUNanoseconds() -> Int {
  #if canImport(Glibc)
    var now = timespec()
    if clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0 {
      return now.tv_sec * 1_000_000_000 + now.tv_nsec
    }
  #endif
  return Int(milliseconds(ContinuousClock.now - wallClockOrigin) * 1e6)
}

/// The origin of the fallback clock of `threadCPUNanoseconds`.
let wallClockOrigin = ContinuousClock.now

extension Timing {
  /// The best and median of `times` (not empty).
  init(_ times: [Double]) {
    let sorted = times.sorted()
    self.init(best: sorted[0], median: sorted[sorted.count / 2])
  }
}

/// The heap bytes a snapshot built from `layout` (without content) keeps
/// alive, its ids' own string storage excluded (shared with the arrays),
/// with or without `reserveCapacity` first.
func liveSnapshotBytes<ID: BenchIdentifier>(_ layout: UpdateLayout<ID>, reserving: Bool) -> Int {
  var plain = layout
  plain.contents = nil
  let before = heapBytesInUse()
  let update = EngineUpdate(plain, reserving: reserving)
  let bytes = heapBytesInUse() - before
  blackHole(update)
  return bytes
}
