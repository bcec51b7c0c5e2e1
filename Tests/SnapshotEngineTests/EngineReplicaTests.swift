import Foundation
import Generators
import SnapshotCore
import SnapshotModel
import Testing

@testable import SnapshotEngine

/// Snapshots rebuilt from arrays (`EngineSnapshot+Replica.swift`): a
/// snapshot built from nothing takes the sections of a snapshot the differ
/// compared, when the appended arrays equal them, and builds its table only
/// when first needed. Whatever is remembered never changes an answer.
@Suite struct EngineReplicaTests {
  typealias Model = ModelSnapshot<Int, Int>
  typealias Engine = EngineSnapshot<Int, Int>
  typealias Differential = FullSnapshotDifferentialTests

  /// The ways the arrays of a rebuild differ from the remembered snapshot.
  enum Variation: CaseIterable {
    case exact, changedSection, missingSection, extraSection, reorderedSections
    case repeatAcrossSections, repeatWithin, foreignRepeat, reserved
    /// Derived (`appendDerived`): every section edited, a new id in two
    /// sections, a new id twice in one, a section shuffled, many new ids.
    case edited, freshInTwo, freshTwice, shuffled, manyFresh
  }

  /// The variations whose rebuilds derive some section from the
  /// remembered one (checked: the path is taken often).
  static let deriving: [Variation] = [.changedSection, .edited, .freshInTwo, .manyFresh]

  /// The sections (in order) and item arrays a rebuild appends, made from
  /// `layout` by `variation`.
  static func arrays(
    _ layout: [(section: Int, items: [Int])], _ variation: Variation, _ rng: inout SplitMix64
  ) -> [(section: Int, items: [Int])] {
    var arrays = layout
    guard !arrays.isEmpty else { return [(0, [1, 2])] }
    let pick = rng.below(arrays.count)
    switch variation {
    case .exact, .reserved:
      break
    case .changedSection:
      // Equal on a prefix (or a suffix) only.
      var items = arrays[pick].items
      if items.isEmpty || rng.below(2) == 0 {
        items.append(Differential.itemUniverse + rng.below(8))
      } else {
        items.removeLast()
      }
      if rng.below(2) == 0 { items.reverse() }
      arrays[pick].items = items
    case .missingSection:
      arrays.remove(at: pick)
    case .extraSection:
      let used = Set(arrays.map(\.section))
      let fresh = (0..<Differential.sectionUniverse + 1).first { !used.contains($0) }!
      arrays.insert(
        (fresh, [Differential.itemUniverse + rng.below(8)]), at: rng.below(arrays.count + 1))
    case .reorderedSections:
      arrays.swapAt(pick, rng.below(arrays.count))
      arrays.reverse()
    case .repeatAcrossSections:
      // An id of one section also at the end of another (a move, A.3).
      let from = arrays.indices.first { !arrays[$0].items.isEmpty } ?? pick
      if let item = arrays[from].items.first { arrays[pick].items.append(item) }
    case .repeatWithin:
      if let item = arrays[pick].items.first { arrays[pick].items.append(item) }
    case .edited:
      // Items dropped, new ids inserted, one item moved to another section.
      var next = Differential.itemUniverse + 8
      for position in arrays.indices {
        var items = arrays[position].items
        for _ in 0..<rng.below(3) where !items.isEmpty { items.remove(at: rng.below(items.count)) }
        for _ in 0..<rng.below(3) {
          items.insert(next, at: rng.below(items.count + 1))
          next += 1
        }
        arrays[position].items = items
      }
      let from = rng.below(arrays.count)
      if !arrays[from].items.isEmpty {
        let moved = arrays[from].items.remove(at: rng.below(arrays[from].items.count))
        let to = rng.below(arrays.count)
        arrays[to].items.insert(moved, at: rng.below(arrays[to].items.count + 1))
      }
    case .freshInTwo:
      // The later section's copy moves it there (A.3).
      let fresh = Differential.itemUniverse + 8
      arrays[pick].items.insert(fresh, at: rng.below(arrays[pick].items.count + 1))
      let other = rng.below(arrays.count)
      arrays[other].items.append(fresh)
    case .freshTwice:
      let fresh = Differential.itemUniverse + 8
      arrays[pick].items += [fresh, fresh]
    case .shuffled:
      arrays[pick].items.shuffle(using: &rng)
      arrays[pick].items.append(Differential.itemUniverse + 8)
    case .manyFresh:
      // More new ids than the remembered table has room for, at times.
      arrays[pick].items += (0..<(4 + rng.below(20))).map { Differential.itemUniverse + 8 + $0 }
    case .foreignRepeat:
      // An id only the remembered snapshot's other section holds: the
      // other section is left out, so the id is new here.
      if arrays.count > 1 {
        let other = (pick + 1) % arrays.count
        if let item = arrays[other].items.first {
          arrays[pick].items.append(item)
          arrays.remove(at: other)
        }
      }
    }
    return arrays
  }

  /// Applies the rebuild to both, failing on the first disagreement.
  /// Returns whether the engine took a remembered snapshot's sections (at
  /// some step).
  ///
  /// With `storing`, the engine appends every section with
  /// `appendItems(_:contents:toSection:)` (the content of an item its id
  /// times 7, plus one in odd sections), which the model, storing no
  /// content, answers as `appendItems(_:toSection:)`; the contents are
  /// then read back, the last successful append of an id giving its
  /// content.
  static func rebuild(
    _ arrays: [(section: Int, items: [Int])], reserving: Bool, storing: Bool = false,
    model: inout Model, engine: inout Engine, trace: inout [String]
  ) -> (problems: [String], adopted: Bool, derived: Bool) {
    var steps:
      [(
        String, (inout Model) throws(SnapshotError) -> Void,
        (inout Engine) throws(SnapshotError) -> Void
      )] = []
    if reserving {
      let count = arrays.reduce(0) { $0 + $1.items.count }
      steps.append(("reserveCapacity(\(count))", { _ in }, { $0.reserveCapacity(count) }))
    }
    let sections = arrays.map(\.section)
    steps.append(
      (
        "appendSections(\(sections))",
        { model throws(SnapshotError) in try model.appendSections(sections) },
        { engine throws(SnapshotError) in try engine.appendSections(sections) }
      ))
    var stored: [Int: Int] = [:]
    for (section, items) in arrays {
      let contents = items.map { $0 * 7 + section % 2 }
      steps.append(
        (
          storing
            ? "appendItems(\(items), contents: \(contents), toSection: \(section))"
            : "appendItems(\(items), toSection: \(section))",
          { model throws(SnapshotError) in try model.appendItems(items, toSection: section) },
          { engine throws(SnapshotError) in
            guard storing else { return try engine.appendItems(items, toSection: section) }
            try engine.appendItems(items, contents: contents, toSection: section)
            for (item, content) in zip(items, contents) { stored[item] = content }
          }
        ))
    }
    var problems: [String] = []
    var (adopted, derived) = (false, false)
    for (name, onModel, onEngine) in steps {
      trace.append(name)
      let expected = Result { () throws(SnapshotError) in try onModel(&model) }
      let actual = Result { () throws(SnapshotError) in try onEngine(&engine) }
      if expected.error != actual.error {
        problems.append("\(name): model \(expected), engine \(actual)")
      }
      // Read before any query builds the table.
      if engine.base.replica?.source != nil { adopted = true }
      if engine.base.replica?.isDerived == true { derived = true }
    }
    for item in model.itemIdentifiers where engine.content(of: item) != stored[item] {
      let found = engine.content(of: item).map { String($0) } ?? "nil"
      problems.append(
        "content(of: \(item)) is \(found), stored \(stored[item].map { String($0) } ?? "nil")")
    }
    return (problems, adopted, derived)
  }

  /// A snapshot built by a seeded script of every operation (with the
  /// model built the same way) and compared by the differ, so remembered;
  /// its sections and item arrays.
  static func remembered(
    _ rng: inout SplitMix64
  ) -> (engine: Engine, model: Model, layout: [(section: Int, items: [Int])]) {
    var shown = Engine()
    var shownModel = Model()
    try? shown.appendSections([0, 1, 2])
    try? shownModel.appendSections([0, 1, 2])
    for _ in 0..<(10 + rng.below(30)) {
      let step = Differential.randomStep(&rng)
      _ = try? step.engine(&shown)
      _ = try? step.model(&shownModel)
    }
    // Remembered: the differ compared it (with an older copy of itself).
    _ = EngineDiffer<Int, Int>().changeset(from: Engine(), to: shown, options: DiffOptions())
    let layout = shown.sectionIdentifiers.map { section in
      (section, (try? shown.itemIdentifiers(inSection: section)) ?? [])
    }
    return (shown, shownModel, layout)
  }

  /// The differential: a seeded script builds a snapshot, the differ
  /// compares it (so it is remembered), it is rebuilt from its arrays (as
  /// they are, or varied), then a seeded script of every operation runs on
  /// the rebuilt engine snapshot and on the model built the same way: every
  /// answer and error agree and the invariants hold after every step.
  @Test(arguments: Variation.allCases)
  func rebuiltSnapshotsAgreeWithTheModel(variation: Variation) {
    var (adoptions, derivations) = (0, 0)
    for run in 0..<120 {
      let seed = UInt64(run)
      var rng = SplitMix64(
        seed: seed &+ 7_919 &* UInt64(Variation.allCases.firstIndex(of: variation)!))
      let (shown, shownModel, layout) = Self.remembered(&rng)
      let arrays = Self.arrays(layout, variation, &rng)
      var model = Model()
      var engine = Engine()
      var trace: [String] = ["(rebuilt from the arrays of \(layout))"]
      let (rebuildProblems, adopted, derived) = Self.rebuild(
        arrays, reserving: variation == .reserved || rng.below(3) == 0,
        storing: rng.below(2) == 0, model: &model, engine: &engine, trace: &trace)
      if adopted { adoptions += 1 }
      if derived { derivations += 1 }
      var problems = rebuildProblems + Differential.disagreements(model, engine)
      for _ in 0..<30 where problems.isEmpty {
        let step = Differential.randomStep(&rng)
        trace.append(step.name)
        problems += Differential.problems(after: step, &model, &engine)
        // The remembered snapshot is untouched by whatever the rebuilt does.
        if shown.itemIdentifiers != shownModel.itemIdentifiers {
          problems.append("the remembered snapshot changed")
        }
        problems += shown.invariantViolations().map { "remembered: \($0)" }
      }
      if !problems.isEmpty {
        let script = trace.joined(separator: "\n")
        let list = problems.joined(separator: "\n- ")
        Issue.record("\(variation) seed \(seed)\n\(script)\n- \(list)")
        return
      }
    }
    // The path under test is taken (a rebuild with no section equal to a
    // remembered one, or a repeat, takes the usual path at its first append).
    if variation != .repeatWithin {
      #expect(
        adoptions >= 15, "\(variation): \(adoptions) of 120 rebuilds took remembered sections")
    }
    if Self.deriving.contains(variation) {
      #expect(derivations >= 15, "\(variation): \(derivations) of 120 rebuilds derived a section")
    }
  }

  /// Three sections of ten items, built and then diffed (remembered).
  func shown() throws -> Engine {
    var snapshot = Engine()
    try snapshot.appendSections([0, 1, 2])
    for section in 0..<3 {
      try snapshot.appendItems(Array(section * 10..<section * 10 + 10), toSection: section)
    }
    _ = EngineDiffer<Int, Int>().changeset(from: Engine(), to: snapshot, options: DiffOptions())
    return snapshot
  }

  /// `snapshot`'s sections (the first `count`) appended to a new snapshot.
  func rebuilt(from snapshot: Engine, sections count: Int? = nil) throws -> Engine {
    var rebuilt = Engine()
    let sections = Array(snapshot.sectionIdentifiers.prefix(count ?? snapshot.numberOfSections))
    try rebuilt.appendSections(sections)
    for section in sections {
      // Fresh arrays (equal, not shared).
      try rebuilt.appendItems(
        snapshot.itemIdentifiers(inSection: section).map { $0 }, toSection: section)
    }
    return rebuilt
  }

  /// An exact rebuild hashes nothing: it shares the remembered snapshot's
  /// item arrays and, once a query needs it, its table.
  @Test func anExactRebuildTakesTheTable() throws {
    let snapshot = try shown()
    let rebuilt = try rebuilt(from: snapshot)
    #expect(rebuilt.base.replica?.source === snapshot.base)
    #expect(rebuilt.base.table.count == 0)
    #expect(rebuilt.indexOfItem(25) == 25)
    #expect(rebuilt.base.replica == nil)
    // The same pages (copy-on-write), not equal ones.
    #expect(rebuilt.base.table.sharesPages(with: snapshot.base.table))
    #expect(rebuilt.invariantViolations().isEmpty)
    #expect(rebuilt == snapshot)
    // The differ sees shared arrays: nothing changed.
    #expect(
      EngineDiffer<Int, Int>().changeset(from: snapshot, to: rebuilt, options: DiffOptions())
        .batches.isEmpty)
  }

  /// A rebuild that stores contents (`appendItems(_:contents:toSection:)`)
  /// takes the remembered sections and table as one without does, hashing
  /// nothing, and stores the contents given; the differ then compares
  /// them with the remembered snapshot's, refreshing exactly the items
  /// whose content changed.
  @Test func aRebuildWithContentsTakesTheTable() throws {
    var snapshot = Engine()
    try snapshot.appendSections([0, 1, 2])
    for section in 0..<3 {
      let items = Array(section * 10..<section * 10 + 10)
      try snapshot.appendItems(items, contents: items.map { _ in 0 }, toSection: section)
    }
    _ = EngineDiffer<Int, Int>().changeset(from: Engine(), to: snapshot, options: DiffOptions())
    let changed: Set = [3, 14, 29]
    var rebuilt = Engine()
    try rebuilt.appendSections([0, 1, 2])
    for section in 0..<3 {
      let items = Array(section * 10..<section * 10 + 10)
      try rebuilt.appendItems(
        items, contents: items.map { changed.contains($0) ? 1 : 0 }, toSection: section)
    }
    #expect(rebuilt.base.replica?.source === snapshot.base)
    #expect(rebuilt.base.table.count == 0)
    #expect(
      (0..<30).map { rebuilt.content(of: $0) } == (0..<30).map { changed.contains($0) ? 1 : 0 })
    #expect(rebuilt.base.table.sharesPages(with: snapshot.base.table))
    #expect(rebuilt.invariantViolations().isEmpty)
    let changeset = EngineDiffer<Int, Int>().changeset(
      from: snapshot, to: rebuilt, options: DiffOptions(contentUpdate: .reconfigure))
    #expect(changeset.batches.count == 1)
    #expect(
      changeset.batches.first?.itemReconfigures
        == [
          ItemPath(section: 0, item: 3), ItemPath(section: 1, item: 4),
          ItemPath(section: 2, item: 9),
        ])
    #expect(changeset.batches.first.map { $0.isReloadOnly } == true)
    // A section appended without contents keeps none, beside one with
    // (taken from `rebuilt`, the most recent remembered).
    var mixed = Engine()
    try mixed.appendSections([0, 1, 2])
    try mixed.appendItems(Array(0..<10), toSection: 0)
    try mixed.appendItems(Array(10..<20), contents: Array(repeating: 5, count: 10), toSection: 1)
    try mixed.appendItems(Array(20..<30), toSection: 2)
    #expect(mixed.base.replica?.source === rebuilt.base)
    #expect(
      mixed.content(of: 5) == nil && mixed.content(of: 15) == 5 && mixed.content(of: 25) == nil)
    #expect(mixed.invariantViolations().isEmpty)
  }

  /// A rebuild of only some of the sections takes their arrays but builds
  /// its own table (one hash per item); the remembered table would file
  /// items that are not there.
  @Test func aPartialRebuildHashes() throws {
    let snapshot = try shown()
    let rebuilt = try rebuilt(from: snapshot, sections: 2)
    #expect(rebuilt.base.replica?.source === snapshot.base)
    #expect(rebuilt.numberOfItems == 20)
    #expect(rebuilt.base.table.count == 20)
    #expect(rebuilt.contains(item: 25) == false)
    #expect(rebuilt.indexOfItem(15) == 15)
    #expect(rebuilt.invariantViolations().isEmpty)
  }

  /// An append equal to a remembered section on a prefix only is not
  /// taken: the usual path files it (and finds its repeat).
  @Test func anAppendEqualOnAPrefixIsNotTaken() throws {
    let snapshot = try shown()
    var rebuilt = Engine()
    try rebuilt.appendSections([0, 1])
    try rebuilt.appendItems(Array(0..<10), toSection: 0)
    #expect(throws: SnapshotError.self) {
      try rebuilt.appendItems(Array(10..<20) + [10], toSection: 1)
    }
    #expect(rebuilt.base.replica == nil)
    try rebuilt.appendItems(Array(10..<19), toSection: 1)
    #expect(rebuilt.numberOfItems == 19)
    #expect(!rebuilt.contains(item: 19))
    #expect(rebuilt.invariantViolations().isEmpty)
    _ = snapshot
  }

  /// `reserveCapacity` while building asks, and the built table has the
  /// room (adopted or hashed).
  @Test func aReservationIsHonoured() throws {
    let snapshot = try shown()
    var rebuilt = Engine()
    rebuilt.reserveCapacity(1_000)
    try rebuilt.appendSections([0, 1, 2])
    for section in 0..<3 {
      try rebuilt.appendItems(snapshot.itemIdentifiers(inSection: section), toSection: section)
    }
    #expect(rebuilt.base.replica?.source === snapshot.base)
    #expect(rebuilt.numberOfItems == 30)
    #expect(rebuilt.base.table.fits(1_000 - 30))
    #expect(rebuilt.invariantViolations().isEmpty)
  }

  /// A remembered storage is not kept alive by the registry.
  @Test func aRememberedStorageIsNotKeptAlive() throws {
    weak var remembered: Engine.Storage?
    do {
      let snapshot = try shown()
      remembered = snapshot.base
      #expect(Self.remembered().contains { $0 === snapshot.base })
    }
    #expect(remembered == nil)
    #expect(Self.remembered().allSatisfy { $0 !== remembered })
  }

  /// The live storages of `Engine` remembered on this thread.
  static func remembered() -> [AnyObject] {
    var found: [AnyObject] = []
    ReplicaRegistry.forEachRemembered(kind: Engine.Storage.replicaKind) { object in
      found.append(object)
      return false
    }
    return found
  }

  /// A storage held by a snapshot being built is frozen: its owner copies
  /// before mutating, so the build still adopts what it compared.
  @Test func theOwnerOfARememberedStorageCopiesBeforeMutating() throws {
    var snapshot = try shown()
    var rebuilt = Engine()
    try rebuilt.appendSections([0, 1, 2])
    try rebuilt.appendItems(Array(0..<10), toSection: 0)
    let before = snapshot.base
    try snapshot.deleteItems([15])
    #expect(snapshot.base !== before)
    try rebuilt.appendItems(Array(10..<20), toSection: 1)
    try rebuilt.appendItems(Array(20..<30), toSection: 2)
    #expect(rebuilt.base.replica?.source === before)
    #expect(rebuilt.indexOfItem(15) == 15)
    #expect(rebuilt.invariantViolations().isEmpty)
  }

  /// A build on another thread never sees this thread's remembered
  /// storages (and hashes as before).
  @Test func anotherThreadSeesNoEntries() throws {
    let snapshot = try shown()
    let arrays = (0..<3).map { section in Array(section * 10..<section * 10 + 10) }
    let outcome = OtherThread.run {
      var rebuilt = Engine()
      try? rebuilt.appendSections([0, 1, 2])
      for (section, items) in arrays.enumerated() {
        try? rebuilt.appendItems(items, toSection: section)
      }
      let took = rebuilt.base.replica?.source != nil
      return "\(took) \(rebuilt.numberOfItems) \(rebuilt.invariantViolations().isEmpty)"
    }
    #expect(outcome == "false 30 true")
    // On this thread the same arrays are taken.
    #expect(try rebuilt(from: snapshot).base.replica?.source === snapshot.base)
  }
}

/// Runs a body on a thread of its own and waits for its answer.
private final class OtherThread: @unchecked Sendable {
  var answer = ""
  let done = DispatchSemaphore(value: 0)

  static func run(_ body: @escaping @Sendable () -> String) -> String {
    let box = OtherThread()
    let thread = Thread {
      box.answer = body()
      box.done.signal()
    }
    thread.start()
    box.done.wait()
    return box.answer
  }
}
