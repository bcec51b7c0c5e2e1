import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import Testing

/// Random valid and invalid operation sequences on `ModelSnapshot` and
/// `EngineSnapshot` side by side: after every step the two agree on the
/// outcome (the same error, or none), on every query and on the marks.
@Suite struct FullSnapshotDifferentialTests {
  typealias Model = ModelSnapshot<Int, Int>
  typealias Engine = EngineSnapshot<Int, Int>

  static let sectionUniverse = 6
  static let itemUniverse = 24

  /// One step: a name (for the trace) and the same call on both.
  struct Step {
    var name: String
    var model: (inout Model) throws(SnapshotError) -> Void
    var engine: (inout Engine) throws(SnapshotError) -> Void
  }

  static func randomStep(_ rng: inout SplitMix64) -> Step {
    let s = sectionUniverse
    let n = itemUniverse
    let ids = rng.ids(rng.below(4), universe: n)
    let sections = rng.ids(rng.below(3), universe: s)
    let a = rng.below(n)
    let b = rng.below(n) % (rng.below(10) == 0 ? 1 : n)
    let sa = rng.below(s)
    let sb = rng.below(s)
    let optionalSection: Int? = rng.below(4) == 0 ? nil : sa
    switch rng.below(18) {
    case 0, 1:
      return Step(
        name: "appendItems(\(ids), toSection: \(String(describing: optionalSection)))",
        model: { snapshot throws(SnapshotError) in
          try snapshot.appendItems(ids, toSection: optionalSection)
        },
        engine: { snapshot throws(SnapshotError) in
          try snapshot.appendItems(ids, toSection: optionalSection)
        })
    case 2:
      return Step(
        name: "insertItems(\(ids), beforeItem: \(a))",
        model: { snapshot throws(SnapshotError) in try snapshot.insertItems(ids, beforeItem: a) },
        engine: { snapshot throws(SnapshotError) in try snapshot.insertItems(ids, beforeItem: a) })
    case 3:
      return Step(
        name: "insertItems(\(ids), afterItem: \(a))",
        model: { snapshot throws(SnapshotError) in try snapshot.insertItems(ids, afterItem: a) },
        engine: { snapshot throws(SnapshotError) in try snapshot.insertItems(ids, afterItem: a) })
    case 4:
      return Step(
        name: "moveItem(\(a), beforeItem: \(b))",
        model: { snapshot throws(SnapshotError) in try snapshot.moveItem(a, beforeItem: b) },
        engine: { snapshot throws(SnapshotError) in try snapshot.moveItem(a, beforeItem: b) })
    case 5:
      return Step(
        name: "moveItem(\(a), afterItem: \(b))",
        model: { snapshot throws(SnapshotError) in try snapshot.moveItem(a, afterItem: b) },
        engine: { snapshot throws(SnapshotError) in try snapshot.moveItem(a, afterItem: b) })
    case 6 where rng.below(2) == 0:
      // A run of section `sa` from index `b` (the engine's lookup-free
      // path), read off each side's own state; a run cut short by the
      // section's end, or reordered, takes the general way.
      let length = 2 + rng.below(6)
      let reversed = rng.below(4) == 0
      func run<S: SnapshotProtocol<Int, Int>>(_ snapshot: S) -> [Int] {
        let items = (try? snapshot.itemIdentifiers(inSection: sa)) ?? []
        let start = Swift.min(b, items.count)
        let picked = Array(items[start..<Swift.min(start + length, items.count)])
        return reversed ? picked.reversed() : picked
      }
      return Step(
        name: "deleteItems(run of \(length) from \(b) in \(sa)\(reversed ? ", reversed" : ""))",
        model: { snapshot throws(SnapshotError) in try snapshot.deleteItems(run(snapshot)) },
        engine: { snapshot throws(SnapshotError) in try snapshot.deleteItems(run(snapshot)) })
    case 6:
      return Step(
        name: "deleteItems(\(ids))",
        model: { snapshot throws(SnapshotError) in try snapshot.deleteItems(ids) },
        engine: { snapshot throws(SnapshotError) in try snapshot.deleteItems(ids) })
    case 7 where rng.below(5) == 0:
      return Step(
        name: "deleteAllItems()",
        model: { snapshot in snapshot.deleteAllItems() },
        engine: { snapshot in snapshot.deleteAllItems() })
    case 7:
      return Step(
        name: "removeAllMarks()",
        model: { snapshot in snapshot.removeAllMarks() },
        engine: { snapshot in snapshot.removeAllMarks() })
    case 8:
      return Step(
        name: "reloadItems(\(ids))",
        model: { snapshot throws(SnapshotError) in try snapshot.reloadItems(ids) },
        engine: { snapshot throws(SnapshotError) in try snapshot.reloadItems(ids) })
    case 9:
      return Step(
        name: "reconfigureItems(\(ids))",
        model: { snapshot throws(SnapshotError) in try snapshot.reconfigureItems(ids) },
        engine: { snapshot throws(SnapshotError) in try snapshot.reconfigureItems(ids) })
    case 10, 11:
      return Step(
        name: "appendSections(\(sections))",
        model: { snapshot throws(SnapshotError) in try snapshot.appendSections(sections) },
        engine: { snapshot throws(SnapshotError) in try snapshot.appendSections(sections) })
    case 12:
      return Step(
        name: "insertSections(\(sections), beforeSection: \(sa))",
        model: { snapshot throws(SnapshotError) in
          try snapshot.insertSections(sections, beforeSection: sa)
        },
        engine: { snapshot throws(SnapshotError) in
          try snapshot.insertSections(sections, beforeSection: sa)
        })
    case 13:
      return Step(
        name: "insertSections(\(sections), afterSection: \(sa))",
        model: { snapshot throws(SnapshotError) in
          try snapshot.insertSections(sections, afterSection: sa)
        },
        engine: { snapshot throws(SnapshotError) in
          try snapshot.insertSections(sections, afterSection: sa)
        })
    case 14:
      return Step(
        name: "deleteSections(\(sections))",
        model: { snapshot throws(SnapshotError) in try snapshot.deleteSections(sections) },
        engine: { snapshot throws(SnapshotError) in try snapshot.deleteSections(sections) })
    case 15:
      return Step(
        name: "moveSection(\(sa), beforeSection: \(sb))",
        model: { snapshot throws(SnapshotError) in try snapshot.moveSection(sa, beforeSection: sb)
        },
        engine: { snapshot throws(SnapshotError) in try snapshot.moveSection(sa, beforeSection: sb)
        })
    case 16:
      return Step(
        name: "moveSection(\(sa), afterSection: \(sb))",
        model: { snapshot throws(SnapshotError) in try snapshot.moveSection(sa, afterSection: sb) },
        engine: { snapshot throws(SnapshotError) in try snapshot.moveSection(sa, afterSection: sb) }
      )
    default:
      return Step(
        name: "reloadSections(\(sections))",
        model: { snapshot throws(SnapshotError) in try snapshot.reloadSections(sections) },
        engine: { snapshot throws(SnapshotError) in try snapshot.reloadSections(sections) })
    }
  }

  /// Every difference between the two, as sentences.
  static func disagreements(_ model: Model, _ engine: Engine) -> [String] {
    var found: [String] = []
    func check<T: Equatable>(_ what: String, _ m: T, _ e: T) {
      if m != e { found.append("\(what): model \(m), engine \(e)") }
    }
    check("sections", model.sectionIdentifiers, engine.sectionIdentifiers)
    check("items", model.itemIdentifiers, engine.itemIdentifiers)
    check("numberOfItems", model.numberOfItems, engine.numberOfItems)
    check("numberOfSections", model.numberOfSections, engine.numberOfSections)
    check("reloadedItems", model.reloadedItemIdentifiers, engine.reloadedItemIdentifiers)
    check("reloadedSections", model.reloadedSectionIdentifiers, engine.reloadedSectionIdentifiers)
    check("reconfigured", model.reconfiguredItemIdentifiers, engine.reconfiguredItemIdentifiers)
    for section in 0..<sectionUniverse {
      check(
        "indexOfSection(\(section))", model.indexOfSection(section), engine.indexOfSection(section))
      check(
        "itemIdentifiers(inSection: \(section))",
        Result { () throws(SnapshotError) in try model.itemIdentifiers(inSection: section) },
        Result { () throws(SnapshotError) in try engine.itemIdentifiers(inSection: section) })
      check(
        "numberOfItems(inSection: \(section))",
        Result { () throws(SnapshotError) in try model.numberOfItems(inSection: section) },
        Result { () throws(SnapshotError) in try engine.numberOfItems(inSection: section) })
    }
    for item in 0..<itemUniverse {
      check("indexOfItem(\(item))", model.indexOfItem(item), engine.indexOfItem(item))
      check(
        "sectionIdentifier(containingItem: \(item))",
        model.sectionIdentifier(containingItem: item),
        engine.sectionIdentifier(containingItem: item))
    }
    found += engine.invariantViolations().map { "engine invariant: \($0)" }
    return found
  }

  /// Runs `step` on both: the outcomes that differ, every disagreement
  /// after it, and a copy of the engine taken before that changed.
  static func problems(after step: Step, _ model: inout Model, _ engine: inout Engine)
    -> [String]
  {
    let hidden = engine
    let hiddenItems = hidden.itemIdentifiers
    let modelOutcome = Result { () throws(SnapshotError) in try step.model(&model) }
    let engineOutcome = Result { () throws(SnapshotError) in try step.engine(&engine) }
    return
      (modelOutcome.error == engineOutcome.error
      ? [] : ["outcome: model \(modelOutcome), engine \(engineOutcome)"])
      + disagreements(model, engine)
      + (hidden.itemIdentifiers == hiddenItems ? [] : ["a hidden copy changed"])
  }

  @Test(arguments: 0..<8)
  func randomScriptsAgree(chunk: Int) {
    for run in 0..<60 {
      let seed = UInt64(chunk * 1_000 + run)
      var rng = SplitMix64(seed: seed)
      var model = Model()
      var engine = Engine()
      var trace: [String] = []
      for _ in 0..<80 {
        let step = Self.randomStep(&rng)
        trace.append(step.name)
        let problems = Self.problems(after: step, &model, &engine)
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

extension Result {
  /// The failure, or `nil`.
  var error: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
