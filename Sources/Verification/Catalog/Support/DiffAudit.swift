import Generators
import SnapshotCore
import SnapshotModel

/// What a changeset (plain or staged) did when the reference interpreter
/// performed it, and the checks of the `diff.` and `meta.` families over
/// it: each a `Failure` blamed on the differ's rule, its text in the
/// user's literals, its rendered expectations on the replayed `update`.
struct DiffAudit<S: SnapshotProtocol<Int, Int>> {
  let old: S
  let new: S
  let options: DiffOptions<Int>
  let staged: StagedChangeset<Int, Int>
  let update: InterpretedUpdate<Int, Int>
  let literals: Literals
  /// The marks of `new` the refresh rule expects, when `S` cannot read
  /// them (no `.readableMarks`): the reference's marks after the same
  /// calls. `nil`: read from `new`.
  var referenceMarks: (items: [Int], reconfigured: [Int], sections: [Int])?
  /// The differ's declared limits: the deviations they explain pass.
  let limits: [DifferLimit]
  /// What the differ said was wrong with its own inputs
  /// (`DifferInputChecking`): blamed on the user's operation.
  var inputProblems: [InputProblem] = []
  /// The Swift expression that makes the differ, for rendered tests.
  var differExpression = "differ"

  init(
    old: S, new: S, options: DiffOptions<Int>, staged: StagedChangeset<Int, Int>,
    literals: Literals, limits: [DifferLimit] = []
  ) {
    self.old = old
    self.new = new
    self.options = options
    self.staged = staged
    self.literals = literals
    self.limits = limits
    update = BatchInterpreter.replay(staged, from: old, to: new)
  }

  /// The audit of `differ`'s stages from `old` to `new`.
  init<D: DifferProtocol<S>>(
    _ differ: D, old: S, new: S, options: DiffOptions<Int>, literals: Literals,
    limits: [DifferLimit] = []
  ) {
    self.init(
      old: old, new: new, options: options,
      staged: differ.stagedChangeset(from: old, to: new, options: options), literals: literals,
      limits: limits)
    if let checking = differ as? any DifferInputChecking<S> {
      inputProblems = checking.inputProblems(from: old, to: new)
    }
  }

  /// The marks of `new`: its own, or the reference's when it cannot read
  /// them.
  var newMarks: (items: [Int], reconfigured: [Int], sections: [Int]) {
    referenceMarks ?? (new.reloadedItems, new.reconfiguredItems, new.reloadedSections)
  }

  /// When `S` cannot read its marks, takes the marks the refresh rule
  /// expects from `reference`, the reference model after the same calls.
  mutating func expectMarks(of reference: @autoclosure () -> ReferenceSnapshot) {
    guard !S.capabilities.contains(.readableMarks) else { return }
    let reference = reference()
    referenceMarks = (
      reference.reloadedItems, reference.reconfiguredItems, reference.reloadedSections
    )
  }

  /// The changeset's batches alone.
  var changeset: Changeset { staged.changeset }

  /// Whether every stage reports the new snapshot as its data (a plain
  /// differ's changeset).
  var isPlain: Bool {
    let sections = new.sectionIdentifiers
    let items = new.layout.map(\.items)
    return staged.stages.allSatisfy { $0.sections == sections && $0.items == items }
  }

  /// `s`'s layout as `section: [items] | …` in the user's literals.
  func layoutText(_ s: some SnapshotProtocol<Int, Int>) -> String {
    let parts = s.layout.map { "\(literals.section($0.section)): \(literals.items($0.items))" }
    return parts.isEmpty ? "(no sections)" : parts.joined(separator: " | ")
  }

  /// The target, as the expected side of a `-`/`+` diff.
  var expectedText: String {
    "old: \(layoutText(old))\nnew: \(layoutText(new))\nresult: \(layoutText(new))"
  }

  /// The interpreter's result and the changeset, as the actual side: the
  /// batches alone for a plain changeset, every stage with its data for a
  /// staged one.
  var actualText: String {
    let changesetText =
      isPlain ? "\(changeset)" : "\(staged.shown(literals))"
    return "old: \(layoutText(old))\nnew: \(layoutText(new))\nresult: "
      + shownUpdate.resultDescription + "\nchangeset:\n" + changesetText
  }

  /// The reference interpreter's update again, over the same stages with
  /// every id shown in the user's literals: the same verdict, its sentences
  /// in the user's terms. Read only to describe a failure.
  var shownUpdate: InterpretedUpdate<ShownID, ShownID> {
    BatchInterpreter.replay(
      staged.shown(literals), from: old.shown(literals), to: new.shown(literals))
  }

  /// A failure of the differ's `rule`.
  func failure(
    _ kind: FailureKind, _ what: String, _ problems: [String], test: [String], rule: String
  ) -> Failure {
    Failure(
      kind: kind, observable: kind.culprit.description,
      message: "\(what): " + problems.joined(separator: "; "), expected: expectedText,
      actual: actualText, test: test, rule: rule)
  }

  /// Valid (every stage against its own data), round-trips, respects
  /// identity: what UIKit and any faithful differ require. `nil` exactly
  /// when the update is correct, or loses identity only where a declared
  /// limit explains it.
  func roundTripFailure(_ what: String) -> Failure? { roundTrip(what).failure }

  /// `roundTripFailure` with the declared limits a passing update needed.
  func roundTrip(_ what: String) -> Verdict {
    if let failure = inputFailure { return Verdict(failure: failure) }
    guard !update.isCorrect, let kind = update.failureKind else { return Verdict() }
    if update.violations.isEmpty, update.roundTrips, let used = losses.explained(by: limits) {
      return Verdict(limits: used)
    }
    let shown = shownUpdate.problems
    let problems = shown.count == update.problems.count ? shown : update.problems
    let test: [String]
    switch kind.severity {
    case .raises:
      test = ["#expect(update.violations.isEmpty, \"\\(update.violations)\")"]
    case .identity:
      test = ["#expect(update.identityViolations.isEmpty, \"\\(update.identityViolations)\")"]
    default:
      test = ["#expect(update.isCorrect, \"\\(update.problems)\")"]
    }
    return Verdict(
      failure: failure(kind, what, problems, test: test, rule: Documentation.batchRules))
  }

  /// The differ's own inputs at fault (`DifferInputChecking`): blamed on
  /// the user's operation, as bad as the batch it led to.
  var inputFailure: Failure? {
    guard let first = inputProblems.first else { return nil }
    let severity = update.failureKind?.severity ?? .wrong
    return failure(
      FailureKind(
        .call(part: ImplementationParts.differ.name, operation: first.operation),
        severity: severity == .cosmetic ? .wrong : severity),
      "\(first.operation) returned wrong changes", inputProblems.map(\.message),
      test: [
        "let problems = \(differExpression).inputProblems(from: old, to: new)",
        "#expect(problems.isEmpty, \"\\(problems) led to \\(changeset)\")",
      ], rule: Documentation.composedDiffer)
  }

  /// The project's shape contract: at most one structural batch, and
  /// reloads and reconfigures only in reload-only batches.
  var shapeFailure: Failure? {
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
    guard !problems.isEmpty else { return nil }
    return failure(
      FailureKind(.differ(rule: "batch shape"), severity: .cosmetic),
      "changeset is not one structural batch plus refreshes", problems,
      test: ["#expect(changeset.structuralStageCount <= 1)"], rule: Documentation.batchShape)
  }

  /// The move counts against `MinimalMoves`.
  var minimalityFailure: Failure? {
    let minimal = MinimalMoves(from: old, to: new)
    var problems: [String] = []
    if changeset.sectionMoveCount != minimal.sectionMoves {
      problems.append(
        "\(changeset.sectionMoveCount) section moves, minimal is \(minimal.sectionMoves)")
    }
    if changeset.itemMoveCount != minimal.itemMoves {
      problems.append("\(changeset.itemMoveCount) item moves, minimal is \(minimal.itemMoves)")
    }
    guard !problems.isEmpty else { return nil }
    return failure(
      FailureKind(.differ(rule: "minimal moves"), severity: .cosmetic),
      "changeset is not move-minimal", problems,
      test: [
        "#expect(changeset.sectionMoveCount == \(minimal.sectionMoves))",
        "#expect(changeset.itemMoveCount == \(minimal.itemMoves))",
      ], rule: Documentation.minimalMoves)
  }

  /// The refreshes the rule expects (DifferProtocol): items in both that
  /// are marked in new or whose content changed, a reload mark winning;
  /// sections in both marked in new. `both` lists the items marked for
  /// reload and for reconfigure, whose refresh Apple leaves open.
  var expectedRefreshes: (reloads: [Int], reconfigures: [Int], sections: [Int], both: [Int]) {
    var reloads: [Int] = []
    var reconfigures: [Int] = []
    var both: [Int] = []
    let marks = newMarks
    for item in new.itemIdentifiers where old.indexOfItem(item) != nil {
      // Computed here, not by `DiffOptions.contentChanged`, which the
      // reference differ uses: a content change is two values that differ.
      let (before, after) = (options.oldContent[item], options.newContent[item])
      let changed = before != nil && after != nil && before != after
      let reload = marks.items.contains(item) || changed && options.contentUpdate == .reload
      let reconfigure =
        marks.reconfigured.contains(item) || changed && options.contentUpdate == .reconfigure
      if reload && reconfigure { both.append(item) }
      if reload {
        reloads.append(item)
      } else if reconfigure {
        reconfigures.append(item)
      }
    }
    let sections = marks.sections.filter { old.indexOfSection($0) != nil }
    return (reloads, reconfigures, sections, both)
  }

  /// The refreshed ids against the expected sets. With `exact` (this
  /// engine's contract) exactly those are refreshed, a reload winning over
  /// a reconfigure mark; without it (Apple's requirement) an item inserted
  /// and marked in the same apply may be refreshed too (UIKit may ask for
  /// that cell twice), and an item marked both ways may be reloaded,
  /// reconfigured or both (Apple's behaviour there is unconfirmed).
  /// Declared limits excuse what they explain (a reconfigure done as a
  /// reload under `.noReconfigure`, an item re-inserted under the limit
  /// that explains its loss, …).
  ///
  /// When the refresh is wrong on a changeset that loses identity beyond
  /// the declared limits (an id on both sides deleted and re-inserted,
  /// which cannot be reloaded), the failure names the identity loss.
  func refreshFailure(exact: Bool, _ what: String) -> Failure? {
    refresh(exact: exact, what).failure
  }

  /// `refreshFailure` with the declared limits a passing update needed.
  func refresh(exact: Bool, _ what: String) -> Verdict {
    if let failure = inputFailure { return Verdict(failure: failure) }
    let expected = expectedRefreshes
    let marks = newMarks
    let losses = self.losses
    let insertedAndMarked =
      exact ? [] : (marks.items + marks.reconfigured).filter { old.indexOfItem($0) == nil }
    let open = exact ? [] : expected.both
    var used: [DifferLimit] = []
    func excuse(_ limit: DifferLimit) -> Bool {
      guard limits.contains(limit) else { return false }
      if !used.contains(limit) { used.append(limit) }
      return true
    }
    func excuseLoss(_ candidates: [DifferLimit]?) -> Bool {
      guard let limit = candidates?.first(where: limits.contains) else { return false }
      return excuse(limit)
    }
    let (reloaded, reconfigured) = (update.reloadedItems, update.reconfiguredItems)
    var excused: [Int] = insertedAndMarked + open
    var absent: (reloads: [Int], reconfigures: [Int], sections: [Int]) = ([], [], [])
    for item in expected.reloads where !open.contains(item) && !reloaded.contains(item) {
      if excuseLoss(losses.items[item]) || excuse(.noItemRefreshes) { continue }
      absent.reloads.append(item)
    }
    for item in expected.reconfigures where !reconfigured.contains(item) {
      if reloaded.contains(item), excuse(.noReconfigure) {
        excused.append(item)
        continue
      }
      if excuseLoss(losses.items[item]) || excuse(.noItemRefreshes) { continue }
      absent.reconfigures.append(item)
    }
    for section in expected.sections where !update.reloadedSections.contains(section) {
      if excuseLoss(losses.sections[section]) || excuse(.noSectionReloads) {
        excused += (try? new.itemIdentifiers(inSection: section)) ?? []
        continue
      }
      absent.sections.append(section)
    }
    var problems: [String] = []
    func compare(
      _ name: String, _ wanted: [Int], _ actual: [Int], absent: [Int], _ text: ([Int]) -> String
    ) {
      let extra = actual.filter { !wanted.contains($0) && !excused.contains($0) }
      let duplicated = exact && actual.count != Set(actual).count
      guard !extra.isEmpty || !absent.isEmpty || duplicated else { return }
      problems.append("\(name): expected \(text(wanted)), got \(text(actual))")
    }
    compare("reloaded items", expected.reloads, reloaded, absent: absent.reloads, literals.items)
    compare(
      "reconfigured items", expected.reconfigures, reconfigured, absent: absent.reconfigures,
      literals.items)
    compare(
      "reloaded sections", expected.sections, update.reloadedSections, absent: absent.sections,
      literals.sections)
    guard !problems.isEmpty else { return Verdict(limits: used) }
    if !update.identityViolations.isEmpty, losses.explained(by: limits) == nil,
      let kind = update.failureKind
    {
      return Verdict(
        failure: failure(
          kind, "identity lost (so its refresh cannot be judged)", update.identityViolations,
          test: ["#expect(update.identityViolations.isEmpty, \"\\(update.identityViolations)\")"],
          rule: Documentation.identity))
    }
    let missing =
      !(absent.reloads.isEmpty && absent.reconfigures.isEmpty && absent.sections.isEmpty)
    func set(_ ids: [Int], _ text: ([Int]) -> String) -> String { "Set(\(text(ids)))" }
    // Beyond what must be refreshed, only what is excused may be.
    let allowedReloads = Array(Set(expected.reloads + excused)).sorted()
    let allowedReconfigures = Array(Set(expected.reconfigures + excused)).sorted()
    let test =
      exact
      ? [
        "#expect(Set(update.reloadedItems) == \(set(expected.reloads, literals.items)))",
        "#expect(Set(update.reconfiguredItems) == \(set(expected.reconfigures, literals.items)))",
        "#expect(Set(update.reloadedSections) == \(set(expected.sections, literals.sections)))",
      ]
      : [
        "#expect(Set(update.reloadedItems).isSuperset(of: \(set(expected.reloads.filter { !open.contains($0) }, literals.items))))",
        "#expect(Set(update.reloadedItems).isSubset(of: \(set(allowedReloads, literals.items))))",
        "#expect(Set(update.reconfiguredItems).isSuperset(of: \(set(expected.reconfigures, literals.items))))",
        "#expect(Set(update.reconfiguredItems).isSubset(of: \(set(allowedReconfigures, literals.items))))",
        "#expect(Set(update.reloadedSections) == \(set(expected.sections, literals.sections)))",
      ]
    return Verdict(
      failure: failure(
        FailureKind(
          .differ(rule: exact ? "exact refresh" : "refresh"), severity: missing ? .wrong : .cosmetic
        ),
        what, problems, test: test, rule: Documentation.refresh))
  }
}

extension StagedChangeset where Section == Int, Item == Int {
  /// The same stages, their data's ids shown in `literals`.
  func shown(_ literals: Literals) -> StagedChangeset<ShownID, ShownID> {
    StagedChangeset<ShownID, ShownID>(
      stages: stages.map {
        .init(
          batch: $0.batch, sections: $0.sections.map(literals.shownSection),
          items: $0.items.map { $0.map(literals.shownItem) })
      })
  }
}

extension SnapshotProtocol where SectionIdentifier == Int, ItemIdentifier == Int {
  /// The reference model's snapshot of this layout, its ids shown in
  /// `literals` (marks left out: the interpreter reads only the layout).
  func shown(_ literals: Literals) -> ModelSnapshot<ShownID, ShownID> {
    var shown = ModelSnapshot<ShownID, ShownID>()
    for (section, items) in layout {
      try? shown.appendSections([literals.shownSection(section)])
      try? shown.appendItems(
        items.map(literals.shownItem), toSection: literals.shownSection(section))
    }
    return shown
  }
}

extension Literals {
  /// A section id that describes itself as its literal.
  func shownSection(_ id: Int) -> ShownID { ShownID(id: id, text: section(id)) }
  /// An item id that describes itself as its literal.
  func shownItem(_ id: Int) -> ShownID { ShownID(id: id, text: item(id)) }
}
