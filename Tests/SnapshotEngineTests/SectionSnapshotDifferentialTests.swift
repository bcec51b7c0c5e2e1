import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import Testing

/// Random valid and invalid operation sequences on `ModelSectionSnapshot`
/// and `EngineSectionSnapshot` side by side: after every step the two agree
/// on the outcome, every query, `snapshot(of:)`, `visualDescription()` and
/// equality with the previous state.
@Suite struct SectionSnapshotDifferentialTests {
  typealias Model = ModelSectionSnapshot<Int>
  typealias Engine = EngineSectionSnapshot<Int>

  static let universe = 20

  /// A small forest to graft, as (id, parent) pairs in pre-order plus
  /// expanded ids; built the same way for both implementations.
  struct Forest: CustomStringConvertible {
    var nodes: [(id: Int, parent: Int?)] = []
    var expanded: [Int] = []

    func build<T: SectionSnapshotProtocol>(_: T.Type) -> T where T.ItemIdentifier == Int {
      var tree = T()
      for node in nodes { try? tree.append([node.id], to: node.parent) }
      tree.expand(expanded)
      return tree
    }

    var description: String { "\(build(Model.self))" }

    static func random(_ rng: inout SplitMix64) -> Forest {
      var forest = Forest()
      var used: [Int] = []
      for _ in 0..<rng.below(5) {
        let id = rng.below(4) == 0 ? rng.below(universe) : 100 + rng.below(30)
        guard !used.contains(id) else { continue }
        let parent: Int? = used.isEmpty || rng.below(2) == 0 ? nil : rng.pick(used)
        forest.nodes.append((id, parent))
        used.append(id)
        if rng.below(2) == 0 { forest.expanded.append(id) }
      }
      return forest
    }
  }

  struct Step {
    var name: String
    var model: (inout Model) throws(SnapshotError) -> Void
    var engine: (inout Engine) throws(SnapshotError) -> Void
  }

  static func randomStep(_ rng: inout SplitMix64) -> Step {
    let ids = rng.ids(rng.below(4), universe: universe)
    let a = rng.below(universe)
    let parent: Int? = rng.below(3) == 0 ? nil : a
    let forest = Forest.random(&rng)
    let mf = forest.build(Model.self)
    let ef = forest.build(Engine.self)
    switch rng.below(14) {
    case 0, 1, 2:
      return Step(
        name: "append(\(ids), to: \(String(describing: parent)))",
        model: { tree throws(SnapshotError) in try tree.append(ids, to: parent) },
        engine: { tree throws(SnapshotError) in try tree.append(ids, to: parent) })
    case 3:
      return Step(
        name: "insert(\(ids), before: \(a))",
        model: { tree throws(SnapshotError) in try tree.insert(ids, before: a) },
        engine: { tree throws(SnapshotError) in try tree.insert(ids, before: a) })
    case 4:
      return Step(
        name: "insert(\(ids), after: \(a))",
        model: { tree throws(SnapshotError) in try tree.insert(ids, after: a) },
        engine: { tree throws(SnapshotError) in try tree.insert(ids, after: a) })
    case 5:
      return Step(
        name: "insert(\(forest), before: \(a))",
        model: { tree throws(SnapshotError) in try tree.insert(mf, before: a) },
        engine: { tree throws(SnapshotError) in try tree.insert(ef, before: a) })
    case 6:
      return Step(
        name: "insert(\(forest), after: \(a))",
        model: { tree throws(SnapshotError) in try tree.insert(mf, after: a) },
        engine: { tree throws(SnapshotError) in try tree.insert(ef, after: a) })
    case 7:
      return Step(
        name: "delete(\(ids))",
        model: { tree throws(SnapshotError) in try tree.delete(ids) },
        engine: { tree throws(SnapshotError) in try tree.delete(ids) })
    case 8 where rng.below(6) == 0:
      return Step(
        name: "deleteAll()", model: { tree in tree.deleteAll() },
        engine: { tree in tree.deleteAll() })
    case 8, 9:
      return Step(
        name: "expand(\(ids))", model: { tree in tree.expand(ids) },
        engine: { tree in tree.expand(ids) })
    case 10:
      return Step(
        name: "collapse(\(ids))", model: { tree in tree.collapse(ids) },
        engine: { tree in tree.collapse(ids) })
    case 11:
      return Step(
        name: "replace(childrenOf: \(a), using: \(forest))",
        model: { tree throws(SnapshotError) in try tree.replace(childrenOf: a, using: mf) },
        engine: { tree throws(SnapshotError) in try tree.replace(childrenOf: a, using: ef) })
    default:
      let including = rng.below(2) == 0
      return Step(
        name: "replace(childrenOf: \(a), using: snapshot(of: \(a), includingParent: \(including)))",
        model: { tree throws(SnapshotError) in
          let sub = try tree.snapshot(of: a, includingParent: including)
          try tree.replace(childrenOf: a, using: sub)
        },
        engine: { tree throws(SnapshotError) in
          let sub = try tree.snapshot(of: a, includingParent: including)
          try tree.replace(childrenOf: a, using: sub)
        })
    }
  }

  static func disagreements(_ model: Model, _ engine: Engine) -> [String] {
    var found: [String] = []
    func check<T: Equatable>(_ what: String, _ m: T, _ e: T) {
      if m != e { found.append("\(what): model \(m), engine \(e)") }
    }
    check("items", model.items, engine.items)
    check("rootItems", model.rootItems, engine.rootItems)
    check("visibleItems", model.visibleItems, engine.visibleItems)
    check("expandedItems", model.expandedItems, engine.expandedItems)
    check("visualDescription", model.visualDescription(), engine.visualDescription())
    check("description", "\(model)", "\(engine)")
    for item in 0..<universe + 2 {
      check("index(of: \(item))", model.index(of: item), engine.index(of: item))
      check("contains(\(item))", model.contains(item), engine.contains(item))
      check(
        "level(of: \(item))",
        Result { () throws(SnapshotError) in try model.level(of: item) },
        Result { () throws(SnapshotError) in try engine.level(of: item) })
      check(
        "parent(of: \(item))",
        Result { () throws(SnapshotError) in try model.parent(of: item) },
        Result { () throws(SnapshotError) in try engine.parent(of: item) })
      check(
        "isExpanded(\(item))",
        Result { () throws(SnapshotError) in try model.isExpanded(item) },
        Result { () throws(SnapshotError) in try engine.isExpanded(item) })
      check(
        "isVisible(\(item))",
        Result { () throws(SnapshotError) in try model.isVisible(item) },
        Result { () throws(SnapshotError) in try engine.isVisible(item) })
      for including in [false, true] {
        check(
          "snapshot(of: \(item), includingParent: \(including))",
          Result { () throws(SnapshotError) in
            try model.snapshot(of: item, includingParent: including).visualDescription()
          },
          Result { () throws(SnapshotError) in
            try engine.snapshot(of: item, includingParent: including).visualDescription()
          })
      }
    }
    found += engine.invariantViolations().map { "engine invariant: \($0)" }
    return found
  }

  /// `rows` with `edits` applied in order, naively; `nil` when an edit
  /// names a row that is not there (or inserts one that is).
  static func replay(_ edits: [VisibleRowEdit<Int>], on rows: [Int]) -> [Int]? {
    var rows = rows
    for edit in edits {
      switch edit {
      case .delete(let gone):
        guard gone.allSatisfy(rows.contains) else { return nil }
        rows.removeAll { gone.contains($0) }
      case .insert(let new, let after):
        guard !new.contains(where: rows.contains) else { return nil }
        var position = 0
        if let after {
          guard let found = rows.firstIndex(of: after) else { return nil }
          position = found + 1
        }
        rows.insert(contentsOf: new, at: position)
      }
    }
    return rows
  }

  /// A tree copied and changed by one to six random steps tells the edits
  /// that take the original's visible rows to its own (replayed naively),
  /// unless it was emptied with `deleteAll()`; once the original changes
  /// too, it tells none. Most copies track their edits, so the check is
  /// not vacuous.
  @Test(arguments: 0..<4)
  func visibleRowEditsReplay(chunk: Int) {
    var (tracked, untracked) = (0, 0)
    for run in 0..<40 {
      let seed = UInt64(chunk * 1_000 + run)
      var rng = SplitMix64(seed: seed)
      var base = Engine()
      for _ in 0..<12 { try? Self.randomStep(&rng).engine(&base) }
      var trace: [String] = []
      for _ in 0..<10 {
        var derived = base
        for _ in 0..<(1 + rng.below(6)) {
          let step = Self.randomStep(&rng)
          trace.append(step.name)
          try? step.engine(&derived)
        }
        guard let edits = derived.visibleRowEdits(since: base) else {
          untracked += 1
          base = derived
          continue
        }
        tracked += 1
        let replayed = Self.replay(edits, on: base.visibleItems)
        if replayed != derived.visibleItems {
          let script = trace.joined(separator: "\n")
          let rows = "base \(base.visibleItems), replayed \(String(describing: replayed))"
          Issue.record("seed \(seed)\n\(script)\nedits \(edits)\n\(rows), \(derived.visibleItems)")
          return
        }
        let copy = derived
        if (try? base.append([999], to: nil)) != nil {
          #expect(copy.visibleRowEdits(since: base) == nil, "seed \(seed)")
        }
        base = derived
      }
    }
    #expect(tracked > 3 * untracked, "tracked \(tracked), untracked \(untracked)")
  }

  /// A planted bug: an edit list that forgets one inserted row does not
  /// replay to the visible rows.
  @Test func aForgottenRowDoesNotReplay() {
    var base = Engine()
    try? base.append([1, 2], to: nil)
    var derived = base
    try? derived.append([3, 4], to: nil)
    let edits = derived.visibleRowEdits(since: base) ?? []
    #expect(Self.replay(edits, on: base.visibleItems) == derived.visibleItems)
    let forgetful = edits.map { edit -> VisibleRowEdit<Int> in
      guard case .insert(let rows, let after) = edit else { return edit }
      return .insert(Array(rows.dropLast()), after: after)
    }
    #expect(Self.replay(forgetful, on: base.visibleItems) != derived.visibleItems)
  }

  @Test(arguments: 0..<8)
  func randomScriptsAgree(chunk: Int) {
    for run in 0..<20 {
      let seed = UInt64(chunk * 1_000 + run)
      var rng = SplitMix64(seed: seed)
      var model = Model()
      var engine = Engine()
      var trace: [String] = []
      for _ in 0..<50 {
        let step = Self.randomStep(&rng)
        trace.append(step.name)
        let (previousModel, previousEngine) = (model, engine)
        let previousPicture = previousEngine.visualDescription()
        let modelOutcome = Result { () throws(SnapshotError) in try step.model(&model) }
        let engineOutcome = Result { () throws(SnapshotError) in try step.engine(&engine) }
        var problems = Self.disagreements(model, engine)
        if modelOutcome.error != engineOutcome.error {
          problems.append("outcome: model \(modelOutcome), engine \(engineOutcome)")
        }
        if (model == previousModel) != (engine == previousEngine) {
          problems.append("== with the previous state differs")
        }
        if previousEngine.visualDescription() != previousPicture {
          problems.append("a hidden copy changed")
        }
        if !problems.isEmpty {
          let script = trace.joined(separator: "\n")
          let list = problems.joined(separator: "\n- ")
          Issue.record("seed \(seed)\n\(script)\n- \(list)")
          return
        }
      }
    }
  }
}
