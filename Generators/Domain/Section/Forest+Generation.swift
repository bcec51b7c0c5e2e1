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

  /// Draws a random forest (at least one root when ids remain) whose ids
  /// are drawn, without repetition, as indices into `fresh` (so the
  /// smallest available id is choice 0); ids used are removed from `fresh`.
  ///
  /// The nodes are drawn in pre-order, each as one element: its level (0
  /// for a root, at most one deeper than the node before; choice 0 makes it
  /// a root), its id and its expanded flag. So the shrinker reduces a tree
  /// as hard as a list: deleting a node's element hoists its children into
  /// its place (their level is clamped to the previous node's plus one),
  /// and lowering a level moves a subtree up.
  public static func draw(
    _ source: ChoiceSource, fresh: inout [Int], shape: Shape = Shape()
  ) -> Forest {
    let budget = min(shape.maxNodes, fresh.count)
    guard budget > 0 else { return Forest() }
    var nodes: [(level: Int, node: Node)] = []
    var children: [Int] = [0]
    _ = source.collect(count: 1...budget) { () -> Void? in
      guard !fresh.isEmpty else { return nil }
      let deepest = min((nodes.last?.level ?? -1) + 1, shape.maxDepth)
      var level = nodes.isEmpty ? 0 : Int(source.drawBiased(upTo: UInt64(max(0, deepest))))
      while level > 0 && children[level] >= shape.maxBranching { level -= 1 }
      guard children[level] < shape.maxBranching || level > 0 else { return nil }
      let id = fresh.remove(at: source.index(count: fresh.count))
      let expanded = source.drawBool(probability: shape.expandedShare)
      children[level] += 1
      children = Array(children.prefix(level + 1)) + [0]
      nodes.append((level, Node(id, expanded: expanded)))
      return ()
    }
    return Forest(preOrder: nodes)
  }

  /// The forest whose pre-order nodes are `nodes`, each at its level (a
  /// level at most one deeper than the node before).
  init(preOrder nodes: [(level: Int, node: Node)]) {
    var stack: [Node] = []
    var roots: [Node] = []
    func close(to level: Int) {
      while stack.count > level {
        let node = stack.removeLast()
        if stack.isEmpty { roots.append(node) } else { stack[stack.count - 1].children.append(node) }
      }
    }
    for (level, node) in nodes {
      close(to: level)
      stack.append(node)
    }
    close(to: 0)
    self.init(roots: roots)
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
