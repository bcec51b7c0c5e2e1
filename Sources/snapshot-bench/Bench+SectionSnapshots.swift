import Generators
import SnapshotCore
import SnapshotEngine

typealias Tree = EngineSectionSnapshot<Int>

/// 1,000 roots × 9 children × 10 grandchildren = 100,000 nodes; roots and
/// children expanded, so every node is visible.
func buildTree(roots: Int) -> Tree {
  var tree = Tree()
  try? tree.append(Array(0..<roots))
  var next = roots
  var parents: [Int] = []
  for root in 0..<roots {
    let children = Array(next..<(next + 9))
    next += 9
    try? tree.append(children, to: root)
    parents.append(contentsOf: children)
  }
  for parent in parents {
    try? tree.append(Array(next..<(next + 10)), to: parent)
    next += 10
  }
  tree.expand(Array(0..<(roots * 10)))
  return tree
}

extension Bench {
  mutating func runSectionSnapshotOperations() {
    guard wants("tree") else { return }
    let roots = 1_000
    let base = buildTree(roots: roots)
    let nodes = base.count
    let build = measure(runs: engineRuns) { blackHole(buildTree(roots: roots)) }
    record(CaseResult(name: "tree build 100k", kind: .operation, items: nodes, engine: build))

    /// A uniquely referenced copy of `base`, caches cold.
    func freshCopy() -> Tree {
      var copy = base
      copy.collapse([0])
      copy.expand([0])
      return copy
    }
    let visible = measure(runs: engineRuns, setup: freshCopy) { tree in
      blackHole(tree.visibleItems)
    }
    record(
      CaseResult(name: "tree visibleItems 100k", kind: .operation, items: nodes, engine: visible))

    var rng = SplitMix64(seed: 5)
    let parents = (0..<1_000).map { _ in rng.below(roots * 10) }
    let toggles = measure(runs: engineRuns, setup: freshCopy) { tree in
      for parent in parents {
        if (try? tree.isExpanded(parent)) == true {
          tree.collapse([parent])
        } else {
          tree.expand([parent])
        }
      }
    }
    record(CaseResult(name: "tree 1,000 toggles", kind: .operation, items: nodes, engine: toggles))

    let doomed = rng.sample(10, of: roots)
    let delete = measure(runs: engineRuns, setup: freshCopy) { tree in
      try? tree.delete(doomed)
    }
    record(
      CaseResult(
        name: "tree delete 10 subtrees (1,000)", kind: .operation, items: nodes, engine: delete))

    let sources = rng.sample(100, of: roots)
    let extract = measure(runs: engineRuns) {
      for root in sources { blackHole(try? base.snapshot(of: root, includingParent: true)) }
    }
    record(
      CaseResult(
        name: "tree snapshot(of:) x100 (100 each)", kind: .operation, items: nodes, engine: extract)
    )
  }
}
