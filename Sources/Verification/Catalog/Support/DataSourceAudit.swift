import Generators
import SnapshotCore
import SnapshotModel

/// The checks of one data-source command on one implementation: the state
/// before and after, what the command returned, the handler calls.
struct DataSourceAudit<D: DataSourceProtocol> where D.Section == Int, D.Item == Int {
  typealias Rule = DataSourceSession.Rule

  let before: D
  let after: D
  let command: DataSourceCommand
  let log: HandlerLog
  let sections: Int
  var changeset: Changeset?
  var toggle: ToggleOutcome?
  /// Whether the command was a drag the data source carried out.
  var reordered = false
  var refused = false
  var threw = false
  var labels: [String] = []
  /// The session's settings (style, handlers).
  var script = DataSourceScript(commands: [])
  /// The content of the items shown before the command, by the rule of
  /// `DataSourceProtocol` (new values taken, items no longer shown
  /// forgotten).
  var contents: ContentMap<Int> = [:]

  /// The user's identifiers, for every text.
  let literals: Literals

  init(
    before: D, after: D, command: DataSourceCommand, log: HandlerLog, sections: Int,
    literals: Literals
  ) {
    self.literals = literals
    self.before = before
    self.after = after
    self.command = command
    self.log = log
    self.sections = sections
  }

  /// Records what the command returned (the raw values the checks read)
  /// and, when `labelling`, the case's classes.
  mutating func record(_ result: Result<DataSourceOutcome, SnapshotError>, labelling: Bool = true) {
    // The classes are for statistics only: a check records without them.
    func label(_ more: @autoclosure () -> [String]) {
      if labelling { labels += more() }
    }
    label([command.operation] + actionLabels)
    switch result {
    case .failure:
      threw = true
      if case .userReorder = command { label(["drag from a path that is not a row"]) }
    case .success(.changeset(let value)):
      changeset = value
      label(refreshLabels + rebaseLabels)
    case .success(.toggle(let value)):
      toggle = value
      label([toggleLabel(value)] + handlerLabels + toggleDetailLabels)
    case .success(.reorder(let difference)):
      guard difference != nil, case .userReorder(let from, let to) = command else {
        refused = true
        label(["refused drag"])
        if !script.installs(.canReorderItem) { label(["drag without canReorderItem"]) }
        return
      }
      reordered = true
      label(handlerLabels)
      label(dragLabels(from: from, to: to))
    }
  }

  func toggleLabel(_ outcome: ToggleOutcome) -> String {
    guard case .userToggle(let item, let section) = command else { return "" }
    switch outcome {
    case .collapsed:
      let below = (try? before.snapshot(for: section).snapshot(of: item))?.expandedItemsRead ?? []
      return below.isEmpty ? "collapse toggle" : "collapse over expanded descendant"
    case .expanded:
      return log.calls.contains(.snapshotForExpandingParent(item, children: []))
        ? "lazy children loaded" : "expand toggle"
    case .vetoed: return "vetoed toggle"
    case .ignored: return "ignored toggle"
    }
  }

  func dragLabels(from: ItemPath, to: ItemPath) -> [String] {
    var labels: [String] = []
    if from.section != to.section { labels.append("cross-section drag") }
    if let item = row(before, from), let section = section(before, from),
      let subtree = try? before.snapshot(for: section).snapshot(of: item), !subtree.items.isEmpty
    {
      labels.append("drag of a parent")
    }
    return labels
  }

  func row(_ d: D, _ path: ItemPath) -> Int? {
    let layout = d.snapshot().layout
    guard layout.indices.contains(path.section),
      layout[path.section].items.indices.contains(path.item)
    else { return nil }
    return layout[path.section].items[path.item]
  }

  func section(_ d: D, _ path: ItemPath) -> Int? {
    let sections = d.snapshot().sectionIdentifiers
    return sections.indices.contains(path.section) ? sections[path.section] : nil
  }

  // MARK: Rules

  /// The problem of each of `rules` on this command, if any (the
  /// differ's audit made once for all of them).
  func problems(_ rules: [Rule]) -> [Rule: String] {
    var found: [Rule: String] = [:]
    var diff: DiffAudit<D.Snapshot>??
    func audit() -> DiffAudit<D.Snapshot>? {
      if diff == nil { diff = .some(diffAudit) }
      return diff!
    }
    for rule in rules {
      if let problem = problem(rule, diff: audit) { found[rule] = problem }
    }
    return found
  }

  func problem(_ rule: Rule, diff: () -> DiffAudit<D.Snapshot>?) -> String? {
    switch rule {
    case .changesetCorrect:
      return diff()?.roundTripFailure("the changeset it returned is incorrect")?.message
    case .refreshExact:
      guard let audit = diff(), audit.update.violations.isEmpty else { return nil }
      return audit.refreshFailure(exact: false, "the changeset it returned refreshes wrongly")?
        .message
    case .minimalMoves:
      guard let audit = diff(), audit.update.isCorrect else { return nil }
      return audit.minimalityFailure?.message
    case .visibleRows: return visibleRowsProblem
    case .vetoesChangeNothing:
      if let problem = toggleOutcomeProblem { return problem }
      guard toggle == .vetoed || toggle == .ignored else { return nil }
      return unchanged("a vetoed or ignored toggle")
    case .storedTreesRebased: return rebaseProblem
    case .refusedChangesNothing:
      guard refused else { return nil }
      if log.calls.contains(where: {
        if case .willReorder = $0 { return true }
        if case .didReorder = $0 { return true }
        return false
      }) {
        return "a refused drag ran willReorder/didReorder"
      }
      return unchanged("a refused drag")
    case .lazyChildren: return lazyChildrenProblem
    case .applyThenSnapshotFor: return applyThenSnapshotForProblem
    case .userCollapseExpand: return userCollapseExpandProblem
    case .toggleChangeset: return toggleChangesetProblem
    case .differencesApply: return differencesProblem
    case .subtreeCarried: return subtreeProblem
    }
  }

  func unchanged(_ what: String) -> String? {
    let old = observed(before)
    let new = observed(after)
    guard old != new else { return nil }
    return
      "\(what) changed what the data source shows: \(layoutText(before)) → \(layoutText(after))"
  }

  /// What a data source shows, as a value: its layout, and the tree of
  /// every section of the universe.
  struct Shown: Equatable {
    var sections: [Int]
    var items: [[Int]]
    var trees: [PlainForest]
  }

  /// What `d` shows.
  func observed(_ d: D) -> Shown {
    let layout = d.snapshot().layout
    return Shown(
      sections: layout.map(\.section), items: layout.map(\.items),
      trees: (0...sections).map { PlainForest(d.snapshot(for: $0)) })
  }

  /// `d`'s layout in the user's literals.
  func layoutText(_ d: D) -> String {
    d.snapshot().layout.map { "\(literals.section($0.section)): \(literals.items($0.items))" }
      .joined(separator: " | ")
  }

  func joined(_ what: String, _ problems: [String]) -> String? {
    problems.isEmpty ? nil : what + ": " + problems.joined(separator: "; ")
  }

  /// The changeset an apply or a toggle returned, if any.
  var appliedChangeset: Changeset? {
    switch toggle {
    case .expanded(let value)?, .collapsed(let value)?: return value
    default: return changeset
    }
  }

  /// The differ's audits over the changeset an apply or a toggle returned:
  /// from `snapshot()` before to the snapshot the command applied (an
  /// apply's argument, marks included; after a section apply or a toggle,
  /// `snapshot()` after, with no new content), with the content before,
  /// the new content and the data source's `contentUpdateStyle`.
  var diffAudit: DiffAudit<D.Snapshot>? {
    guard let applied = appliedChangeset else { return nil }
    let (new, newContents) = command.fullArgument(as: D.Snapshot.self) ?? (after.snapshot(), [:])
    let options = DiffOptions(
      oldContent: contents, newContent: newContents, contentUpdate: script.contentUpdateStyle)
    var audit = DiffAudit(
      old: before.snapshot(), new: new, options: options,
      staged: StagedChangeset(applied, target: new), literals: literals)
    if let reference = command.fullArgument(as: ReferenceSnapshot.self)?.snapshot {
      audit.expectMarks(of: reference)
    }
    return audit
  }

  var visibleRowsProblem: String? {
    let snapshot = after.snapshot()
    let ids = literals
    for (section, items) in snapshot.layout {
      let visible = after.snapshot(for: section).visibleItems
      if items != visible {
        return
          "section \(ids.section(section)) shows \(ids.items(items)), "
          + "its section snapshot's visibleItems are \(ids.items(visible))"
      }
    }
    return nil
  }

  /// After an expand that called `snapshotForExpandingParent`, the item's
  /// descendants are exactly what the handler returned, even when the item
  /// had children (part D step 3: the result replaces them).
  var lazyChildrenProblem: String? {
    guard case .expanded? = toggle, case .userToggle(let item, let section) = command,
      let loaded = log.lazyChildren[item]
    else { return nil }
    let children = (try? after.snapshot(for: section).snapshot(of: item))?.items ?? []
    let ids = literals
    return children == loaded
      ? nil
      : "after expanding \(ids.item(item)) its descendants are \(ids.items(children)), "
        + "the handler gave \(ids.items(loaded))"
  }

  var applyThenSnapshotForProblem: String? {
    guard case .applyTo(let forest, let section) = command else { return nil }
    let applied = forest.build(as: D.SectionSnapshot.self)
    let stored = after.snapshot(for: section)
    let expected = PlainForest(applied)
    let actual = PlainForest(stored)
    return expected == actual
      ? nil
      : "snapshot(for: \(literals.section(section))) is not what was applied: it holds "
        + "\(actual.text(literals)), applied \(expected.text(literals))"
  }

  var userCollapseExpandProblem: String? {
    guard case .collapsed? = toggle, case .userToggle(let item, let section) = command,
      (try? before.snapshot(for: section).snapshot(of: item))?.items.isEmpty == false,
      let previous = expectedReexpandedRows
    else { return nil }
    var copy = after
    let outcome = try? copy.userToggle(item, in: section)
    if script.vetoesExpanding(item) {
      guard case .vetoed? = outcome else {
        return "re-expanding \(literals.item(item)), which shouldExpandItem vetoes, was not vetoed"
      }
    } else {
      guard case .expanded? = outcome else {
        return "re-expanding \(literals.item(item)) after collapsing it did not expand"
      }
    }
    let rows = copy.snapshot().itemIdentifiers
    return rows == previous
      ? nil
      : "collapse then expand of \(literals.item(item)) shows \(literals.items(rows)), "
        + "expected \(literals.items(previous))"
  }

  /// The rows a re-expanding of the item a collapse closed shows: the rows
  /// before the collapse; the collapse's own when `shouldExpandItem`
  /// vetoes the way back; with the one lazy child in place of the children
  /// when the handler replaces them (`nil` where the lazy child is held
  /// elsewhere, so the re-expanding is rejected).
  var expectedReexpandedRows: [Int]? {
    guard case .userToggle(let item, let section) = command else { return nil }
    if script.vetoesExpanding(item) { return after.snapshot().itemIdentifiers }
    var previous = before.snapshot().itemIdentifiers
    guard
      script.replacesChildren && script.installs(.snapshotForExpandingParent)
        && item < DataSourceScript.lazyBase
    else { return previous }
    let lazy = DataSourceScript.lazyBase + item
    let descendants = (try? before.snapshot(for: section).snapshot(of: item))?.items ?? []
    let shown = (try? before.snapshot().itemIdentifiers(inSection: section)) ?? []
    guard descendants.contains(lazy) || before.snapshot(for: section).contains(lazy) == false,
      before.snapshot().indexOfItem(lazy) == nil || descendants.contains(lazy)
    else { return nil }
    // Only the rows of this section go; descendants hidden here but
    // shown in another section stay there.
    previous.removeAll { descendants.contains($0) && shown.contains($0) }
    guard let at = previous.firstIndex(of: item) else { return nil }
    previous.insert(lazy, at: at + 1)
    return previous
  }

  var toggleChangesetProblem: String? {
    guard case .userToggle(let item, let section) = command else { return nil }
    let (applied, expanding): (Changeset, Bool)
    switch toggle {
    case .expanded(let value)?: (applied, expanding) = (value, true)
    case .collapsed(let value)?: (applied, expanding) = (value, false)
    default: return nil
    }
    // Expanding may reveal a hidden descendant that another section shows
    // (B.5 moves items into an applied section, and a kept tree may still
    // hold it): it then arrives by a move, never by a delete and insert.
    for batch in applied.batches {
      if !batch.sectionDeletes.isEmpty || !batch.sectionInserts.isEmpty
        || !batch.sectionMoves.isEmpty
        || (expanding ? !batch.itemDeletes.isEmpty : !batch.itemInserts.isEmpty)
        || (!expanding && !batch.itemMoves.isEmpty)
      {
        return
          "toggling \(literals.item(item)) gave \(applied), not only \(expanding ? "inserts" : "deletes")"
      }
    }
    let tree = (expanding ? after : before).snapshot(for: section)
    let descendants = (try? tree.snapshot(of: item))?.items ?? []
    let rows = (expanding ? after : before).snapshot().layout
    let paths = applied.batches.flatMap {
      expanding ? $0.itemInserts + $0.itemMoves.map(\.to) : $0.itemDeletes
    }
    for path in paths {
      guard rows.indices.contains(path.section),
        rows[path.section].items.indices.contains(path.item),
        descendants.contains(rows[path.section].items[path.item])
      else {
        return
          "toggling \(literals.item(item)) changed \(path), not a descendant's row"
      }
    }
    return nil
  }

  /// The transaction of a drag the data source carried out, from the drag
  /// run again on a copy of `before` (the outcome says only whether it
  /// moved); its handler calls are left out of `log`. `nil` for any other
  /// command.
  /// - Complexity: that of one `userReorder(from:to:)`, on each read.
  var transaction: Transaction<D.Snapshot, D.SectionSnapshot>? {
    guard reordered, case .userReorder(let from, let to) = command else { return nil }
    let calls = log.calls
    defer { log.calls = calls }
    var copy = before
    return (try? copy.userReorder(from: from, to: to)) ?? nil
  }

  var differencesProblem: String? {
    guard let transaction else { return nil }
    let initial = transaction.initialSnapshot.itemIdentifiers
    let final = transaction.finalSnapshot.itemIdentifiers
    if initial.applying(transaction.difference) != final {
      return "initial.applying(difference) is not final"
    }
    if initial != before.snapshot().itemIdentifiers || final != after.snapshot().itemIdentifiers {
      return "the transaction's snapshots are not the data source's before and after"
    }
    var order: [Int] = []
    let ids = literals
    for entry in transaction.sectionTransactions {
      let from = entry.initialSnapshot.visibleItems
      let to = entry.finalSnapshot.visibleItems
      if from.applying(entry.difference) != to {
        return "section \(ids.section(entry.sectionIdentifier)): its difference does not apply"
      }
      if PlainForest(entry.initialSnapshot) == PlainForest(entry.finalSnapshot) {
        return "section \(ids.section(entry.sectionIdentifier)) is listed but did not change"
      }
      order.append(transaction.finalSnapshot.indexOfSection(entry.sectionIdentifier) ?? -1)
    }
    if order != order.sorted(by: >) { return "section transactions are not last section first" }
    let listed = transaction.sectionTransactions.map(\.sectionIdentifier)
    for (section, items) in transaction.finalSnapshot.layout where !listed.contains(section) {
      let old = (try? transaction.initialSnapshot.itemIdentifiers(inSection: section)) ?? []
      if old != items {
        return "section \(ids.section(section)) changed but has no section transaction"
      }
    }
    return nil
  }

  var subtreeProblem: String? {
    guard reordered, case .userReorder(let from, let to) = command,
      let item = row(before, from), let source = section(before, from)
    else { return nil }
    guard let moved = try? before.snapshot(for: source).snapshot(of: item, includingParent: true),
      moved.items.count > 1
    else { return nil }
    let target =
      after.snapshot().sectionIdentifiers.indices.contains(to.section)
      ? after.snapshot().sectionIdentifiers[to.section] : source
    guard let landed = try? after.snapshot(for: target).snapshot(of: item, includingParent: true)
    else {
      let ids = literals
      return
        "the dragged parent \(ids.item(item)) is not in section \(ids.section(target))'s snapshot"
    }
    let expected = PlainForest(moved)
    let actual = PlainForest(landed)
    return expected == actual
      ? nil
      : "the dragged parent \(literals.item(item)) did not carry its subtree: it holds "
        + "\(actual.text(literals)), carried \(expected.text(literals))"
  }
}
