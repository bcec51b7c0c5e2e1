import SnapshotCore

/// An item forest with expansion flags: the structured, `Codable` form of a
/// section snapshot's contents (roots in order, each node's children in
/// order, an expanded flag per node).
public struct Forest: Hashable, Sendable, Codable {
  /// One item and its subtree.
  public struct Node: Hashable, Sendable {
    /// The item id.
    public var id: Int
    /// Whether the item is in the expanded set.
    public var expanded: Bool
    /// The children, in order.
    public var children: [Node]

    /// Creates a node.
    public init(_ id: Int, expanded: Bool = false, children: [Node] = []) {
      self.id = id
      self.expanded = expanded
      self.children = children
    }
  }

  /// The roots, in order.
  public var roots: [Node]

  /// Creates a forest.
  public init(roots: [Node] = []) {
    self.roots = roots
  }

  /// Every id in depth-first pre-order.
  public var items: [Int] {
    var result: [Int] = []
    func walk(_ nodes: [Node]) {
      for node in nodes {
        result.append(node.id)
        walk(node.children)
      }
    }
    walk(roots)
    return result
  }

  /// The deepest level (roots are 0); -1 when empty.
  public var depth: Int {
    func depth(_ nodes: [Node]) -> Int { nodes.map { 1 + depth($0.children) }.max() ?? 0 }
    return depth(roots) - 1
  }

  /// The number of expanded nodes.
  public var expandedCount: Int {
    func count(_ nodes: [Node]) -> Int {
      nodes.reduce(0) { $0 + ($1.expanded ? 1 : 0) + count($1.children) }
    }
    return count(roots)
  }

  /// The construction steps: the roots appended, then each node's children
  /// appended under it in pre-order, then the expanded items expanded.
  public var steps: [(items: [Int], parent: Int?)] {
    var result: [(items: [Int], parent: Int?)] = []
    if !roots.isEmpty { result.append((roots.map(\.id), nil)) }
    func walk(_ nodes: [Node]) {
      for node in nodes {
        if !node.children.isEmpty { result.append((node.children.map(\.id), node.id)) }
        walk(node.children)
      }
    }
    walk(roots)
    return result
  }

  /// The expanded ids in pre-order.
  public var expandedItems: [Int] {
    var result: [Int] = []
    func walk(_ nodes: [Node]) {
      for node in nodes {
        if node.expanded { result.append(node.id) }
        walk(node.children)
      }
    }
    walk(roots)
    return result
  }

  /// A section snapshot holding the forest. A generated forest's ids are
  /// unique, but a decoded or shrunk one may repeat an id: a step that
  /// would repeat one (or hang under a parent not built) is left out
  /// before the type sees it, as a throwing type would reject it, so a type
  /// that traps on such a call is never handed one.
  @inlinable
  public func build<T: SectionSnapshotProtocol<Int>>(as type: T.Type = T.self) -> T {
    var snapshot = T()
    // Decided from the forest alone, never from the type's own answers.
    var built = Set<Int>()
    for step in steps {
      let fresh = Set(step.items)
      guard fresh.count == step.items.count, built.isDisjoint(with: fresh),
        step.parent.map(built.contains) ?? true
      else { continue }
      built.formUnion(fresh)
      try? snapshot.append(step.items, to: step.parent)
    }
    snapshot.expand(expandedItems)
    return snapshot
  }

  /// Swift statements building the forest in the variable `name` of type
  /// `type` (e.g. `ModelSectionSnapshot<Int>`), ids written by `ids`.
  public func swiftStatements(
    declaring name: String, type: String, ids: IdentifierText = .numbers
  ) -> [String] {
    let calls = commands
    return ["\(calls.isEmpty ? "let" : "var") \(name) = \(type)()"]
      + calls.map { ($0.canThrow ? "try " : "") + $0.swiftCall(on: name, ids: ids) }
  }

  /// The calls that build the forest on an empty section snapshot: one
  /// `append(_:to:)` per run of siblings (parents first), then one
  /// `expand(_:)` of every expanded item.
  public var commands: [SectionCommand] {
    let appends = steps.map { SectionCommand.append($0.items, to: $0.parent) }
    let expanded = expandedItems
    return expanded.isEmpty ? appends : appends + [.expand(expanded)]
  }
}

extension Forest {
  /// The forest of a section snapshot: its tree and expanded flags.
  public init<T: SectionSnapshotProtocol<Int>>(_ tree: T) {
    func node(_ id: Int) -> Node {
      let children = (try? tree.snapshot(of: id, includingParent: false).rootItems) ?? []
      return Node(id, expanded: (try? tree.isExpanded(id)) ?? false, children: children.map(node))
    }
    self.init(roots: tree.rootItems.map(node))
  }
}
