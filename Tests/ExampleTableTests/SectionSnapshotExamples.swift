import SnapshotCore
import Testing

/// Example tables for every section-snapshot operation (semantics part B),
/// generic over `SectionSnapshotProtocol` so the same cases run against
/// every implementation: add one `@Test` line per example to a suite for it.
enum SectionSnapshotExamples {
  private typealias U = SectionSnapshotSupport

  // MARK: Derived views (B.2)

  static func emptySnapshot<T: SectionSnapshotProtocol>(_ type: T.Type)
  where T.ItemIdentifier == String {
    let snapshot = T()
    #expect(snapshot.items == [])
    #expect(snapshot.rootItems == [])
    #expect(snapshot.visibleItems == [])
    #expect(snapshot.expandedItems == [])
    #expect(snapshot.index(of: "a") == nil)
    #expect(!snapshot.contains("a"))
    #expect(snapshot.invariantViolations() == [])
    #expect(snapshot == T())
  }

  /// `items` is the pre-order traversal, collapsed descendants included.
  static func itemsAndRoots<T: SectionSnapshotProtocol>(_ type: T.Type)
  where T.ItemIdentifier == String {
    let snapshot = U.make(type, U.standard)
    #expect(snapshot.items == ["a", "a1", "a2", "x", "y", "b", "b1", "z", "c"])
    #expect(snapshot.rootItems == ["a", "b", "c"])
    U.expectTree(snapshot, U.standard)
  }

  /// Visible means every ancestor is expanded; roots are always visible.
  static func visibleItems<T: SectionSnapshotProtocol>(_ type: T.Type)
  where T.ItemIdentifier == String {
    let table: [(tree: String, visible: [String])] = [
      ("", []),
      ("a, b, c", ["a", "b", "c"]),
      ("a(a1, a2(x)), b", ["a", "b"]),
      ("+a(a1, a2(x)), b", ["a", "a1", "a2", "b"]),
      ("+a(a1, +a2(x)), b", ["a", "a1", "a2", "x", "b"]),
      ("a(a1, +a2(x)), b", ["a", "b"]),
      ("+a(+a1, +a2), +b", ["a", "a1", "a2", "b"]),
      (U.standard, ["a", "a1", "a2", "x", "y", "b", "c"]),
      ("+a(+b(+c(+d)))", ["a", "b", "c", "d"]),
      ("+a(+b(c(+d)))", ["a", "b", "c"]),
    ]
    for row in table {
      #expect(U.make(type, row.tree).visibleItems == row.visible, "\(row.tree)")
    }
  }

  /// The expanded items, in `items` order, whatever the order of expansion.
  static func expandedItems<T: SectionSnapshotProtocol>(_ type: T.Type)
  where T.ItemIdentifier == String {
    #expect(U.make(type, U.standard).expandedItems == ["a", "a2", "b1", "c"])
    var snapshot = U.make(type, "a(a1, a2), b")
    snapshot.expand(["b", "a2", "a"])
    #expect(snapshot.expandedItems == ["a", "a2", "b"])
  }

  /// `index(of:)` is the position in `items`, hidden items included.
  static func indexOf<T: SectionSnapshotProtocol>(_ type: T.Type)
  where T.ItemIdentifier == String {
    let snapshot = U.make(type, U.standard)
    let table: [(String, Int?)] = [
      ("a", 0), ("a1", 1), ("x", 3), ("b", 5), ("b1", 6), ("z", 7), ("c", 8), ("q", nil),
    ]
    for (item, index) in table {
      #expect(snapshot.index(of: item) == index, "\(item)")
    }
  }

  static func levelAndParent<T: SectionSnapshotProtocol>(_ type: T.Type) throws
  where T.ItemIdentifier == String {
    let snapshot = U.make(type, U.standard)
    let table: [(String, Int, String?)] = [
      ("a", 0, nil), ("a1", 1, "a"), ("a2", 1, "a"), ("x", 2, "a2"), ("y", 2, "a2"),
      ("b", 0, nil), ("b1", 1, "b"), ("z", 2, "b1"), ("c", 0, nil),
    ]
    for (item, level, parent) in table {
      #expect(try snapshot.level(of: item) == level, "\(item)")
      #expect(try snapshot.parent(of: item) == parent, "\(item)")
    }
  }

  static func containsExpandedVisible<T: SectionSnapshotProtocol>(_ type: T.Type) throws
  where T.ItemIdentifier == String {
    let snapshot = U.make(type, U.standard)
    let table: [(String, expanded: Bool, visible: Bool)] = [
      ("a", true, true), ("a1", false, true), ("a2", true, true), ("x", false, true),
      ("b", false, true), ("b1", true, false), ("z", false, false), ("c", true, true),
    ]
    for (item, expanded, visible) in table {
      #expect(snapshot.contains(item), "\(item)")
      #expect(try snapshot.isExpanded(item) == expanded, "\(item)")
      #expect(try snapshot.isVisible(item) == visible, "\(item)")
    }
    #expect(!snapshot.contains("q"))
  }

  /// `snapshot(of:)` re-bases levels and copies the flags of the copied
  /// items, the parent's own when it is included.
  static func snapshotOfParent<T: SectionSnapshotProtocol>(_ type: T.Type) throws
  where T.ItemIdentifier == String {
    let snapshot = U.make(type, U.standard)
    let table: [(parent: String, including: Bool, result: String)] = [
      ("a", false, "a1, +a2(x, y)"),
      ("a", true, "+a(a1, +a2(x, y))"),
      ("a2", false, "x, y"),
      ("a2", true, "+a2(x, y)"),
      ("b", false, "+b1(z)"),
      ("b", true, "b(+b1(z))"),
      ("c", false, ""),
      ("c", true, "+c"),
      ("x", true, "x"),
    ]
    for row in table {
      let part = try snapshot.snapshot(of: row.parent, includingParent: row.including)
      U.expectTree(part, row.result)
    }
    let children = try snapshot.snapshot(of: "a")
    #expect(try children.level(of: "x") == 1)
    #expect(try children.parent(of: "a1") == nil)
    #expect(children.visibleItems == ["a1", "a2", "x", "y"])
    #expect(try snapshot.snapshot(of: "b").visibleItems == ["b1", "z"])
  }

  static func visualDescription<T: SectionSnapshotProtocol>(_ type: T.Type)
  where T.ItemIdentifier == String {
    let expected = """
      <NSDiffableDataSourceSectionSnapshot: 0x0
      +* a
        -* a1
        +* a2
          -* x
          -* y
      -* b
        +  b1
          -  z
      +* c
      >
      """
    #expect(U.make(type, U.standard).visualDescription() == expected)
    #expect(T().visualDescription() == "<NSDiffableDataSourceSectionSnapshot: 0x0\n>")
  }

  /// Same roots, same child lists, same expanded set (in any order).
  static func equality<T: SectionSnapshotProtocol>(_ type: T.Type)
  where T.ItemIdentifier == String {
    let base = U.make(type, "+a(a1, +a2), b")
    var sameSet = U.make(type, "a(a1, a2), b")
    sameSet.expand(["a2"])
    sameSet.expand(["a"])
    #expect(sameSet == base)
    #expect(U.make(type, "+a(+a2, a1), b") != base)
    #expect(U.make(type, "+a(a1), +a2, b") != base)
    #expect(U.make(type, "+a(a1, +a2(b))") != base)
    #expect(U.make(type, "+a(a1, a2), b") != base)
    #expect(U.make(type, "+a(a1, +a2), +b") != base)
    #expect(U.make(type, "b, +a(a1, +a2)") != base)
  }

  // MARK: append

  static func append<T: SectionSnapshotProtocol>(_ type: T.Type) throws
  where T.ItemIdentifier == String {
    let table: [(start: String, items: [String], parent: String?, result: String)] = [
      ("", ["a", "b"], nil, "a, b"),
      ("+a(a1), b", ["c"], nil, "+a(a1), b, c"),
      ("+a(a1), b", ["a2", "a3"], "a", "+a(a1, a2, a3), b"),
      ("+a(a1), b", ["b1"], "b", "+a(a1), b(b1)"),
      ("+a(a1), b", ["x"], "a1", "+a(a1(x)), b"),
      ("+a(a1), b", [], "a", "+a(a1), b"),
      ("+a(a1), b", [], "q", "+a(a1), b"),
    ]
    for row in table {
      var snapshot = U.make(type, row.start)
      try snapshot.append(row.items, to: row.parent)
      U.expectTree(snapshot, row.result)
    }
  }

  /// A childless item may be expanded; children added later are visible at
  /// once. New items start collapsed.
  static func appendUnderExpandedChildlessItem<T: SectionSnapshotProtocol>(_ type: T.Type) throws
  where T.ItemIdentifier == String {
    var snapshot = U.make(type, "a, b")
    snapshot.expand(["b"])
    #expect(try snapshot.isExpanded("b"))
    try snapshot.append(["b1", "b2"], to: "b")
    #expect(snapshot.visibleItems == ["a", "b", "b1", "b2"])
    #expect(try !snapshot.isExpanded("b1"))
    U.expectTree(snapshot, "a, +b(b1, b2)")
  }

  // MARK: insert items

  static func insertBefore<T: SectionSnapshotProtocol>(_ type: T.Type) throws
  where T.ItemIdentifier == String {
    let table: [(start: String, items: [String], before: String, result: String)] = [
      ("0(1, 2), 3", ["X"], "0", "X, 0(1, 2), 3"),
      ("0(1, 2), 3", ["X", "Y"], "3", "0(1, 2), X, Y, 3"),
      ("0(1, 2), 3", ["X"], "2", "0(1, X, 2), 3"),
      ("0(1(4)), 3", ["X"], "4", "0(1(X, 4)), 3"),
    ]
    for row in table {
      var snapshot = U.make(type, row.start)
      try snapshot.insert(row.items, before: row.before)
      U.expectTree(snapshot, row.result)
    }
  }

  /// The header diagram: after `0`, which has children, the new item comes
  /// after `0`'s whole subtree in `items`, at `0`'s level.
  static func insertAfter<T: SectionSnapshotProtocol>(_ type: T.Type) throws
  where T.ItemIdentifier == String {
    var diagram = U.make(type, "0(1, 2), 3")
    try diagram.insert(["X"], after: "0")
    #expect(diagram.rootItems == ["0", "X", "3"])
    #expect(diagram.items == ["0", "1", "2", "X", "3"])
    let table: [(start: String, items: [String], after: String, result: String)] = [
      ("0(1, 2), 3", ["X"], "0", "0(1, 2), X, 3"),
      ("0(1, 2), 3", ["X", "Y"], "3", "0(1, 2), 3, X, Y"),
      ("0(1, 2), 3", ["X"], "1", "0(1, X, 2), 3"),
      ("+0(+1(4)), 3", ["X"], "1", "+0(+1(4), X), 3"),
    ]
    for row in table {
      var snapshot = U.make(type, row.start)
      try snapshot.insert(row.items, after: row.after)
      U.expectTree(snapshot, row.result)
    }
  }

  /// Empty arrays validate nothing (U-empty).
  static func insertNothing<T: SectionSnapshotProtocol>(_ type: T.Type)
  where T.ItemIdentifier == String {
    let snapshot = U.make(type, U.standard)
    U.expectNoOp(on: snapshot) { try $0.append([], to: "q") }
    U.expectNoOp(on: snapshot) { try $0.insert([], before: "q") }
    U.expectNoOp(on: snapshot) { try $0.insert([], after: "q") }
    U.expectNoOp(on: snapshot) { try $0.insert(T(), before: "q") }
    U.expectNoOp(on: snapshot) { try $0.insert(T(), after: "q") }
    U.expectNoOp(on: snapshot) { try $0.insert([], after: "a") }
    U.expectNoOp(on: snapshot) { try $0.delete([]) }
  }

  // MARK: insert snapshot

  /// The inserted snapshot's roots become siblings; subtrees and flags come
  /// along.
  static func insertSnapshotBefore<T: SectionSnapshotProtocol>(_ type: T.Type) throws
  where T.ItemIdentifier == String {
    let graft = U.make(type, "+p(q, +r(s)), t")
    let table: [(start: String, before: String, result: String)] = [
      ("+a(a1), b", "a", "+p(q, +r(s)), t, +a(a1), b"),
      ("+a(a1), b", "a1", "+a(+p(q, +r(s)), t, a1), b"),
      ("+a(a1), b", "b", "+a(a1), +p(q, +r(s)), t, b"),
    ]
    for row in table {
      var snapshot = U.make(type, row.start)
      try snapshot.insert(graft, before: row.before)
      U.expectTree(snapshot, row.result)
    }
  }

  static func insertSnapshotAfter<T: SectionSnapshotProtocol>(_ type: T.Type) throws
  where T.ItemIdentifier == String {
    let graft = U.make(type, "+p(q, +r(s)), t")
    let table: [(start: String, after: String, result: String)] = [
      ("+a(a1), b", "a", "+a(a1), +p(q, +r(s)), t, b"),
      ("+a(a1), b", "a1", "+a(a1, +p(q, +r(s)), t), b"),
      ("+a(a1), b", "b", "+a(a1), b, +p(q, +r(s)), t"),
    ]
    for row in table {
      var snapshot = U.make(type, row.start)
      try snapshot.insert(graft, after: row.after)
      U.expectTree(snapshot, row.result)
    }
    var snapshot = U.make(type, "+a(a1), b")
    try snapshot.insert(graft, after: "a1")
    #expect(snapshot.visibleItems == ["a", "a1", "p", "q", "r", "s", "t", "b"])
  }

  // MARK: delete, deleteAll

  static func delete<T: SectionSnapshotProtocol>(_ type: T.Type) throws
  where T.ItemIdentifier == String {
    let table: [(items: [String], result: String)] = [
      (["a"], "b(+b1(z)), +c"),
      (["a2"], "+a(a1), b(+b1(z)), +c"),
      (["x", "y"], "+a(a1, +a2), b(+b1(z)), +c"),
      (["b1"], "+a(a1, +a2(x, y)), b, +c"),
      (["z", "z"], "+a(a1, +a2(x, y)), b(+b1), +c"),
      (["a2", "a", "x"], "b(+b1(z)), +c"),
      (["x", "a2"], "+a(a1), b(+b1(z)), +c"),
      (["a", "b", "c"], ""),
    ]
    for row in table {
      var snapshot = U.make(type, U.standard)
      try snapshot.delete(row.items)
      U.expectTree(snapshot, row.result)
    }
  }

  /// Deleted items lose their flags: re-inserted, they come back collapsed.
  static func reinsertedItemsComeBackCollapsed<T: SectionSnapshotProtocol>(_ type: T.Type) throws
  where T.ItemIdentifier == String {
    var snapshot = U.make(type, U.standard)
    try snapshot.delete(["a2", "b"])
    #expect(snapshot.expandedItems == ["a", "c"])
    try snapshot.append(["a2", "b1"], to: "a")
    try snapshot.append(["b"])
    U.expectTree(snapshot, "+a(a1, a2, b1), +c, b")
    #expect(try !snapshot.isExpanded("a2"))
    #expect(try !snapshot.isExpanded("b1"))
  }

  static func deleteAll<T: SectionSnapshotProtocol>(_ type: T.Type) throws
  where T.ItemIdentifier == String {
    var snapshot = U.make(type, U.standard)
    snapshot.deleteAll()
    U.expectTree(snapshot, "")
    #expect(snapshot.expandedItems == [])
    #expect(snapshot == T())
    try snapshot.append(["a", "c"])
    #expect(snapshot.expandedItems == [])
  }

  // MARK: expand, collapse

  static func expandAndCollapse<T: SectionSnapshotProtocol>(_ type: T.Type)
  where T.ItemIdentifier == String {
    var snapshot = U.make(type, U.standard)
    snapshot.expand(["b", "q", "z"])
    U.expectTree(snapshot, "+a(a1, +a2(x, y)), +b(+b1(+z)), +c")
    #expect(snapshot.visibleItems == snapshot.items)
    snapshot.collapse(["a", "q", "c", "a1"])
    U.expectTree(snapshot, "a(a1, +a2(x, y)), +b(+b1(+z)), c")
    #expect(snapshot.visibleItems == ["a", "b", "b1", "z", "c"])
    snapshot.expand([])
    snapshot.collapse([])
    U.expectTree(snapshot, "a(a1, +a2(x, y)), +b(+b1(+z)), c")
  }

  /// Collapsing an ancestor keeps the flags below it: re-expanding restores
  /// the previous inner layout.
  static func collapseKeepsInnerLayout<T: SectionSnapshotProtocol>(_ type: T.Type)
  where T.ItemIdentifier == String {
    let start = U.make(type, U.standard)
    var snapshot = start
    snapshot.collapse(["a"])
    #expect(snapshot.visibleItems == ["a", "b", "c"])
    #expect(snapshot.expandedItems == ["a2", "b1", "c"])
    snapshot.expand(["a"])
    #expect(snapshot == start)
    #expect(snapshot.visibleItems == start.visibleItems)
  }

  /// Expanding then collapsing is the identity only for an item that was
  /// present and collapsed.
  static func expandThenCollapse<T: SectionSnapshotProtocol>(_ type: T.Type)
  where T.ItemIdentifier == String {
    let start = U.make(type, U.standard)
    for item in start.items {
      var snapshot = start
      snapshot.expand([item])
      snapshot.collapse([item])
      let wasCollapsed = !start.expandedItems.contains(item)
      #expect((snapshot == start) == wasCollapsed, "\(item)")
    }
    var missing = start
    missing.expand(["q"])
    missing.collapse(["q"])
    #expect(missing == start)
  }

  // MARK: replace(childrenOf:using:)

  static func replaceChildren<T: SectionSnapshotProtocol>(_ type: T.Type) throws
  where T.ItemIdentifier == String {
    let table: [(parent: String, graft: String, result: String)] = [
      // Old children, subtrees and flags go; the graft's flags come along.
      ("a", "+p(q), r", "+a(+p(q), r), b(+b1(z)), +c"),
      // The parent's own flag is unchanged, expanded or not.
      ("b", "p", "+a(a1, +a2(x, y)), b(p), +c"),
      ("c", "p, +q", "+a(a1, +a2(x, y)), b(+b1(z)), +c(p, +q)"),
      // An empty replacement leaves the parent childless.
      ("a", "", "+a, b(+b1(z)), +c"),
      // Former children and grandchildren may reappear, with the graft's flags.
      ("a", "a2(a1), +x", "+a(a2(a1), +x), b(+b1(z)), +c"),
      ("b", "z, b1", "+a(a1, +a2(x, y)), b(z, b1), +c"),
      ("x", "+n(m)", "+a(a1, +a2(x(+n(m)), y)), b(+b1(z)), +c"),
    ]
    for row in table {
      var snapshot = U.make(type, U.standard)
      try snapshot.replace(childrenOf: row.parent, using: U.make(type, row.graft))
      U.expectTree(snapshot, row.result)
    }
  }

  /// A mutated copy never changes the original.
  static func valueSemantics<T: SectionSnapshotProtocol>(_ type: T.Type) throws
  where T.ItemIdentifier == String {
    let original = U.make(type, U.standard)
    var copy = original
    try copy.append(["n"], to: "z")
    copy.expand(["b", "z"])
    try copy.delete(["a1"])
    try copy.replace(childrenOf: "a", using: T())
    U.expectTree(original, U.standard)
    copy.deleteAll()
    U.expectTree(original, U.standard)
    var part = try original.snapshot(of: "a")
    part.collapse(["a2"])
    U.expectTree(original, U.standard)
  }
}
