extension Forest {
  /// The shape limits of generated forests.
  public struct Shape: Hashable, Sendable {
    /// The most nodes.
    public var maxNodes: Int
    /// The deepest level.
    public var maxDepth: Int
    /// The most children (or roots) of one node.
    public var maxBranching: Int
    /// The chance that a node is expanded.
    public var expandedShare: Double

    /// Creates a shape.
    public init(maxNodes: Int = 30, maxDepth: Int = 5, maxBranching: Int = 5, expandedShare: Double = 0.5) {
      self.maxNodes = maxNodes
      self.maxDepth = maxDepth
      self.maxBranching = maxBranching
      self.expandedShare = expandedShare
    }
  }

  /// Draws a random forest (at least one root when ids remain) whose ids are drawn, without repetition, as
  /// indices into `fresh` (so the smallest available id is choice 0); ids
  /// used are removed from `fresh`.
  public static func draw(
    _ source: ChoiceSource, fresh: inout [Int], shape: Shape = Shape()
  ) -> Forest {
    var budget = min(shape.maxNodes, fresh.count)
    func nodes(level: Int) -> [Node] {
      source.collect(count: (level == 0 ? 1 : 0)...max(1, shape.maxBranching)) { () -> Node? in
        guard budget > 0, !fresh.isEmpty else { return nil }
        budget -= 1
        let id = fresh.remove(at: source.index(count: fresh.count))
        let expanded = source.drawBool(probability: shape.expandedShare)
        let children = level < shape.maxDepth ? nodes(level: level + 1) : []
        return Node(id, expanded: expanded, children: children)
      }.compactMap { $0 }
    }
    return Forest(roots: nodes(level: 0))
  }

  /// Forests over ids `universe`: a boundary table first, smallest first
  /// (empty, one item, a collapsed parent with one child, a deep chain, wide roots, a tree with everything collapsed, the same
  /// tree with everything expanded), random shapes after.
  public static func generator(universe: [Int], shape: Shape = Shape()) -> Gen<Forest> {
    .boundaryFirst(
      boundaries(universe),
      otherwise: Gen { source in
        var fresh = universe
        return draw(source, fresh: &fresh, shape: shape)
      })
  }

  /// The boundary forests over the first ids of `universe`.
  public static func boundaries(_ universe: [Int]) -> [Gen<Forest>] {
    let ids = universe
    func chain(_ ids: ArraySlice<Int>) -> [Node] {
      guard let first = ids.first else { return [] }
      return [Node(first, expanded: true, children: chain(ids.dropFirst()))]
    }
    func tree(expanded: Bool, _ ids: inout ArraySlice<Int>, level: Int) -> [Node] {
      var result: [Node] = []
      for _ in 0..<2 {
        guard let id = ids.popFirst() else { break }
        let children = level < 2 ? tree(expanded: expanded, &ids, level: level + 1) : []
        result.append(Node(id, expanded: expanded, children: children))
      }
      return result
    }
    var collapsed = ids[...]
    var expanded = ids[...]
    return [
      .just(Forest()),
      .just(Forest(roots: ids.prefix(1).map { Node($0) })),
      .just(Forest(roots: ids.count < 2 ? [] : [Node(ids[0], children: [Node(ids[1])])])),
      .just(Forest(roots: chain(ids.prefix(10)))),
      .just(Forest(roots: ids.prefix(16).map { Node($0) })),
      .just(Forest(roots: tree(expanded: false, &collapsed, level: 0))),
      .just(Forest(roots: tree(expanded: true, &expanded, level: 0))),
    ]
  }
}
