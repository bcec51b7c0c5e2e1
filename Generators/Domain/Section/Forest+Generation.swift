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
    public init(
      maxNodes: Int = 30, maxDepth: Int = 5, maxBranching: Int = 5, expandedShare: Double = 0.5
    ) {
      self.maxNodes = maxNodes
      self.maxDepth = maxDepth
      self.maxBranching = maxBranching
      self.expandedShare = expandedShare
    }
  }

  /// Draws a random forest (possibly empty) whose ids are drawn, without
  /// repetition, as indices into `fresh` (so the smallest available id is
  /// choice 0); ids used are removed from `fresh`.
  ///
  /// Each node is one element of its parent's child list, drawn as a
  /// "present" choice, its id, its expanded flag and its own child list, so
  /// the shrinker reduces a tree as hard as a list: deleting the element
  /// deletes the subtree, and zeroing "present" drops the node alone, its
  /// children hoisted into its place (its other choices are still drawn, so
  /// everything after stays aligned). Every element, the first root
  /// included, sits behind its own continue choice.
  ///
  /// With a `target` (random mode only), the choices are forced to encode
  /// it (cut to the shape): a boundary forest is then recorded as ordinary
  /// choices and shrinks like any other.
  public static func draw(
    _ source: ChoiceSource, fresh: inout [Int], shape: Shape = Shape(), target: Forest? = nil
  ) -> Forest {
    var budget = min(shape.maxNodes, fresh.count)
    func node(level: Int, _ target: Node?) -> [Node] {
      guard budget > 0, !fresh.isEmpty else { return [] }
      let present =
        target.map { _ in source.drawForced(1, upTo: 1) == 1 }
        ?? source.drawBool(probability: 0.97)
      let index =
        target.map { forcedIndex(of: $0.id, in: fresh, source) }
        ?? source.index(count: fresh.count)
      let expanded =
        target.map { source.drawForced($0.expanded ? 1 : 0, upTo: 1) == 1 }
        ?? source.drawBool(probability: shape.expandedShare)
      let id = present ? fresh.remove(at: index) : nil
      if present { budget -= 1 }
      let children = level < shape.maxDepth ? nodes(level: level + 1, target?.children) : []
      guard let id else { return children }
      return [Node(id, expanded: expanded, children: children)]
    }
    func nodes(level: Int, _ targets: [Node]?) -> [Node] {
      let limit = max(1, shape.maxBranching)
      guard let targets else {
        return source.collect(count: 0...limit) { node(level: level, nil) }.flatMap { $0 }
      }
      var result: [Node] = []
      for index in 0..<min(limit, targets.count + 1) {
        let token = source.beginSpan("element")
        defer { source.endSpan(token) }
        guard index < targets.count else {
          _ = source.drawForced(0, upTo: 1)
          break
        }
        _ = source.drawForced(1, upTo: 1)
        result += node(level: level, targets[index])
      }
      return result
    }
    return Forest(roots: nodes(level: 0, target?.roots))
  }

  /// The choice `index(count:)` reads to pick `id` from `fresh` (its first
  /// element when absent), recorded as forced.
  static func forcedIndex(of id: Int, in fresh: [Int], _ source: ChoiceSource) -> Int {
    guard fresh.count > 1 else { return 0 }
    let position = fresh.firstIndex(of: id) ?? 0
    return Int(source.drawForced(UInt64(position), upTo: UInt64(fresh.count - 1)))
  }

  /// Forests over ids `universe`: the boundary forests first, smallest
  /// first (empty, one item, a collapsed parent with one child, a deep
  /// chain, wide roots, a tree with everything collapsed, the same tree
  /// with everything expanded), then random shapes with a few boundary
  /// forests among them.
  ///
  /// The three smallest boundaries are a table pick (one choice, which the
  /// shrinker can also raise to while deleting the commands after it); the
  /// larger ones are drawn through the random shapes' choices (cut to
  /// `shape`), so they shrink like any random forest.
  public static func generator(universe: [Int], shape: Shape = Shape()) -> Gen<Forest> {
    .boundaryFirst(boundaries(universe), picks: 3) { source, target in
      var fresh = universe
      return draw(source, fresh: &fresh, shape: shape, target: target)
    }
  }

  /// The boundary forests over the first ids of `universe`.
  public static func boundaries(_ universe: [Int]) -> [Forest] {
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
      Forest(),
      Forest(roots: ids.prefix(1).map { Node($0) }),
      Forest(roots: ids.count < 2 ? [] : [Node(ids[0], children: [Node(ids[1])])]),
      Forest(roots: chain(ids.prefix(10))),
      Forest(roots: ids.prefix(16).map { Node($0) }),
      Forest(roots: tree(expanded: false, &collapsed, level: 0)),
      Forest(roots: tree(expanded: true, &expanded, level: 0)),
    ]
  }
}
