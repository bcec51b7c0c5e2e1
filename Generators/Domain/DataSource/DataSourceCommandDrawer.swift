import SnapshotCore
import SnapshotModel

/// Draws one data-source command for the reference data source.
struct DataSourceCommandDrawer {
  let dataSource: ModelDataSource<Int, Int>
  let snapshot: ModelSnapshot<Int, Int>
  let universe: FullScript.Universe
  let source: ChoiceSource
  let pool: IdPool

  init(dataSource: ModelDataSource<Int, Int>, universe: FullScript.Universe, source: ChoiceSource) {
    self.dataSource = dataSource
    snapshot = dataSource.snapshot()
    self.universe = universe
    self.source = source
    pool = IdPool(source: source)
  }

  enum Kind: Int, CaseIterable { case apply, applyTo, userToggle, userReorder }

  func draw(invalidShare: Double) -> DataSourceCommand {
    let invalid = source.drawBool(probability: invalidShare)
    let hasRows = snapshot.numberOfItems > 0
    let outlines = dataSource.sectionsWithStoredSnapshots
    let weights = [hasRows ? 3 : 10, hasRows ? 4 : 10, outlines.isEmpty ? 0 : 6, hasRows ? 6 : 0]
    switch Kind(rawValue: source.weightedIndex(weights, total: weights.reduce(0, +))) ?? .apply {
    case .apply: return apply()
    case .applyTo: return applyTo()
    case .userToggle: return toggle(invalid: invalid, outlines: outlines)
    case .userReorder: return reorder(invalid: invalid)
    }
  }

  /// A full apply of the current snapshot after a few valid edits.
  func apply() -> DataSourceCommand {
    let machine = FullScript.machine(universe: universe, invalidShare: 0)
    var next = snapshot
    _ = source.collect(count: 0...4) { () in
      if let command = try? machine.command(next).generate(source) { try? command.apply(to: &next) }
    }
    let changed = pool.distinctOrNone(of: next.itemIdentifiers, max: 2)
    let layout = next.layout.map { FullScript.Layout(section: $0.section, items: $0.items) }
    return .apply(layout, changed: changed)
  }

  /// A section apply: an existing section's tree edited, or a fresh forest.
  func applyTo() -> DataSourceCommand {
    let sections = snapshot.sectionIdentifiers
    let absentSections = (0..<universe.sections).filter { !sections.contains($0) }
    let fresh = source.drawBool(probability: 0.3) || sections.isEmpty
    let section = fresh ? pool.one(of: absentSections, or: 0) : pool.one(of: sections, or: 0)
    var tree = dataSource.snapshot(for: section)
    let present = snapshot.itemIdentifiers
    let absent = (0..<universe.items).filter { !present.contains($0) }
    let machine = SectionScript.machine(universe: universe.items, invalidShare: 0)
    if tree.items.isEmpty {
      var ids = absent
      return .applyTo(Forest.draw(source, fresh: &ids, shape: .init(maxNodes: 8, maxDepth: 3)), section: section)
    }
    _ = source.collect(count: 0...3) { () in
      if let command = try? machine.command(tree).generate(source) { _ = try? command.apply(to: &tree) }
    }
    return .applyTo(Forest(tree), section: section)
  }

  /// A tap on a visible row of an outline section.
  func toggle(invalid: Bool, outlines: [Int]) -> DataSourceCommand {
    let section = pool.one(of: outlines, or: 0)
    let rows = (try? snapshot.itemIdentifiers(inSection: section)) ?? []
    if invalid { return .userToggle(pool.one(of: rows, or: universe.items), in: universe.sections) }
    return .userToggle(pool.one(of: rows, or: universe.items), in: section)
  }

  /// A drag from a row to a drop position (`0...count` in the destination).
  func reorder(invalid: Bool) -> DataSourceCommand {
    let layout = snapshot.layout
    guard !layout.isEmpty else {
      return .userReorder(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 0))
    }
    let filled = layout.indices.filter { !layout[$0].items.isEmpty }
    let from = pool.one(of: filled, or: 0)
    let fromRow = source.index(count: layout[from].items.count)
    let to = source.index(count: layout.count)
    let rows = layout[to].items.count - (to == from ? 1 : 0)
    let toRow = Int(source.drawBiased(upTo: UInt64(max(0, rows))))
    if invalid {
      return .userReorder(
        from: ItemPath(section: from, item: layout[from].items.count),
        to: ItemPath(section: layout.count, item: toRow))
    }
    return .userReorder(from: ItemPath(section: from, item: fromRow), to: ItemPath(section: to, item: toRow))
  }
}
