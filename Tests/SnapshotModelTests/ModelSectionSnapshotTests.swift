import SnapshotCore
import Testing

@testable import SnapshotModel

/// Model-specific tests of `ModelSectionSnapshot`: exhaustive small scope
/// against definitions computed independently here, invariants along
/// scripted sequences, value semantics, and planted corruption.
@Suite struct ModelSectionSnapshotTests {
  typealias T = ModelSectionSnapshot<String>

  /// A 7-node tree of depth 3, as (item, parent) in pre-order:
  /// `a(a1, a2(x, y)), b(b1)`.
  static let shape: [(item: String, parent: String?)] = [
    ("a", nil), ("a1", "a"), ("a2", "a"), ("x", "a2"), ("y", "a2"),
    ("b", nil), ("b1", "b"),
  ]

  static func makeTree() throws -> T {
    var tree = T()
    for (item, parent) in shape { try tree.append([item], to: parent) }
    return tree
  }

  /// The ancestors of `item`, nearest first, from the shape table.
  static func ancestors(of item: String) -> [String] {
    var result: [String] = []
    var current = shape.first { $0.item == item }?.parent
    while let parent = current {
      result.append(parent)
      current = shape.first { $0.item == parent }?.parent
    }
    return result
  }

  /// The items of `item`'s subtree, itself included, from the shape table.
  static func subtree(of item: String) -> [String] {
    shape.map(\.item).filter { $0 == item || ancestors(of: $0).contains(item) }
  }

  /// Every one of the 2⁷ expanded sets gives exactly the visible items the
  /// definition says: those whose ancestors are all expanded.
  @Test func everyExpansionSubsetGivesTheDefinedVisibleItems() throws {
    let base = try Self.makeTree()
    let all = Self.shape.map(\.item)
    #expect(base.items == all)
    for mask in 0..<(1 << all.count) {
      let subset = all.indices.filter { mask & (1 << $0) != 0 }.map { all[$0] }
      var tree = base
      tree.expand(subset)
      let expected = all.filter { item in
        Self.ancestors(of: item).allSatisfy { subset.contains($0) }
      }
      #expect(tree.visibleItems == expected, "expanded \(subset)")
      #expect(tree.expandedItems == subset, "expanded \(subset)")
      for item in all {
        #expect(try tree.isVisible(item) == expected.contains(item), "\(item) in \(subset)")
        #expect(try tree.isExpanded(item) == subset.contains(item), "\(item) in \(subset)")
      }
      let rows = all.map { item in
        let indent = String(repeating: "  ", count: Self.ancestors(of: item).count)
        let flag = subset.contains(item) ? "+" : "-"
        let visible = expected.contains(item) ? "*" : " "
        return "\(indent)\(flag)\(visible) \(item)"
      }
      let picture = ([T.visualDescriptionHeader] + rows + [">"]).joined(separator: "\n")
      #expect(tree.visualDescription() == picture, "expanded \(subset)")
      var collapsed = tree
      collapsed.collapse(subset)
      #expect(collapsed == base)
      #expect(tree.invariantViolations() == [])
    }
  }

  @Test func levelsAndParentsMatchTheShape() throws {
    let tree = try Self.makeTree()
    for (item, parent) in Self.shape {
      #expect(try tree.parent(of: item) == parent)
      #expect(try tree.level(of: item) == Self.ancestors(of: item).count)
      #expect(tree.index(of: item) == Self.shape.firstIndex { $0.item == item })
    }
  }

  /// `snapshot(of:)` is the slice of `items` covering the subtree (B.8 #9).
  @Test func everySubtreeExtraction() throws {
    var tree = try Self.makeTree()
    tree.expand(["a2", "b1", "x"])
    for item in tree.items {
      let subtree = Self.subtree(of: item)
      let below = try tree.snapshot(of: item)
      let withParent = try tree.snapshot(of: item, includingParent: true)
      #expect(below.items == Array(subtree.dropFirst()), "\(item)")
      #expect(withParent.items == subtree, "\(item)")
      let flags = tree.expandedItems
      #expect(withParent.expandedItems == flags.filter(subtree.contains))
      #expect(below.expandedItems == flags.filter(subtree.dropFirst().contains))
    }
  }

  /// `delete` removes exactly the subtree, flags included (B.8 #8).
  @Test func everySubtreeDeletion() throws {
    var base = try Self.makeTree()
    base.expand(["a", "a2", "b1", "x"])
    for item in base.items {
      var tree = base
      try tree.delete([item])
      let subtree = Self.subtree(of: item)
      #expect(tree.items == base.items.filter { !subtree.contains($0) }, "\(item)")
      #expect(tree.expandedItems == base.expandedItems.filter { !subtree.contains($0) })
      #expect(tree.invariantViolations() == [])
    }
  }

  /// `insert(after:)` puts the new items right after the subtree (B.8 #10),
  /// `insert(before:)` right before the item.
  @Test func everyInsertionPoint() throws {
    let base = try Self.makeTree()
    for item in base.items {
      let subtree = Self.subtree(of: item)
      guard let start = base.index(of: item) else { continue }
      var after = base
      try after.insert(["n"], after: item)
      #expect(after.index(of: "n") == start + subtree.count, "\(item)")
      #expect(try after.parent(of: "n") == base.parent(of: item))
      var before = base
      try before.insert(["n"], before: item)
      #expect(before.index(of: "n") == start, "\(item)")
      #expect(try before.level(of: "n") == base.level(of: item))
    }
  }

  @Test func invariantsHoldAlongAScript() throws {
    var tree = T()
    var graft = T()
    try graft.append(["p", "q"])
    try graft.append(["r"], to: "p")
    graft.expand(["p"])
    let steps: [(String, (inout T) throws -> Void)] = [
      ("append roots", { try $0.append(["a", "b", "c"]) }),
      ("append children", { try $0.append(["a1", "a2"], to: "a") }),
      ("expand", { $0.expand(["a", "a2", "zz"]) }),
      ("insert before", { try $0.insert(["a0"], before: "a1") }),
      ("insert after", { try $0.insert(["d"], after: "c") }),
      ("insert snapshot", { try $0.insert(graft, after: "a2") }),
      ("failed append", { _ = try? $0.append(["p"], to: "b") }),
      (
        "failed graft",
        {
          _ = try? $0.replace(childrenOf: "b", using: graft.snapshot(of: "p"))
        }
      ),
      (
        "replace",
        {
          let own = try $0.snapshot(of: "a2", includingParent: true)
          try $0.replace(childrenOf: "a", using: own)
        }
      ),
      ("failed replace", { _ = try? $0.replace(childrenOf: "c", using: graft) }),
      ("collapse", { $0.collapse(["a"]) }),
      ("delete", { try $0.delete(["a2", "p", "d"]) }),
      ("failed delete", { _ = try? $0.delete(["a", "zz"]) }),
      ("delete all", { $0.deleteAll() }),
    ]
    for (name, step) in steps {
      try step(&tree)
      #expect(tree.invariantViolations() == [], "after \(name): \(tree)")
      let items = tree.items
      for item in items {
        if let parent = try tree.parent(of: item) {
          #expect(try tree.level(of: item) == tree.level(of: parent) + 1)
          #expect(try tree.snapshot(of: parent).rootItems.contains(item))
        }
      }
    }
    #expect(tree == T())
  }

  @Test func scriptStatesByDescription() throws {
    var tree = T()
    try tree.append(["a", "b"])
    try tree.append(["a1"], to: "a")
    tree.expand(["a", "b"])
    #expect(tree.description == "+a(a1), +b")
    try tree.replace(childrenOf: "a", using: tree.snapshot(of: "a"))
    #expect(tree.description == "+a(a1), +b")
    try tree.delete(["a1"])
    #expect(tree.description == "+a, +b")
    #expect(T().description == "(empty)")
  }

  @Test func copiesAreIndependent() throws {
    let original = try Self.makeTree()
    var copy = original
    copy.expand(["a"])
    try copy.delete(["a2"])
    try copy.append(["n"], to: "b1")
    #expect(original.items == Self.shape.map(\.item))
    #expect(original.expandedItems == [])
    #expect(copy.items == ["a", "a1", "b", "b1", "n"])
  }

  /// Planted corruption: the checker must see each kind of broken state.
  @Test func invariantViolationsCatchCorruption() throws {
    let base = try Self.makeTree()
    #expect(base.invariantViolations() == [])

    var twice = base
    twice.roots[1].children.append(T.Node("x"))
    #expect(twice.invariantViolations() == ["item x appears twice in the tree"])

    var staleFlag = base
    staleFlag.expanded = ["a", "q", "a"]
    #expect(
      staleFlag.invariantViolations() == [
        "expanded set lists a twice",
        "expanded set lists q, which is missing",
      ])
  }
}
