import SnapshotCore

/// A section snapshot read into plain nested values (item, expanded flag,
/// children), with the few edits the data-source audits need: the rule
/// audits compute their expected trees on it, sharing no code with any
/// data source or section snapshot type.
struct PlainForest: Equatable {
  /// One item with its flag and children.
  struct Node: Equatable {
    var item: Int
    var expanded: Bool
    var children: [Node]
  }

  var roots: [Node]

  /// `tree` read through the protocol: each item, in pre-order, becomes the
  /// last child of its parent (or the last root).
  init<T: SectionSnapshotProtocol<Int>>(_ tree: T) {
    roots = []
    for item in tree.items {
      let node = Node(item: item, expanded: (try? tree.isExpanded(item)) ?? false, children: [])
      if let parent = (try? tree.parent(of: item)) ?? nil,
        let path = Self.path(of: parent, in: roots)
      {
        Self.modify(&roots, at: path) { $0.children.append(node) }
      } else {
        roots.append(node)
      }
    }
  }

  /// A flat forest whose roots are `items`, collapsed.
  init(flat items: [Int]) {
    roots = items.map { Node(item: $0, expanded: false, children: []) }
  }

  /// Every row a collection view shows: roots, and the children of
  /// expanded items, in pre-order.
  var visibleItems: [Int] {
    func rows(_ nodes: [Node]) -> [Int] {
      nodes.flatMap { [$0.item] + ($0.expanded ? rows($0.children) : []) }
    }
    return rows(roots)
  }

  /// Every item, in pre-order.
  var items: [Int] {
    func all(_ nodes: [Node]) -> [Int] { nodes.flatMap { [$0.item] + all($0.children) } }
    return all(roots)
  }

  /// The tree in the user's literals, one line per item, indented by
  /// level: `a (expanded)`, `  b`.
  func text(_ literals: Literals) -> String {
    func lines(_ nodes: [Node], _ depth: Int) -> [String] {
      nodes.flatMap { node in
        [
          String(repeating: "  ", count: depth) + literals.item(node.item)
            + (node.expanded ? " (expanded)" : "")
        ]
          + lines(node.children, depth + 1)
      }
    }
    return lines(roots, 0).joined(separator: "\n")
  }

  /// The B.5 rebase of this tree onto a section now showing `items`,
  /// computed from the spec's words: unchanged when `items` are its visible
  /// items; otherwise the visible items no longer shown are removed with
  /// their subtrees, then each item of `items` not in the tree is put right
  /// after its predecessor in `items` (after that item's subtree, at its
  /// level), the first one before the first root or as the only root; `nil`
  /// (the tree is dropped) when the visible items still differ.
  func rebased(to items: [Int]) -> PlainForest? {
    if visibleItems == items { return self }
    var result = self
    for item in visibleItems where !items.contains(item) {
      if let path = Self.path(of: item, in: result.roots) { result.remove(at: path) }
    }
    for (index, item) in items.enumerated() where !result.items.contains(item) {
      let node = Node(item: item, expanded: false, children: [])
      if index > 0 {
        guard let path = Self.path(of: items[index - 1], in: result.roots) else { return nil }
        result.insert(node, at: Array(path.dropLast()) + [path[path.count - 1] + 1])
      } else {
        result.roots.insert(node, at: 0)
      }
    }
    return result.visibleItems == items ? result : nil
  }

  /// The child indices leading to `item`, or `nil`.
  static func path(of item: Int, in nodes: [Node]) -> [Int]? {
    for (index, node) in nodes.enumerated() {
      if node.item == item { return [index] }
      if let rest = path(of: item, in: node.children) { return [index] + rest }
    }
    return nil
  }

  /// Runs `change` on the node at `path`.
  static func modify(_ nodes: inout [Node], at path: [Int], _ change: (inout Node) -> Void) {
    if path.count == 1 {
      change(&nodes[path[0]])
    } else {
      modify(&nodes[path[0]].children, at: Array(path.dropFirst()), change)
    }
  }

  /// Removes the node at `path` with its subtree.
  mutating func remove(at path: [Int]) {
    if path.count == 1 {
      roots.remove(at: path[0])
    } else {
      Self.modify(&roots, at: Array(path.dropLast())) {
        $0.children.remove(at: path[path.count - 1])
      }
    }
  }

  /// Inserts `node` so that it ends at `path`.
  mutating func insert(_ node: Node, at path: [Int]) {
    if path.count == 1 {
      roots.insert(node, at: path[0])
    } else {
      Self.modify(&roots, at: Array(path.dropLast())) {
        $0.children.insert(node, at: path[path.count - 1])
      }
    }
  }
}
