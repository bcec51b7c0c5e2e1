import SnapshotCore
import SnapshotModel

/// Self-checks of the reference interpreter on one changeset (`diff.entryPoints`):
/// its entry points agree, and the provenance it reports is consistent. A
/// problem here means the reference itself is broken.
struct InterpreterAudit<S: SnapshotProtocol<Int, Int>> {
  let old: S
  let new: S
  /// The differ's stages, replayed over the snapshots.
  let staged: StagedChangeset<Int, Int>
  /// The differ's plain changeset.
  let plain: Changeset

  /// The differ's stages and plain changeset from `old` to `new`.
  init<D: DifferProtocol<S>>(_ differ: D, old: S, new: S, options: DiffOptions<Int>) {
    self.init(
      old: old, new: new, staged: differ.stagedChangeset(from: old, to: new, options: options),
      plain: differ.changeset(from: old, to: new, options: options))
  }

  init(old: S, new: S, staged: StagedChangeset<Int, Int>, plain: Changeset) {
    self.old = old
    self.new = new
    self.staged = staged
    self.plain = plain
  }

  /// Every problem: entry points that disagree, then provenance breaches.
  var problems: [String] {
    let update = BatchInterpreter.replay(staged, from: old, to: new)
    return entryPointProblems(stagedUpdate: update)
      + Self.provenanceProblems(
        update, old: old, changeset: staged.changeset)
  }

  /// `validate(_:sections:items:)` over the old snapshot's arrays against
  /// the staged replay over the snapshots (targets compared only when the
  /// last stage reports the new snapshot, as `validate` takes it for the
  /// target); plain `replay(_:from:to:)` and `violations(of:from:to:)`
  /// against the staged replay of the same changeset (everything when that
  /// is correct or one batch, where checking stage data changes nothing).
  func entryPointProblems(stagedUpdate: InterpretedUpdate<Int, Int>) -> [String] {
    let oldItems = old.layout.map(\.items)
    let newItems = new.layout.map(\.items)
    let validated = BatchInterpreter.validate(
      staged, sections: old.sectionIdentifiers, items: oldItems)
    let sameTarget =
      staged.stages.last.map {
        $0.sections == new.sectionIdentifiers && $0.items == newItems
      } ?? (old.sectionIdentifiers == new.sectionIdentifiers && oldItems == newItems)
    var problems = Self.disagreements(
      stagedUpdate, validated, "validate(_:sections:items:)", targets: sameTarget)
    let plainUpdate = BatchInterpreter.replay(plain, from: old, to: new)
    let wrapped = BatchInterpreter.replay(StagedChangeset(plain, target: new), from: old, to: new)
    // With one batch, checking stage data changes nothing, unless that
    // batch misses the data its stage reports (the new snapshot): the
    // staged replay then names the stage (`stageDataNotReached`) where the
    // plain one only fails the round trip, both rightly.
    let missesItsData = wrapped.violations.contains {
      if case .stageDataNotReached = $0 { return true }
      return false
    }
    if wrapped.isCorrect || plain.batches.count <= 1 && !missesItsData {
      problems += Self.disagreements(
        wrapped, plainUpdate, "plain replay(_:from:to:)", targets: true)
    }
    let violations = BatchInterpreter.violations(of: plain, from: old, to: new)
    if violations != plainUpdate.violations {
      problems.append(
        "violations(of:from:to:) is \(violations), plain replay(_:from:to:) found \(plainUpdate.violations)"
      )
    }
    return problems
  }

  /// Where `other` (from the entry point `name`) differs from `reference`;
  /// round trip and identity only with `targets` (both had the same target).
  static func disagreements(
    _ reference: InterpretedUpdate<Int, Int>, _ other: InterpretedUpdate<Int, Int>,
    _ name: String, targets: Bool
  ) -> [String] {
    var problems: [String] = []
    func compare<T: Equatable>(_ what: String, _ expected: T, _ actual: T) {
      if expected != actual { problems.append("\(name): \(what) \(actual), expected \(expected)") }
    }
    // Without the same target, the reference alone (whose target is the
    // new snapshot) can find the last stage's data off it.
    let expected = reference.violations.filter {
      if case .lastStageIsNotTarget = $0 { return targets }
      return true
    }
    compare("violations", expected, other.violations)
    compare("shape violations", reference.shapeViolations, other.shapeViolations)
    compare("reloaded items", reference.reloadedItems, other.reloadedItems)
    compare("reconfigured items", reference.reconfiguredItems, other.reconfiguredItems)
    compare("reloaded sections", reference.reloadedSections, other.reloadedSections)
    compare("result sections", reference.resultSections, other.resultSections)
    compare("result items", reference.resultItems, other.resultItems)
    compare("section origins", reference.sectionOrigins, other.sectionOrigins)
    compare("item origins", reference.itemOrigins, other.itemOrigins)
    if targets {
      compare("round trip", reference.roundTrips, other.roundTrips)
      compare("identity", reference.identityViolations, other.identityViolations)
    }
    return problems
  }

  /// The provenance of a correct update: every carried section or item
  /// names its own old position; when every batch after the first is
  /// reload-only, exactly the sources of the first batch's moves are
  /// `.moved` and every other carried one is `.kept`. (Inserted survivors
  /// are identity breaches, which `isCorrect` already excludes.)
  static func provenanceProblems(
    _ update: InterpretedUpdate<Int, Int>, old: S, changeset: Changeset
  ) -> [String] {
    guard update.isCorrect else { return [] }
    let oldSections = old.sectionIdentifiers
    let oldItems = old.layout.map(\.items)
    let first = changeset.batches.first ?? Changeset.Batch()
    let exact = changeset.batches.dropFirst().allSatisfy(\.isReloadOnly)
    let movedSections = first.sectionMoves.map(\.from)
    let movedItems = first.itemMoves.map(\.from)
    var problems: [String] = []
    for (section, origin) in zip(update.resultSections, update.sectionOrigins) {
      let (from, moved): (Int, Bool)
      switch origin {
      case .inserted: continue
      case .moved(let index): (from, moved) = (index, true)
      case .kept(let index): (from, moved) = (index, false)
      }
      if !oldSections.indices.contains(from) || oldSections[from] != section {
        problems.append("section \(section) is \(origin), which is not its old index")
      } else if exact && moved != movedSections.contains(from) {
        problems.append(
          "section \(section) is \(origin), but the first batch's section moves are \(movedSections)"
        )
      }
    }
    for (items, origins) in zip(update.resultItems, update.itemOrigins) {
      for (item, origin) in zip(items, origins) {
        let (from, moved): (ItemPath, Bool)
        switch origin {
        case .inserted: continue
        case .moved(let path): (from, moved) = (path, true)
        case .kept(let path): (from, moved) = (path, false)
        }
        if !oldItems.indices.contains(from.section)
          || !oldItems[from.section].indices.contains(from.item)
          || oldItems[from.section][from.item] != item
        {
          problems.append("item \(item) is \(origin), which is not its old path")
        } else if exact && moved != movedItems.contains(from) {
          problems.append(
            "item \(item) is \(origin), but the first batch's item moves are from \(movedItems)")
        }
      }
    }
    return problems
  }
}
