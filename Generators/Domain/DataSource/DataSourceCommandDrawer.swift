import SnapshotCore
import SnapshotModel

/// Draws one data-source command for the reference data source.
struct DataSourceCommandDrawer {
  let dataSource: ModelDataSource<Int, Int>
  let snapshot: ModelSnapshot<Int, Int>
  let universe: FullScript.Universe
  let source: ChoiceSource
  let pool: IdPool

  /// The items whose toggles the session vetoes.
  var vetoed: [Int] = []

  init(dataSource: ModelDataSource<Int, Int>, universe: FullScript.Universe, source: ChoiceSource) {
    self.dataSource = dataSource
    snapshot = dataSource.snapshot()
    self.universe = universe
    self.source = source
    pool = IdPool(source: source)
  }

  enum Kind: Int, CaseIterable { case apply, applyTo, userToggle, userReorder }

  /// Draws a command; a share `invalidShare` is invalid (a tap the data
  /// source ignores, a path that is not a row) and a share `edgeShare` of
  /// drags is an edge case (onto itself, below a collapsed parent). The
  /// kind is one with a positive weight for the data source, replayed
  /// choices included (`weightedIndex`): a tap needs an outline section, a
  /// drag a row.
  /// - Throws: `GenerationError.empty` when no kind has weight, which
  ///   cannot happen: both applies always have weight.
  func draw(invalidShare: Double, edgeShare: Double) throws(GenerationError)
    -> DataSourceCommand
  {
    let invalid = source.drawBool(probability: invalidShare)
    let edge = source.drawBool(probability: edgeShare)
    let hasRows = snapshot.numberOfItems > 0
    let outlines = dataSource.sectionsWithStoredSnapshots
    let weights = [hasRows ? 3 : 10, hasRows ? 4 : 10, outlines.isEmpty ? 0 : 6, hasRows ? 6 : 0]
    let kind = Kind(rawValue: try source.weightedIndex(weights, label: "data-source command"))
    switch kind ?? .apply {
    case .apply: return apply()
    case .applyTo: return applyTo()
    case .userToggle: return try toggle(invalid: invalid, outlines: outlines)
    case .userReorder: return reorder(invalid: invalid, edge: edge)
    }
  }

  /// A full apply: usually the current snapshot after a few valid edits,
  /// otherwise a fresh layout (choice 0, so the shrinker reaches it: a
  /// fresh layout keeps its meaning when earlier commands are deleted);
  /// with the marks the edits made (and sometimes one more reload or
  /// reconfigure) and a few content changes.
  func apply() -> DataSourceCommand {
    var next = source.drawBool(probability: 0.75) ? edited() : freshLayout()
    if source.drawBool(probability: 0.15), let item = source.element(of: next.itemIdentifiers) {
      let mark: FullCommand =
        source.drawBool(probability: 0.5) ? .reconfigureItems([item]) : .reloadItems([item])
      try? mark.apply(to: &next)
    }
    let changed = pool.distinctOrNone(of: next.itemIdentifiers, max: 2)
    let layout = next.layout.map { FullScript.Layout(section: $0.section, items: $0.items) }
    var marks: [FullCommand] = []
    if !next.reloadedItemIdentifiers.isEmpty {
      marks.append(.reloadItems(next.reloadedItemIdentifiers))
    }
    if !next.reconfiguredItemIdentifiers.isEmpty {
      marks.append(.reconfigureItems(next.reconfiguredItemIdentifiers))
    }
    if !next.reloadedSectionIdentifiers.isEmpty {
      marks.append(.reloadSections(next.reloadedSectionIdentifiers))
    }
    return .apply(layout, changed: changed, marks: marks)
  }

  /// The current snapshot after up to 4 valid edits.
  func edited() -> ModelSnapshot<Int, Int> {
    let machine = FullScript.machine(universe: universe, invalidShare: 0)
    var next = snapshot
    _ = source.collect(count: 0...4) { () in
      if let command = try? machine.command(next).generate(source) { try? command.apply(to: &next) }
    }
    return next
  }

  /// A fresh layout (`FullScript.drawLayout`: sections `0, 1, …`, each
  /// with up to 4 items numbered in order, shrinking one item at a time).
  func freshLayout() -> ModelSnapshot<Int, Int> {
    FullScript(
      initial: FullScript.drawLayout(source, universe: universe, maxItems: 4), commands: []
    )
    .start(as: ModelSnapshot<Int, Int>.self)
  }

  /// A section apply: usually an existing section's tree edited, otherwise
  /// a fresh, non-empty forest (choice 0) over the universe's ids (ids
  /// shown elsewhere move in) to a section drawn from the universe.
  func applyTo() -> DataSourceCommand {
    let sections = snapshot.sectionIdentifiers
    let derived = source.drawBool(probability: 0.7) && !sections.isEmpty
    if derived {
      let section = pool.one(of: sections, or: 0)
      var tree = dataSource.snapshot(for: section)
      if !tree.items.isEmpty {
        let machine = SectionScript.machine(universe: universe.items, invalidShare: 0)
        _ = source.collect(count: 0...3) { () in
          if let command = try? machine.command(tree).generate(source) {
            _ = try? command.apply(to: &tree)
          }
        }
        return .applyTo(Forest(tree), section: section)
      }
    }
    let section = source.index(count: universe.sections)
    var ids = Array(0..<universe.items)
    let forest = Forest.draw(source, fresh: &ids, shape: .init(maxNodes: 8, maxDepth: 3))
    guard forest.roots.isEmpty else { return .applyTo(forest, section: section) }
    // An empty draw is one root (the shortest forest that makes an outline
    // row), so a shrunk session needs no other command to fill the section.
    return .applyTo(
      Forest(roots: [Forest.Node(source.index(count: universe.items))]), section: section)
  }

  /// The taps a user can make, the valid one first (the shrinker moves
  /// toward it).
  enum Tap: Int, CaseIterable {
    case visibleRow, hiddenRow, otherSection, absentItem, unknownSection
  }

  /// A tap on a row of an outline section (often a vetoed one, when one is
  /// shown); when `invalid`, a tap the data
  /// source ignores: on a row hidden under a collapsed ancestor, on a row of
  /// another section, on an id shown nowhere, or in an unknown section.
  /// - Throws: `GenerationError.empty` when no tap has weight, which
  ///   cannot happen: every invalid tap has weight.
  func toggle(invalid: Bool, outlines: [Int]) throws(GenerationError) -> DataSourceCommand {
    let section = pool.one(of: outlines, or: 0)
    let rows = (try? snapshot.itemIdentifiers(inSection: section)) ?? []
    let tap =
      invalid
      ? Tap(rawValue: 1 + (try source.weightedIndex([4, 4, 1, 1], label: "tap"))) ?? .hiddenRow
      : .visibleRow
    switch tap {
    case .visibleRow:
      let vetoedRows = rows.filter(vetoed.contains)
      if !vetoedRows.isEmpty, source.drawBool(probability: 0.3) {
        return .userToggle(pool.one(of: vetoedRows, or: universe.items), in: section)
      }
      return .userToggle(pool.one(of: rows, or: universe.items), in: section)
    case .hiddenRow:
      let hidden = dataSource.snapshot(for: section).items.filter { !rows.contains($0) }
      return .userToggle(pool.one(of: hidden, or: universe.items), in: section)
    case .otherSection:
      let elsewhere = snapshot.itemIdentifiers.filter { !rows.contains($0) }
      return .userToggle(pool.one(of: elsewhere, or: universe.items), in: section)
    case .absentItem:
      let shown = Set(snapshot.itemIdentifiers)
      let stored = outlines.flatMap { dataSource.snapshot(for: $0).items }
      let absent = (0..<universe.items).filter { !shown.contains($0) && !stored.contains($0) }
      return .userToggle(pool.one(of: absent, or: universe.items), in: section)
    case .unknownSection:
      return .userToggle(pool.one(of: rows, or: universe.items), in: universe.sections)
    }
  }

  /// The drags a user can make, an ordinary one first.
  enum Drag: Int, CaseIterable {
    case anywhere, ontoItself, belowCollapsedParent, ontoItselfNewParent, outOfRange
  }

  /// A drag from a row to a drop position (`0...count` in the destination);
  /// when `edge`, a drop at the row's own position, a drop just below a
  /// collapsed parent, a drop at its own position of a row that the drop
  /// gives a new parent, or (when `invalid`) a path that is not a row.
  func reorder(invalid: Bool, edge: Bool) -> DataSourceCommand {
    let layout = snapshot.layout
    guard !layout.isEmpty else {
      return .userReorder(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 0))
    }
    let filled = layout.indices.filter { !layout[$0].items.isEmpty }
    let from = pool.one(of: filled, or: 0)
    let fromRow = source.index(count: layout[from].items.count)
    let origin = ItemPath(section: from, item: fromRow)
    let drag: Drag =
      invalid
      ? .outOfRange
      : edge ? (Drag(rawValue: 1 + Int(source.draw(upTo: 2))) ?? .ontoItself) : .anywhere
    switch drag {
    case .anywhere:
      let to = source.index(count: layout.count)
      let rows = layout[to].items.count - (to == from ? 1 : 0)
      let toRow = Int(source.drawBiased(upTo: UInt64(max(0, rows))))
      return .userReorder(from: origin, to: ItemPath(section: to, item: toRow))
    case .ontoItself:
      return .userReorder(from: origin, to: origin)
    case .belowCollapsedParent:
      let drops = collapsedParentDrops(excluding: origin)
      return .userReorder(from: origin, to: source.element(of: drops) ?? origin)
    case .ontoItselfNewParent:
      let row = source.element(of: reparentedInPlace()) ?? origin
      return .userReorder(from: row, to: row)
    case .outOfRange:
      let toRow = Int(source.drawBiased(upTo: UInt64(layout[from].items.count)))
      return .userReorder(
        from: ItemPath(section: from, item: layout[from].items.count),
        to: ItemPath(section: layout.count, item: toRow))
    }
  }

  /// The rows of outline sections that a drop at their own position gives a
  /// new parent, every row staying in place: the drop puts the row before
  /// the next row outside its subtree, at that row's level (or last among
  /// the roots), so a last child above a shallower row (or above nothing)
  /// moves up a level. A section snapshot's `==` tells such trees apart by
  /// their parents alone.
  func reparentedInPlace() -> [ItemPath] {
    var rows: [ItemPath] = []
    for (index, entry) in snapshot.layout.enumerated() {
      let tree = dataSource.snapshot(for: entry.section)
      let levels = entry.items.map { (try? tree.level(of: $0)) ?? 0 }
      for (row, item) in entry.items.enumerated() {
        guard let parent = try? tree.parent(of: item) else { continue }
        let next = levels[(row + 1)...].firstIndex { $0 <= levels[row] }
        let newParent = next.flatMap { try? tree.parent(of: entry.items[$0]) }
        if newParent != parent { rows.append(ItemPath(section: index, item: row)) }
      }
    }
    return rows
  }

  /// The drop positions just below a collapsed row that has children, in
  /// the coordinates of a drag from `origin` (its row removed).
  func collapsedParentDrops(excluding origin: ItemPath) -> [ItemPath] {
    var drops: [ItemPath] = []
    for (index, entry) in snapshot.layout.enumerated() {
      let tree = dataSource.snapshot(for: entry.section)
      for (row, item) in entry.items.enumerated()
      where !(index == origin.section && row == origin.item) {
        guard (try? tree.isExpanded(item)) == false,
          ((try? tree.snapshot(of: item).items) ?? []).isEmpty == false
        else { continue }
        let shift = index == origin.section && origin.item < row ? 1 : 0
        drops.append(ItemPath(section: index, item: row + 1 - shift))
      }
    }
    return drops
  }
}
