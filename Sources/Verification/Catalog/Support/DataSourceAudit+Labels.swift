import Generators
import SnapshotCore

extension DataSourceAudit {
  /// The classes of a tap or drag target, from the state before: a tap on
  /// a hidden row, on a row of another section, on an id shown nowhere, in
  /// an unknown section; a drag onto itself, a drop just below a collapsed
  /// parent.
  var actionLabels: [String] {
    let rows = before.snapshot()
    switch command {
    case .userToggle(let item, let section):
      guard rows.indexOfSection(section) != nil else { return ["tap in unknown section"] }
      let shown = (try? rows.itemIdentifiers(inSection: section)) ?? []
      if shown.contains(item) { return [] }
      if before.snapshot(for: section).contains(item) { return ["tap on hidden row"] }
      if rows.indexOfItem(item) != nil { return ["tap on row of another section"] }
      return ["tap on absent id"]
    case .userReorder(let from, let to):
      if from == to, row(before, from) != nil { return ["drag onto itself"] }
      return dropsBelowCollapsedParent(from: from, to: to) ? ["drop below collapsed parent"] : []
    case .apply, .applyTo:
      return []
    }
  }

  /// Whether the drop lands just below a collapsed row that has children.
  func dropsBelowCollapsedParent(from: ItemPath, to: ItemPath) -> Bool {
    let layout = before.snapshot().layout
    guard let item = row(before, from), layout.indices.contains(to.section), to.item > 0 else {
      return false
    }
    var rows = layout[to.section].items
    if to.section == from.section {
      let tree = before.snapshot(for: layout[from.section].section)
      let dragged = [item] + ((try? tree.snapshot(of: item).items) ?? [])
      rows.removeAll { dragged.contains($0) }
    }
    guard rows.indices.contains(to.item - 1) else { return false }
    let above = rows[to.item - 1]
    let tree = before.snapshot(for: layout[to.section].section)
    return (try? tree.isExpanded(above)) == false
      && ((try? tree.snapshot(of: above).items) ?? []).isEmpty == false
  }

  /// The classes of an apply's refresh: content changes under each update
  /// style, and marks.
  var refreshLabels: [String] {
    guard let (snapshot, newContents) = command.fullArgument(as: D.Snapshot.self) else { return [] }
    var labels: [String] = []
    let old = before.snapshot()
    let changed = snapshot.itemIdentifiers.contains { item in
      old.indexOfItem(item) != nil && contents[item].map { $0 != newContents[item] } == true
    }
    if changed { labels.append("content change with \(script.contentUpdateStyle.rawValue) style") }
    if snapshot.reloadedItemIdentifiers.contains(where: { old.indexOfItem($0) != nil }) {
      labels.append("reload mark")
    }
    if snapshot.reconfiguredItemIdentifiers.contains(where: { old.indexOfItem($0) != nil }) {
      labels.append("reconfigure mark")
    }
    return labels
  }

  /// A toggle or drag that went ahead while a handler it would run was left
  /// out, e.g. `expand without willExpandItem`.
  var handlerLabels: [String] {
    let missing: [DataSourceHandler]
    let what: String
    switch toggle {
    case .expanded?:
      (missing, what) = (
        [.shouldExpandItem, .willExpandItem, .snapshotForExpandingParent], "expand"
      )
    case .collapsed?: (missing, what) = ([.shouldCollapseItem, .willCollapseItem], "collapse")
    default: (missing, what) = ([.willReorder, .didReorder], "drag")
    }
    return missing.filter { !script.installs($0) }.map { "\(what) without \($0)" }
  }
}
