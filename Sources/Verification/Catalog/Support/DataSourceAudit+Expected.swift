import Generators
import SnapshotCore

/// The rule audits that compute the expected outcome themselves, from the
/// state before, the script's handlers and the spec's words, rather than
/// asking a reference data source.
extension DataSourceAudit {
  /// The toggle outcome part D fixes, compared with the one returned: a tap
  /// on anything but a visible row of the section's tree is `.ignored`; on a
  /// row of a tree that is evidently stored (it has a child or an expanded
  /// flag), a collapse when the row is expanded and an expand otherwise,
  /// `.vetoed` when the session's `should…` handler says no. A flat-looking
  /// tree may be a section filled by a full apply, where `.ignored` is
  /// right too.
  var toggleOutcomeProblem: String? {
    guard case .userToggle(let item, let section) = command, let toggle,
      let expected = expectedToggle
    else { return nil }
    return name(toggle) == expected
      ? nil
      : "tapping \(literals.item(item)) in section \(literals.section(section)) gave \(name(toggle)), expected \(expected)"
  }

  /// The toggle outcome part D fixes for the tap: `ignored` for anything
  /// but a visible row of the section's tree; on a row of a tree that is
  /// evidently stored, a collapse when the row is expanded and an expand
  /// otherwise, `vetoed` when the session's `should…` handler says no;
  /// `nil` where `ignored` is right too (a flat-looking tree may be a
  /// section filled by a full apply).
  var expectedToggle: String? {
    guard case .userToggle(let item, let section) = command else { return nil }
    let tree = before.snapshot(for: section)
    let known = before.snapshot().indexOfSection(section) != nil
    guard known, tree.contains(item), (try? tree.isVisible(item)) == true else { return "ignored" }
    let collapsing = (try? tree.isExpanded(item)) == true
    let vetoed = collapsing ? script.vetoesCollapsing(item) : script.vetoesExpanding(item)
    let stored = tree.items.count != tree.rootItems.count || !tree.expandedItemsRead.isEmpty
    if toggle == .ignored && !stored { return nil }
    return vetoed ? "vetoed" : collapsing ? "collapsed" : "expanded"
  }

  func name(_ outcome: ToggleOutcome) -> String {
    switch outcome {
    case .expanded: return "expanded"
    case .collapsed: return "collapsed"
    case .vetoed: return "vetoed"
    case .ignored: return "ignored"
    }
  }

  /// After a full apply, a section apply or a toggle that applied, every
  /// section other than the one applied to holds the B.5 rebase of its
  /// previous tree onto its new rows (`PlainForest.rebased(to:)`), or a
  /// flat tree of its rows when the rebase drops it (a section never
  /// applied to with `apply(_:to:)` reads as flat, and rebases to flat).
  var rebaseProblem: String? {
    let target: Int?
    switch command {
    case .apply: target = nil
    case .applyTo(_, let section): target = section
    case .userToggle(_, let section):
      switch toggle {
      case .expanded?, .collapsed?: target = section
      default: return nil
      }
    case .userReorder: return nil
    }
    guard !threw else { return nil }
    for (section, rows) in after.snapshot().layout where section != target {
      let old = PlainForest(before.snapshot(for: section))
      let expected = old.rebased(to: rows) ?? PlainForest(flat: rows)
      let actual = PlainForest(after.snapshot(for: section))
      if actual != expected {
        let ids = literals
        return
          "section \(ids.section(section)) now shows \(ids.items(rows)); its tree is "
          + "\(actual.text(ids)), but the B.5 rebase of its tree before (\(old.text(ids))) is "
          + expected.text(ids)
      }
    }
    return nil
  }

  /// Finer toggle classes: which `should…` handler vetoed, and lazy
  /// children that replaced existing ones.
  var toggleDetailLabels: [String] {
    guard case .userToggle(let item, let section) = command, let toggle else { return [] }
    let tree = before.snapshot(for: section)
    switch toggle {
    case .vetoed:
      return [(try? tree.isExpanded(item)) == true ? "vetoed collapse" : "vetoed expand"]
    case .expanded:
      let had = (try? tree.snapshot(of: item))?.items ?? []
      let loaded = log.lazyChildren[item]
      return !had.isEmpty && loaded != nil && loaded != had
        ? ["lazy children replaced existing"] : []
    default:
      return []
    }
  }

  /// Classes of a full apply over stored trees: one kept unchanged, one
  /// rebased, one dropped.
  var rebaseLabels: [String] {
    guard case .apply = command, !threw else { return [] }
    var labels: [String] = []
    for (section, rows) in after.snapshot().layout {
      let tree = before.snapshot(for: section)
      guard tree.items.count != tree.rootItems.count || !tree.expandedItemsRead.isEmpty else {
        continue
      }
      let old = PlainForest(tree)
      if old.visibleItems == rows {
        labels.append("stored tree kept by full apply")
      } else if old.rebased(to: rows) != nil {
        labels.append("stored tree rebased by full apply")
      } else {
        labels.append("stored tree dropped by full apply")
      }
    }
    return labels
  }
}
