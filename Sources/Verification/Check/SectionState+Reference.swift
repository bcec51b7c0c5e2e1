import SnapshotCore

extension SectionState {
  /// Reads the reference tree `tree` about `ids` as `init(_:ids:…)` does,
  /// from one walk of its public API: the pre-order `items`, one `level(of:)`
  /// per held id and the expanded set; each held id's index, parent and
  /// visibility follow from its place in the walk (the nearest earlier
  /// item one level up is its parent). An id the tree does not hold is
  /// asked as `init(_:ids:…)` asks it, so a thrown answer is the tree's
  /// own. A tree whose walk is not a forest (a repeated id, a level
  /// skipped) is read query by query instead.
  ///
  /// - Complexity: O(*n* · *q* + *k*), *n* the held ids, *q* the cost of
  ///   `level(of:)` and *k* the ids asked, where the per-query reading is
  ///   O(*k* · *q*) with several queries per id.
  init(
    reference tree: ReferenceSectionSnapshot, ids: [Int], capabilities: SectionSnapshotCapabilities,
    asksMissing: Bool, describe: ((Int) -> String)?
  ) {
    guard let held = Self.walk(tree) else {
      self.init(
        tree, ids: ids, capabilities: capabilities, asksMissing: asksMissing, describe: describe)
      return
    }
    self.init(tree, ids: ids, capabilities: capabilities, describe: describe) { id in
      guard let node = held[id] else {
        return Self.node(tree, id, capabilities: capabilities, asksMissing: asksMissing)
      }
      return Node(
        id: id, contains: true,
        index: capabilities.contains(.indexOf) ? .some(node.index) : .none,
        level: .value(node.level), parent: .value(node.parent),
        expanded: .value(node.expanded), visible: .value(node.visible))
    }
  }

  /// What the walk knows of one held id.
  private struct Held {
    var index: Int
    var level: Int
    var parent: Int?
    var expanded: Bool
    var visible: Bool
  }

  /// Every held id's answers, keyed by id (read by lookup only), or `nil`
  /// when the pre-order and levels do not describe a forest of unique ids.
  private static func walk(_ tree: ReferenceSectionSnapshot) -> [Int: Held]? {
    let expanded = Set(tree.expandedItems)
    var held: [Int: Held] = [:]
    // The chain of ancestors of the current item, roots first.
    var ancestors: [(id: Int, opensBelow: Bool)] = []
    for (index, id) in tree.items.enumerated() {
      guard held[id] == nil, let level = try? tree.level(of: id), level <= ancestors.count
      else { return nil }
      ancestors.removeLast(ancestors.count - level)
      let isExpanded = expanded.contains(id)
      let visible = ancestors.last?.opensBelow ?? true
      held[id] = Held(
        index: index, level: level, parent: ancestors.last?.id, expanded: isExpanded,
        visible: visible)
      ancestors.append((id, visible && isExpanded))
    }
    return held
  }
}
