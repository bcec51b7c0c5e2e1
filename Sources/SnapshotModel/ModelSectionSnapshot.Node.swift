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
      // Read through the buffer, so a node's children are passed on
      // without a copy of the node.
      nodes.withUnsafeBufferPointer { nodes in
        for node in nodes.indices {
          items.append(nodes[node].item)
          appendPreorder(nodes[node].children, to: &items)
        }
      }
    }

    /// The child indices leading from `nodes` to `item`, or `nil`: a
    /// depth-first search of the whole forest.
    @inlinable
    static func path(of item: ItemIdentifier, in nodes: [Node]) -> [Int]? {
      var path: [Int] = []
      return search(item, in: nodes, path: &path) ? path : nil
    }

    /// Whether `item` is in the forest `nodes`; when it is, `path` ends
    /// with the child indices leading to it (and is as it was otherwise).
    @inlinable
    static func search(_ item: ItemIdentifier, in nodes: [Node], path: inout [Int]) -> Bool {
      // Read through the buffer, as `appendPreorder` does.
      nodes.withUnsafeBufferPointer { nodes in
        for index in nodes.indices {
          path.append(index)
          if nodes[index].item == item || search(item, in: nodes[index].children, path: &path) {
            return true
          }
          path.removeLast()
        }
        return false
      }
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
