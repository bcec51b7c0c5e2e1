import Generators
import SnapshotCore
import SnapshotModel

/// What a changeset (plain or staged) did when the reference interpreter
/// performed it, and the checks of the `diff.` and `meta.` families over it.
struct DiffAudit<S: SnapshotProtocol<Int, Int>> {
  let old: S
  let new: S
  let options: DiffOptions<Int>
  let staged: StagedChangeset<Int, Int>
  let update: InterpretedUpdate<Int, Int>
  /// The marks of `new` the refresh rule expects, when `S` cannot read
  /// them (no `.readableMarks`): the reference's marks after the same
  /// calls. `nil`: read from `new`.
  var referenceMarks: (items: [Int], reconfigured: [Int], sections: [Int])?

  /// The marks of `new`: its own, or the reference's when it cannot read
  /// them.
  var newMarks: (items: [Int], reconfigured: [Int], sections: [Int]) {
    referenceMarks ?? (new.reloadedItems, new.reconfiguredItems, new.reloadedSections)
  }

  /// When `S` cannot read its marks (no `.readableMarks`), takes the marks
  /// the refresh rule expects from `reference`, the reference model after
  /// the same calls (no effect for a type that reads its own).
  mutating func expectMarks(of reference: @autoclosure () -> ModelReference.Snapshot) {
    guard !S.capabilities.contains(.readableMarks) else { return }
    let reference = reference()
    referenceMarks = (
      reference.reloadedItems, reference.reconfiguredItems, reference.reloadedSections
    )
  }

  init(old: S, new: S, options: DiffOptions<Int>, staged: StagedChangeset<Int, Int>) {
    self.old = old
    self.new = new
    self.options = options
    self.staged = staged
    update = BatchInterpreter.replay(staged, from: old, to: new)
  }

  /// The audit of `differ`'s stages from `old` to `new`.
  init<D: DifferProtocol<S>>(_ differ: D, old: S, new: S, options: DiffOptions<Int>) {
    self.init(
      old: old, new: new, options: options,
      staged: differ.stagedChangeset(from: old, to: new, options: options))
  }

  /// The audit of a plain changeset.
  init(old: S, new: S, options: DiffOptions<Int>, changeset: Changeset) {
    self.init(
      old: old, new: new, options: options, staged: StagedChangeset(changeset, target: new))
  }

  /// The changeset's batches alone.
  var changeset: Changeset { staged.changeset }

  /// The target, as the expected side of a `-`/`+` diff.
  var expectedText: String {
    "old: \(DiffAudit.layoutText(old))\nnew: \(DiffAudit.layoutText(new))\nresult: "
      + DiffAudit.layoutText(new)
  }

  /// The interpreter's result and the changeset, as the actual side.
  var actualText: String {
    "old: \(DiffAudit.layoutText(old))\nnew: \(DiffAudit.layoutText(new))\nresult: "
      + shownUpdate.resultDescription + "\nchangeset:\n" + changesetText
  }

  /// The batches alone when every stage reports the new snapshot (a plain
  /// changeset), else every stage with its data.
  private var changesetText: String {
    let sections = new.sectionIdentifiers
    let items = new.layout.map(\.items)
    let plain = staged.stages.allSatisfy { $0.sections == sections && $0.items == items }
    return plain ? "\(changeset)" : "\(staged.shown(StateText.identifiers))"
  }

  /// `s`'s layout as `section: [items] | …`, in the ids of the check
  /// running now.
  static func layoutText(_ s: S) -> String {
    let ids = StateText.identifiers
    let parts = s.layout.map { "\(ids.section($0.section)): \(ids.items($0.items))" }
    return parts.isEmpty ? "(no sections)" : parts.joined(separator: " | ")
  }

  /// Valid (every stage against its own data), round-trips, respects
  /// identity: what UIKit and any faithful differ require.
  /// Empty exactly when the update is correct; the sentences are the
  /// reference interpreter's, in the ids of the check running now
  /// (`shownUpdate`).
  var roundTripProblems: [String] {
    guard !update.isCorrect else { return [] }
    let shown = shownUpdate.problems
    // The same replay over the same stages: the same problems, unless the
    // implementation's snapshot does not even hold a consistent layout.
    return shown.count == update.problems.count ? shown : update.problems
  }

  /// The reference interpreter's update again, over the same stages with
  /// every id shown as the check running now writes it
  /// (`StateText.identifiers`): the same verdict, its sentences (repeated
  /// ids in a stage's data, identity breaches, the result) in the user's
  /// terms. Read only to describe a failure.
  var shownUpdate: InterpretedUpdate<ShownID, ShownID> {
    let ids = StateText.identifiers
    return BatchInterpreter.replay(staged.shown(ids), from: old.shown(ids), to: new.shown(ids))
  }

  /// The project's shape contract: at most one structural batch, and
  /// reloads and reconfigures only in reload-only batches.
  var shapeProblems: [String] {
    var problems: [String] = []
    if staged.structuralStageCount > 1 {
      problems.append("\(staged.structuralStageCount) structural batches, at most 1 promised")
    }
    for (index, batch) in changeset.batches.enumerated()
    where !batch.isReloadOnly
      && !(batch.itemReloads.isEmpty && batch.itemReconfigures.isEmpty
        && batch.sectionReloads.isEmpty)
    {
      problems.append("batch \(index) mixes reloads or reconfigures with structural updates")
    }
    return problems
  }

  /// The move counts against `MinimalMoves`.
  var minimalityProblems: [String] {
    let minimal = MinimalMoves(from: old, to: new)
    var problems: [String] = []
    if changeset.sectionMoveCount != minimal.sectionMoves {
      problems.append(
        "\(changeset.sectionMoveCount) section moves, minimal is \(minimal.sectionMoves)")
    }
    if changeset.itemMoveCount != minimal.itemMoves {
      problems.append("\(changeset.itemMoveCount) item moves, minimal is \(minimal.itemMoves)")
    }
    return problems
  }

  /// The refreshed ids against the expected sets (DifferProtocol): items in
  /// both that are marked in new or whose content changed, reload winning;
  /// sections in both marked in new. With `exact` (this engine's contract)
  /// nothing else is refreshed; without it (Apple's requirement) an item
  /// inserted and marked in the same apply may be refreshed too, as UIKit
  /// may request that cell twice.
  func refreshProblems(exact: Bool) -> [String] {
    var reloads: [Int] = []
    var reconfigures: [Int] = []
    let marks = newMarks
    for item in new.itemIdentifiers where old.indexOfItem(item) != nil {
      // Computed here, not by `DiffOptions.contentChanged`, which the
      // reference differ uses: a content change is two values that differ.
      let (before, after) = (options.oldContent[item], options.newContent[item])
      let changed = before != nil && after != nil && before != after
      if marks.items.contains(item) || changed && options.contentUpdate == .reload {
        reloads.append(item)
      } else if marks.reconfigured.contains(item)
        || changed && options.contentUpdate == .reconfigure
      {
        reconfigures.append(item)
      }
    }
    let sections = marks.sections.filter { old.indexOfSection($0) != nil }
    let insertedAndMarked =
      exact
      ? []
      : (marks.items + marks.reconfigured)
        .filter { old.indexOfItem($0) == nil }
    var problems: [String] = []
    let ids = StateText.identifiers
    func compare(
      _ name: String, _ expected: [Int], _ actual: [Int], _ text: ([Int]) -> String = ids.items
    ) {
      let extra = actual.filter { !expected.contains($0) && !insertedAndMarked.contains($0) }
      if !expected.allSatisfy(actual.contains) || !extra.isEmpty
        || exact && expected.sorted() != actual.sorted()
      {
        problems.append(
          "\(name): expected \(text(expected.sorted())), got \(text(actual.sorted()))")
      }
    }
    compare("reloaded items", reloads, update.reloadedItems)
    compare("reconfigured items", reconfigures, update.reconfiguredItems)
    compare("reloaded sections", sections, update.reloadedSections, ids.sections)
    return problems
  }

  /// The kind of a round-trip failure (`InterpretedUpdate.failureKind`).
  var roundTripKind: FailureKind? { update.failureKind }

  /// The verdict of the refresh rule (`exact`: the contract's exact form):
  /// when the refresh is wrong on a changeset that already loses identity
  /// (an id present on both sides deleted and re-inserted, so it cannot be
  /// reloaded), the failure names the identity loss, not a missing reload.
  func refreshVerdict(exact: Bool, _ what: String) -> PropertyResult {
    let problems = refreshProblems(exact: exact)
    guard !problems.isEmpty else { return .pass }
    guard update.identityViolations.isEmpty else {
      return verdict(
        update.identityViolations, "identity lost (so its refresh cannot be judged)",
        kind: FailureKind("identity loss"))
    }
    return verdict(problems, what)
  }

  /// A verdict from a list of problems, of kind `kind` (default: `what`,
  /// which names the rule and quotes no value).
  func verdict(_ problems: [String], _ what: String, kind: FailureKind? = nil) -> PropertyResult {
    guard !problems.isEmpty else { return .pass }
    return .fail(
      message: "\(what): " + problems.joined(separator: "; "), expected: expectedText,
      actual: actualText, kind: kind ?? FailureKind(what))
  }
}
