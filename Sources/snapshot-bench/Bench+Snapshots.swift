import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel

/// One step of the random edit script: a single-item edit, then two
/// queries.
struct EditStep {
  enum Edit {
    case move(Int, after: Int)
    case delete(Int)
    case insert(Int, before: Int)
  }

  var edit: Edit
  var indexQuery: Int
  var sectionQuery: Int

  /// `count` steps over the items `0..<items`, each naming only present
  /// items (tracked in a plain array, so the script replays exactly).
  static func script(count: Int, items: Int, seed: UInt64) -> [EditStep] {
    var rng = SplitMix64(seed: seed)
    var live = Array(0..<items)
    var fresh = items
    var steps: [EditStep] = []
    steps.reserveCapacity(count)
    for step in 0..<count {
      let edit: Edit
      switch step % 3 {
      case 0:
        let a = rng.below(live.count)
        var b = rng.below(live.count)
        if b == a { b = (b + 1) % live.count }
        edit = .move(live[a], after: live[b])
      case 1:
        let position = rng.below(live.count)
        edit = .delete(live[position])
        live.swapAt(position, live.count - 1)
        live.removeLast()
      default:
        edit = .insert(fresh, before: live[rng.below(live.count)])
        live.append(fresh)
        fresh += 1
      }
      steps.append(
        EditStep(
          edit: edit, indexQuery: live[rng.below(live.count)],
          sectionQuery: live[rng.below(live.count)]))
    }
    return steps
  }

  /// Runs the steps on any snapshot; returns a checksum of the answers.
  static func run<S: SnapshotProtocol>(_ steps: [EditStep], on snapshot: inout S) -> Int
  where S.ItemIdentifier == Int, S.SectionIdentifier == Int {
    var checksum = 0
    for step in steps {
      switch step.edit {
      case .move(let item, let anchor): try? snapshot.moveItem(item, afterItem: anchor)
      case .delete(let item): try? snapshot.deleteItems([item])
      case .insert(let item, let anchor): try? snapshot.insertItems([item], beforeItem: anchor)
      }
      checksum &+= snapshot.indexOfItem(step.indexQuery) ?? -1
      checksum &+= snapshot.sectionIdentifier(containingItem: step.sectionQuery) ?? -1
    }
    return checksum
  }
}

/// `sections` sections of `perSection` items, appended section by section.
func build<S: SnapshotProtocol>(_: S.Type, sections: Int, perSection: Int) -> S
where S.ItemIdentifier == Int, S.SectionIdentifier == Int {
  var snapshot = S()
  try? snapshot.appendSections(Array(0..<sections))
  for section in 0..<sections {
    let items = Array((section * perSection)..<((section + 1) * perSection))
    try? snapshot.appendItems(items, toSection: section)
  }
  return snapshot
}

extension Bench {
  mutating func runSnapshotOperations() {
    let sections = quick ? 10 : 100
    let perSection = 1_000
    let total = sections * perSection
    let label = quick ? "10k" : "100k"
    guard wants("snapshot build") || wants("edits+queries") else { return }

    let engineBuild = measure(runs: engineRuns) {
      blackHole(build(Engine.self, sections: sections, perSection: perSection))
    }
    let clock = ContinuousClock()
    let start = clock.now
    var model = build(Model.self, sections: sections, perSection: perSection)
    let modelBuild = milliseconds(clock.now - start)
    record(
      CaseResult(
        name: "snapshot build \(label) (\(sections)x1,000)", kind: .operation, items: total,
        engine: engineBuild, reference: Timing(best: modelBuild, median: modelBuild)))

    let steps = EditStep.script(count: 10_000, items: total, seed: 4)
    var engineChecksum = 0
    let base = build(Engine.self, sections: sections, perSection: perSection)
    let engine = measure(
      runs: engineRuns,
      setup: { () -> Engine in
        var copy = base
        try? copy.appendSections([-1])
        return copy
      }
    ) { snapshot in
      engineChecksum = EditStep.run(steps, on: &snapshot)
    }
    // The model costs O(n) per step, O(n · steps) for the script: it runs
    // the first `sampled` steps and its time is scaled to 10k.
    let sampled = quick ? 1_000 : 300
    let prefix = Array(steps.prefix(sampled))
    let modelStart = clock.now
    let modelChecksum = EditStep.run(prefix, on: &model)
    let modelTime = milliseconds(clock.now - modelStart) * Double(steps.count) / Double(sampled)
    var check = base
    if modelChecksum != EditStep.run(prefix, on: &check) {
      print("warning: model and engine answered the edit script differently")
    }
    blackHole(engineChecksum)
    record(
      CaseResult(
        name: "10k edits+queries on \(label) (ref x\(steps.count / sampled))", kind: .operation,
        items: total,
        engine: engine, reference: Timing(best: modelTime, median: modelTime)))
  }

  /// The same edit script on one section of 100k items, the engine's worst
  /// layout for lazy reindexing; no model run (O(n) per step over 100k
  /// items).
  /// Every edit shifts about half the section: the locations of the items
  /// it shifts are written lazily (`drift`), not by the edit.
  mutating func runOneSectionEdits() {
    let total = 100_000
    let name = "10k edits+queries on 100k, 1 section"
    guard !quick, wants(name) else { return }
    let steps = EditStep.script(count: 10_000, items: total, seed: 4)
    let base = build(Engine.self, sections: 1, perSection: total)
    // On the thread's CPU clock (the machine may be shared), unlike the
    // wall-clock rows above.
    var times: [Double] = []
    for _ in 0..<3 {
      var snapshot = base
      try? snapshot.appendSections([-1])
      blackHole(timed(&times) { EditStep.run(steps, on: &snapshot) })
    }
    record(CaseResult(name: name, kind: .operation, items: total, engine: Timing(times)))
  }
}
