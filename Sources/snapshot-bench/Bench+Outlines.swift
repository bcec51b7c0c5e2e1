import Generators
import SnapshotCore
import SnapshotEngine

/// An outline of `count / 1,000` expanded roots with 1,000 children each
/// (every item visible), as arrays of ids: what an app holds and builds a
/// section snapshot from.
struct OutlineLayout<ID: BenchIdentifier> {
  var roots: [ID]
  /// The children of each root, in `roots` order.
  var children: [[ID]]
  /// The roots shown collapsed.
  var collapsed: [ID] = []

  init(count: Int) {
    let rootCount = max(count / 1_000, 1)
    roots = (0..<rootCount).map(ID.make)
    children = (0..<rootCount).map { root in
      (0..<1_000).map { ID.make(rootCount + root * 1_000 + $0) }
    }
  }

  /// The layout `tree` shows (roots and their children only: the rows'
  /// trees are two levels deep).
  init(of tree: EngineSectionSnapshot<ID>) {
    roots = tree.rootItems
    children = roots.map { (try? tree.children(of: $0)) ?? [] }
    collapsed = roots.filter { (try? tree.isExpanded($0)) == false }
  }

  /// The section snapshot of the layout, built from the arrays as an app
  /// builds it: the roots, each root's children, then the expanded roots.
  func build() -> EngineSectionSnapshot<ID> {
    var tree = EngineSectionSnapshot<ID>()
    try? tree.append(roots, to: nil)
    for (root, items) in zip(roots, children) { try? tree.append(items, to: root) }
    let hidden = Set(collapsed)
    tree.expand(roots.filter { !hidden.contains($0) })
    return tree
  }
}

/// One outline change, applied to a copy of the stored section snapshot.
enum OutlineEdit<ID: BenchIdentifier> {
  case append(ID, to: ID)
  case insert(ID, after: ID)
  case delete(ID)
  case collapse(ID)
  case expand(ID)

  func apply(to tree: inout EngineSectionSnapshot<ID>) {
    switch self {
    case .append(let item, let parent): try? tree.append([item], to: parent)
    case .insert(let item, let anchor): try? tree.insert([item], after: anchor)
    case .delete(let item): try? tree.delete([item])
    case .collapse(let item): tree.collapse([item])
    case .expand(let item): tree.expand([item])
    }
  }

  /// `count` edits at seeded places of `layout`: appends, inserts and
  /// deletes of children in turn, each naming a different child.
  static func script(count: Int, in layout: OutlineLayout<ID>, seed: UInt64) -> [Self] {
    var rng = SplitMix64(seed: seed)
    let perRoot = layout.children.first?.count ?? 0
    let places = rng.sample(count, of: layout.roots.count * perRoot)
    var fresh = layout.roots.count * (perRoot + 1)
    return places.enumerated().map { turn, place in
      let (root, child) = (place / perRoot, place % perRoot)
      let named = layout.children[root][child]
      fresh += 1
      switch turn % 3 {
      case 0: return .append(ID.make(fresh), to: layout.roots[root])
      case 1: return .insert(ID.make(fresh), after: named)
      default: return .delete(named)
      }
    }
  }
}

extension Bench {
  /// The outline rows, at 100k (and 1M unless quick) items, `Int` and
  /// `String` ids: a section snapshot derived from the stored one (a copy
  /// edited) by 1 and 10 edits, by collapsing and by expanding one root of
  /// 1,000 children, each on its own and through the data source
  /// (`snapshot(for:)`, the edit, `apply(_:to:)`), and the data source's
  /// `apply(_:to:)` of the stored tree unchanged; each beside the compare
  /// floor of the old and new visible rows and the same update rebuilt
  /// from arrays.
  mutating func runOutlines() {
    let sizes = quick ? [100_000] : [100_000, 1_000_000]
    var printedHeader = false
    for count in sizes {
      outlineRows(count: count, as: Int.self, printedHeader: &printedHeader)
      outlineRows(count: count, as: String.self, printedHeader: &printedHeader)
    }
  }

  /// The outline rows at `count` items with `ID` ids, the update header
  /// printed before the first.
  mutating func outlineRows<ID: BenchIdentifier>(
    count: Int, as _: ID.Type, printedHeader: inout Bool
  ) {
    let label = count >= 1_000_000 ? "1M" : "\(count / 1_000)k"
    func name(_ what: String, dataSource: Bool) -> String {
      "update \(label) outline \(what)\(dataSource ? ", data source apply(to:)" : "") \(ID.label)"
    }
    // The layouts take seconds to build: none is built for a run that
    // wants none of these rows.
    let whats = [
      "unchanged", "1 edit derived", "10 edits derived", "collapse 1 parent of 1,000 derived",
      "expand 1 parent of 1,000 derived",
    ]
    guard
      whats.contains(where: {
        wants(name($0, dataSource: true)) || wants(name($0, dataSource: false))
      })
    else { return }
    let layout = OutlineLayout<ID>(count: count)
    var folded = layout
    folded.collapsed = [layout.roots[5]]
    let changes: [(String, OutlineLayout<ID>, [OutlineEdit<ID>])] = [
      (whats[0], layout, []),
      (whats[1], layout, OutlineEdit.script(count: 1, in: layout, seed: 91)),
      (whats[2], layout, OutlineEdit.script(count: 10, in: layout, seed: 92)),
      (whats[3], layout, [.collapse(layout.roots[5])]),
      (whats[4], folded, [.expand(layout.roots[5])]),
    ]
    for (what, old, edits) in changes {
      for dataSource in [false, true] where dataSource || !edits.isEmpty {
        let name = name(what, dataSource: dataSource)
        guard wants(name) else { continue }
        if !printedHeader {
          print(Report.updateHeader)
          printedHeader = true
        }
        outlineCase(name, old: old, edits: edits, dataSource: dataSource)
      }
    }
  }

  /// Times one outline row: the engine, the compare floor of the visible
  /// rows and the rebuild from arrays, in `timedRounds`. The data source
  /// is kept from round to round, the old tree applied back off the
  /// clock.
  mutating func outlineCase<ID: BenchIdentifier>(
    _ name: String, old: OutlineLayout<ID>, edits: [OutlineEdit<ID>], dataSource: Bool
  ) {
    let stored = old.build()
    var edited = stored
    for edit in edits { edit.apply(to: &edited) }
    let new = OutlineLayout(of: edited)
    let (oldRows, newRows) = (stored.visibleItems, edited.visibleItems)
    var source = EngineDataSource<Int, ID>()
    _ = source.apply(stored, to: 0)
    // Each timed apply starts from this state again: the data source is a
    // value, so a copy restores it (applying `stored` again would diff and
    // replace every row: untimed work as large as a rebuild, per round).
    let showingStored = source
    var changeset = Changeset()
    let timing = timedRounds(contenders: 3) { contender, times in
      switch (contender, dataSource) {
      case (0, false):
        blackHole(
          timed(&times) { () -> EngineSectionSnapshot<ID> in
            var derived = stored
            for edit in edits { edit.apply(to: &derived) }
            return derived
          })
      case (0, true):
        blackHole(
          timed(&times) { () -> EngineSectionSnapshot<ID> in
            var derived = source.snapshot(for: 0)
            for edit in edits { edit.apply(to: &derived) }
            changeset = source.apply(derived, to: 0)
            return derived
          })
        source = showingStored
      case (1, _):
        blackHole(timed(&times) { compareFloor(oldRows, newRows) })
      case (_, false):
        blackHole(timed(&times) { new.build() })
      case (_, true):
        blackHole(
          timed(&times) { () -> (EngineSectionSnapshot<ID>, Changeset) in
            let built = new.build()
            return (built, source.apply(built, to: 0))
          })
        source = showingStored
      }
    }
    let oldPositions = Dictionary(
      oldRows.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    let kept = newRows.compactMap { oldPositions[$0] }
    record(
      CaseResult(
        name: name, kind: .update, items: stored.count, engine: timing[0], floor: timing[1],
        moves: dataSource ? changeset.itemMoveCount + changeset.sectionMoveCount : nil,
        minimalMoves: dataSource ? kept.count - lisLength(kept) : nil,
        ids: ID.label, content: false, edits: edits.count, derived: true, floorName: "compare",
        rebuild: timing[2]))
  }
}
