import SnapshotCore
import Testing

@testable import SnapshotModel

/// Exhaustive small scope for `ModelDataSource`: every small outline, carried
/// through every full apply of a four-item universe, toggled on every row,
/// and dragged from every row to every position.
@Suite struct ModelDataSourceExhaustiveTests {
  typealias Fixture = DataSourceFixture

  /// Every forest shape over `a, b, c` listed here, with every subset of its
  /// parents expanded: 11 trees.
  static let trees: [Fixture.Tree] = {
    let shapes: [([String], KeyValuePairs<String, [String]>, [String])] = [
      (["a", "b", "c"], [:], []),
      (["a", "c"], ["a": ["b"]], ["a"]),
      (["a"], ["a": ["b", "c"]], ["a"]),
      (["a"], ["a": ["b"], "b": ["c"]], ["a", "b"]),
      (["a", "b"], ["b": ["c"]], ["b"]),
    ]
    return shapes.flatMap { roots, children, parents in
      subsets(of: parents).map { Fixture.tree(roots, children: children, expanded: $0) }
    }
  }()

  static func subsets(of list: [String]) -> [[String]] {
    guard let first = list.first else { return [[]] }
    let rest = subsets(of: Array(list.dropFirst()))
    return rest + rest.map { [first] + $0 }
  }

  /// Section `A` backed by `tree`; section `B` flat `[d, e]`.
  static func dataSource(_ tree: Fixture.Tree) -> Fixture.DataSource {
    var dataSource = Fixture.dataSource(["A": [], "B": ["d", "e"]])
    _ = dataSource.apply(tree, to: "A")
    return dataSource
  }

  @Test func theTreeListHasTheExpectedSize() {
    #expect(Self.trees.count == 11)
  }

  @Test(arguments: 0..<11)
  func everyFullApplyCarriesTheOutlineSoundly(treeIndex: Int) {
    let tree = Self.trees[treeIndex]
    let layouts = [["A", "B"], ["B", "A"], ["A"]].flatMap {
      LayoutFixture.layouts(items: ["a", "b", "c", "d"], sections: $0, subsets: false)
    }
    for layout in layouts {
      var dataSource = Self.dataSource(tree)
      Fixture.checked(&dataSource) { $0.apply(layout) }
      let items = (try? layout.itemIdentifiers(inSection: "A")) ?? []
      if items == tree.visibleItems {
        #expect(dataSource.snapshot(for: "A") == tree, "kept: \(LayoutFixture.text(layout))")
      }
      if dataSource.sectionsWithStoredSnapshots.contains("A") {
        #expect(dataSource.snapshot(for: "A").visibleItems == items)
      } else {
        #expect(dataSource.snapshot(for: "A").items == items)
      }
    }
  }

  @Test(arguments: 0..<11)
  func togglingEveryRowTwiceRestoresTheOutline(treeIndex: Int) throws {
    let tree = Self.trees[treeIndex]
    for row in tree.visibleItems {
      var dataSource = Self.dataSource(tree)
      let before = dataSource.snapshot()
      var outcomes: [ToggleOutcome] = []
      for _ in 0..<2 {
        Fixture.checked(&dataSource) { dataSource in
          let outcome = try! dataSource.userToggle(row, in: "A")
          outcomes.append(outcome)
          switch outcome {
          case .expanded(let changeset), .collapsed(let changeset): return changeset
          case .vetoed, .ignored: return Changeset()
          }
        }
      }
      let kinds = outcomes.map { outcome in
        switch outcome {
        case .expanded: return "expanded"
        case .collapsed: return "collapsed"
        case .vetoed: return "vetoed"
        case .ignored: return "ignored"
        }
      }
      let wasExpanded = try tree.isExpanded(row)
      #expect(kinds == (wasExpanded ? ["collapsed", "expanded"] : ["expanded", "collapsed"]))
      #expect(dataSource.snapshot() == before, "row \(row) of \(tree.visualDescription())")
      #expect(dataSource.snapshot(for: "A") == tree)
    }
  }

  @Test(arguments: 0..<11)
  func everyDragLandsWhereTheCoordinatesSay(treeIndex: Int) throws {
    let tree = Self.trees[treeIndex]
    let rows = [tree.visibleItems, ["d", "e"]]
    for (sourceSection, sourceRows) in rows.enumerated() {
      for (sourceIndex, item) in sourceRows.enumerated() {
        let piece =
          sourceSection == 0
          ? try tree.snapshot(of: item, includingParent: true) : Fixture.tree([item])
        let dragged = piece.visibleItems
        for destinationSection in 0...2 {
          let remaining =
            destinationSection < 2
            ? rows[destinationSection].filter { !dragged.contains($0) } : []
          for destinationIndex in 0...(remaining.count + 1) {
            try checkDrag(
              tree, from: ItemPath(section: sourceSection, item: sourceIndex),
              to: ItemPath(section: destinationSection, item: destinationIndex),
              piece: piece, remaining: remaining)
          }
        }
      }
    }
  }

  /// One drag: it throws exactly for a bad destination, is refused exactly
  /// for a parent dropped in the flat section, and otherwise puts the piece
  /// at the row `destination` names, subtree and flags included.
  func checkDrag(
    _ tree: Fixture.Tree, from source: ItemPath, to destination: ItemPath,
    piece: Fixture.Tree, remaining: [String]
  ) throws {
    var dataSource = Self.dataSource(tree)
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let before = dataSource.snapshot()
    let label = "\(source) → \(destination) in \(tree.visualDescription())"
    guard destination.section < 2, destination.item <= remaining.count else {
      #expect(throws: SnapshotError.indexPathOutOfRange(destination), "\(label)") {
        try dataSource.userReorder(from: source, to: destination)
      }
      #expect(dataSource.snapshot() == before)
      return
    }
    let transaction = try dataSource.userReorder(from: source, to: destination)
    let item = piece.rootItems[0]
    if destination.section == 1 && piece.items.count > 1 {
      #expect(transaction == nil, "\(label)")
      #expect(dataSource.snapshot() == before)
      return
    }
    ModelDataSourceReorderTests.checkTransaction(transaction, of: dataSource)
    let section = destination.section == 0 ? "A" : "B"
    let rows = Fixture.rows(dataSource, section)
    #expect(rows.firstIndex(of: item) == destination.item, "\(label)")
    #expect(rows.filter { !piece.visibleItems.contains($0) } == remaining, "\(label)")
    if destination.section == 0 {
      let moved = try dataSource.snapshot(for: "A").snapshot(of: item, includingParent: true)
      #expect(moved == piece, "\(label)")
    }
  }
}
