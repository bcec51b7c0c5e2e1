extension ModelSectionSnapshot {
  /// One item of the forest together with its children, in order.
  @usableFromInline struct Node: Equatable {
    /// The item.
    @usableFromInline var item: ItemIdentifier
    /// The children, in order, each with its own subtree.
    @usableFromInline var children: [Node]

    /// A node without children.
    @inlinable
    init(_ item: ItemIdentifier, children: [Node] = []) {
      self.item = item
      self.children = children
    }

    /// The items of the forest `nodes`, depth-first pre-order.
    @inlinable
    static func preorder(_ nodes: [Node]) -> [ItemIdentifier] {
      var items: [ItemIdentifier] = []
      appendPreorder(nodes, to: &items)
      return items
    }

    /// Appends the items of the forest `nodes` to `items`, depth-first
    /// pre-order.
    @inlinable
    static func appendPreorder(_ nodes: [Node], to items: inout [ItemIdentifier]) {
      for node in nodes {
        items.append(node.item)
        appendPreorder(node.children, to: &items)
      }
    }

    /// The child indices leading from `nodes` to `item`, or `nil`.
    @inlinable
    static func path(of item: ItemIdentifier, in nodes: [Node]) -> [Int]? {
      for (index, node) in nodes.enumerated() {
        if node.item == item { return [index] }
        if let rest = path(of: item, in: node.children) { return [index] + rest }
      }
      return nil
    }

    /// Runs `body` on the child list reached by `path` from `nodes`: `nodes`
    /// itself for an empty path, otherwise the children of the node there.
    @inlinable
    static func modifyList<Path: Collection<Int>>(
      _ nodes: inout [Node], at path: Path, _ body: (inout [Node]) -> Void
    ) {
      guard let first = path.first else { return body(&nodes) }
      modifyList(&nodes[first].children, at: path.dropFirst(), body)
    }
  }
}

extension ModelSectionSnapshot.Node: Sendable where ItemIdentifier: Sendable {}
