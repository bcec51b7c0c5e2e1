import SnapshotCore
import SnapshotEngine
import Testing

@Suite struct EngineSectionSnapshotTests {
  typealias Tree = EngineSectionSnapshot<String>

  /// roots [0, 3], children(0) = [1, 2] (the header diagram).
  func diagram() throws -> Tree {
    var tree = Tree()
    try tree.append(["0", "3"])
    try tree.append(["1", "2"], to: "0")
    return tree
  }

  @Test func insertAfterGoesAfterTheSubtree() throws {
    var tree = try diagram()
    try tree.insert(["X"], after: "0")
    #expect(tree.items == ["0", "1", "2", "X", "3"])
    #expect(tree.rootItems == ["0", "X", "3"])
    #expect(tree.index(of: "X") == 3)
    #expect(try tree.level(of: "2") == 1)
    #expect(try tree.parent(of: "2") == "0")
    #expect(tree.invariantViolations().isEmpty)
  }

  @Test func visibilityFollowsAncestors() throws {
    var tree = try diagram()
    try tree.append(["1a"], to: "1")
    #expect(tree.visibleItems == ["0", "3"])
    tree.expand(["0", "1", "missing"])
    #expect(tree.visibleItems == ["0", "1", "1a", "2", "3"])
    tree.collapse(["0"])
    #expect(tree.visibleItems == ["0", "3"])
    #expect(try tree.isExpanded("1"))
    tree.expand(["0"])
    #expect(tree.visibleItems == ["0", "1", "1a", "2", "3"])
    #expect(tree.expandedItems == ["0", "1"])
  }

  @Test func errorsAndAtomicity() throws {
    var tree = try diagram()
    let before = tree
    try tree.append([], to: "nope")
    #expect(throws: SnapshotError.parentNotFound("nope")) { try tree.append(["x"], to: "nope") }
    #expect(throws: SnapshotError.treeDuplicate(["1", "x"])) {
      try tree.append(["x", "1", "x"], to: "3")
    }
    #expect(throws: SnapshotError.deleteMissing("q")) { try tree.delete(["1", "q"]) }
    #expect(throws: SnapshotError.itemNotFound("q")) { try tree.level(of: "q") }
    var other = Tree()
    try other.append(["9", "3"])
    #expect(throws: SnapshotError.treeDuplicate(["3"])) {
      try tree.replace(childrenOf: "0", using: other)
    }
    #expect(tree == before)
  }

  @Test func subtreesTravelWithFlags() throws {
    var tree = try diagram()
    try tree.append(["1a"], to: "1")
    tree.expand(["1", "0"])
    let sub = try tree.snapshot(of: "0")
    #expect(sub.items == ["1", "1a", "2"])
    #expect(sub.rootItems == ["1", "2"])
    #expect(try sub.isExpanded("1"))
    #expect(try sub.level(of: "1a") == 1)
    let withParent = try tree.snapshot(of: "0", includingParent: true)
    #expect(withParent.rootItems == ["0"] && withParent.items.count == 4)
    try tree.delete(["1"])
    #expect(tree.items == ["0", "2", "3"])
    #expect(throws: SnapshotError.treeDuplicate(["2"])) { try tree.insert(sub, after: "3") }
    try tree.delete(["2"])
    try tree.insert(sub, after: "0")
    #expect(tree.items == ["0", "1", "1a", "2", "3"])
    #expect(tree.visibleItems == ["0", "1", "1a", "2", "3"])
    #expect(try tree.level(of: "1a") == 1)
  }

  @Test func replaceMayReuseFormerChildren() throws {
    var tree = try diagram()
    var replacement = Tree()
    try replacement.append(["2", "n"])
    try replacement.append(["1"], to: "n")
    replacement.expand(["n"])
    try tree.replace(childrenOf: "0", using: replacement)
    #expect(tree.items == ["0", "2", "n", "1", "3"])
    #expect(try tree.level(of: "1") == 2)
    #expect(try tree.isExpanded("n"))
    #expect(tree.invariantViolations().isEmpty)
  }
}
