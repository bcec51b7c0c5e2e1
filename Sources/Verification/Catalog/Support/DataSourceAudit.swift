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
  var transaction: Transaction<D.Snapshot, D.SectionSnapshot>?
  var refused = false
  var threw = false
  var transactionText = ""
  var labels: [String] = []
  /// The session's settings (style, handlers).
  var script = DataSourceScript(commands: [])
  /// The content of the items shown before the command, by the rule of
  /// `DataSourceProtocol` (new values taken, items no longer shown
  /// forgotten).
  var contents: ContentMap<Int> = [:]

  init(before: D, after: D, command: DataSourceCommand, log: HandlerLog, sections: Int) {
    self.before = before
    self.after = after
    self.command = command
    self.log = log
    self.sections = sections
  }

  /// The outcome as comparable text; keeps the raw values for the checks.
  /// Re-runs a drag on a copy of `before` to get its transaction.
  mutating func outcome(_ result: Result<DataSourceOutcome, SnapshotError>) -> String {
    labels.append(command.operation)
    labels += actionLabels
    switch result {
    case .failure(let error):
      threw = true
      if case .userReorder = command { labels.append("drag from a path that is not a row") }
      return "throws \(StateText.caseName(error))"
    case .success(.changeset(let value)):
      changeset = value
      labels += refreshLabels + rebaseLabels
      return "applied"
    case .success(.toggle(let value)):
      toggle = value
      labels.append(toggleLabel(value))
      labels += handlerLabels + toggleDetailLabels
      switch value {
      case .expanded: return "expanded"
      case .collapsed: return "collapsed"
      case .vetoed: return "vetoed"
      case .ignored: return "ignored"
      }
    case .success(.reorder(let difference)):
      guard difference != nil, case .userReorder(let from, let to) = command else {
        refused = true
        labels.append("refused drag")
        if !script.installs(.canReorderItem) { labels.append("drag without canReorderItem") }
        return "refused"
      }
      labels += handlerLabels
      var copy = before
      transaction = (try? copy.userReorder(from: from, to: to)) ?? nil
      transactionText = transaction.map(describe) ?? "no transaction on replay"
      labels += dragLabels(from: from, to: to)
      return "reordered"
    }
  }

  func toggleLabel(_ outcome: ToggleOutcome) -> String {
    guard case .userToggle(let item, let section) = command else { return "" }
    switch outcome {
    case .collapsed:
      let below = (try? before.snapshot(for: section).snapshot(of: item))?.expandedItemsRead ?? []
      return below.isEmpty ? "collapse toggle" : "collapse over expanded descendant"
    case .expanded:
      return log.entries.contains { $0.hasPrefix("snapshotForExpandingParent(\(item), [])") }
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

  func describe(_ transaction: Transaction<D.Snapshot, D.SectionSnapshot>) -> String {
    let ids = StateText.identifiers
    var lines = [
      "initial: \(ids.items(transaction.initialSnapshot.itemIdentifiers))",
      "final: \(ids.items(transaction.finalSnapshot.itemIdentifiers))",
      "difference: \(transaction.difference.map(DataSourceAudit.change))",
    ]
    for entry in transaction.sectionTransactions {
      lines.append(
        "section \(ids.section(entry.sectionIdentifier)): \(ids.items(entry.initialSnapshot.items)) → "
          + "\(ids.items(entry.finalSnapshot.items)), visible \(ids.items(entry.initialSnapshot.visibleItems)) → "
          + "\(ids.items(entry.finalSnapshot.visibleItems)), difference "
          + "\(entry.difference.map(DataSourceAudit.change))")
    }
    return lines.joined(separator: "\n")
  }

  static func change(_ change: CollectionDifference<Int>.Change) -> String {
    switch change {
    case .insert(let offset, let element, let associated):
      return "+\(StateText.identifiers.item(element))@\(offset)"
        + (associated.map { "<-\($0)" } ?? "")
    case .remove(let offset, let element, let associated):
      return "-\(StateText.identifiers.item(element))@\(offset)"
        + (associated.map { "->\($0)" } ?? "")
    }
  }

  // MARK: Rules

  /// The problem of each of `rules` on this command, if any.
  func problems(_ rules: [Rule]) -> [Rule: String] {
    var found: [Rule: String] = [:]
    for rule in rules {
      if let problem = problem(rule) { found[rule] = problem }
    }
    return found
  }

  func problem(_ rule: Rule) -> String? {
    switch rule {
    case .changesetCorrect:
      return diffAudit.flatMap {
        joined("changeset \($0.changeset) is incorrect", $0.roundTripProblems)
      }
    case .refreshExact:
      guard let audit = diffAudit, audit.update.violations.isEmpty else { return nil }
      return joined(
        "changeset \(audit.changeset) refreshes wrongly", audit.refreshProblems(exact: false))
    case .minimalMoves:
      guard let audit = diffAudit, audit.update.isCorrect else { return nil }
      return joined("changeset \(audit.changeset) is not move-minimal", audit.minimalityProblems)
    case .visibleRows: return visibleRowsProblem
    case .vetoesChangeNothing:
      if let problem = toggleOutcomeProblem { return problem }
      guard toggle == .vetoed || toggle == .ignored else { return nil }
      return unchanged("a vetoed or ignored toggle")
    case .storedTreesRebased: return rebaseProblem
    case .refusedChangesNothing:
      guard refused else { return nil }
      if log.entries.contains(where: { $0.hasPrefix("willReorder") || $0.hasPrefix("didReorder") })
      {
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
    let old = DataSourceSession.state(before, sections: sections)
    let new = DataSourceSession.state(after, sections: sections)
    return old == new ? nil : "\(what) changed the state:\n\(old)\n→\n\(new)"
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
    var audit = DiffAudit(old: before.snapshot(), new: new, options: options, changeset: applied)
    if let reference = command.fullArgument(as: ModelReference.Snapshot.self)?.snapshot {
      audit.expectMarks(of: reference)
    }
    return audit
  }

  /// The content of the items shown after the command.
  var contentsAfter: ContentMap<Int> {
    let shown = after.snapshot()
    let newContents = command.fullArgument(as: D.Snapshot.self)?.contents ?? [:]
    return contents.merging(newContents) { $1 }.filter { shown.indexOfItem($0.key) != nil }
  }

  var visibleRowsProblem: String? {
    let snapshot = after.snapshot()
    let ids = StateText.identifiers
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
    let ids = StateText.identifiers
    return children == loaded
      ? nil
      : "after expanding \(ids.item(item)) its descendants are \(ids.items(children)), "
        + "the handler gave \(ids.items(loaded))"
  }

  var applyThenSnapshotForProblem: String? {
    guard case .applyTo(let forest, let section) = command else { return nil }
    let applied = forest.build(as: D.SectionSnapshot.self)
    let stored = after.snapshot(for: section)
    let expected = StateText.section(applied, universe: 0, ids: [])
    let actual = StateText.section(stored, universe: 0, ids: [])
    return expected == actual
      ? nil
      : "snapshot(for: \(StateText.identifiers.section(section))) is not what was applied:\n\(expected)\n≠\n\(actual)"
  }

  var userCollapseExpandProblem: String? {
    guard case .collapsed? = toggle, case .userToggle(let item, let section) = command,
      (try? before.snapshot(for: section).snapshot(of: item))?.items.isEmpty == false
    else { return nil }
    // An item without children would get lazy children on re-expanding.
    let ids = StateText.identifiers
    var copy = after
    let outcome = try? copy.userToggle(item, in: section)
    if script.vetoesExpanding(item) {
      // The collapse went through (no shouldCollapseItem installed) but
      // shouldExpandItem vetoes the way back: the collapse stands.
      guard case .vetoed? = outcome else {
        return "re-expanding \(ids.item(item)), which shouldExpandItem vetoes, was not vetoed"
      }
      let rows = copy.snapshot().itemIdentifiers
      let collapsed = after.snapshot().itemIdentifiers
      return rows == collapsed
        ? nil
        : "a vetoed re-expanding of \(ids.item(item)) shows \(ids.items(rows)), "
          + "the collapse showed \(ids.items(collapsed))"
    }
    var previous = before.snapshot().itemIdentifiers
    if script.replacesChildren && script.installs(.snapshotForExpandingParent)
      && item < DataSourceScript.lazyBase
    {
      // Re-expanding loads the one lazy child in place of the children.
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
    }
    guard case .expanded? = outcome else {
      return "re-expanding \(ids.item(item)) after collapsing it did not expand"
    }
    let rows = copy.snapshot().itemIdentifiers
    return rows == previous
      ? nil
      : "collapse then expand of \(ids.item(item)) shows \(ids.items(rows)), "
        + "previously \(ids.items(previous))"
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
          "toggling \(StateText.identifiers.item(item)) gave \(applied), not only \(expanding ? "inserts" : "deletes")"
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
          "toggling \(StateText.identifiers.item(item)) changed \(path), not a descendant's row"
      }
    }
    return nil
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
    let ids = StateText.identifiers
    for entry in transaction.sectionTransactions {
      let from = entry.initialSnapshot.visibleItems
      let to = entry.finalSnapshot.visibleItems
      if from.applying(entry.difference) != to {
        return "section \(ids.section(entry.sectionIdentifier)): its difference does not apply"
      }
      if StateText.section(entry.initialSnapshot, universe: 0, ids: [])
        == StateText.section(entry.finalSnapshot, universe: 0, ids: [])
      {
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
    guard transaction != nil, case .userReorder(let from, let to) = command,
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
      let ids = StateText.identifiers
      return
        "the dragged parent \(ids.item(item)) is not in section \(ids.section(target))'s snapshot"
    }
    let expected = StateText.section(moved, universe: 0, ids: [])
    let actual = StateText.section(landed, universe: 0, ids: [])
    return expected == actual
      ? nil
      : "the dragged parent \(StateText.identifiers.item(item)) did not carry its subtree:\n\(expected)\n≠\n\(actual)"
  }
}
