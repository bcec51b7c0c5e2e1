import SnapshotCore

extension SectionState {
  /// Reads the reference tree `tree` about `ids` as `init(_:ids:…)` does,
  /// from one walk of the tree (`ModelSectionSnapshot.walk()`): each held
  /// id's index, level, parent, flag and visibility are read off the walk.
  /// An id the tree does not hold is asked as `init(_:ids:…)` asks it, so
  /// a thrown answer is the tree's own. A walk that repeats an id (a
  /// broken reference) makes the tree read query by query instead.
  ///
  /// - Complexity: O(*n* · *e* + *k*), *n* the held ids, *e* the expanded
  ///   ones and *k* the ids asked, where the per-query reading is
  ///   O(*k* · *n*) with several queries per id.
  init(
    reference tree: ReferenceSectionSnapshot, ids: [Int], capabilities: SectionSnapshotCapabilities,
    asksMissing: Bool, describe: ((Int) -> String)?
  ) {
    let walked = tree.walk()
    let held = Dictionary(
      walked.enumerated().map { ($0.element.item, $0.offset) },
      uniquingKeysWith: { first, _ in first })
    guard held.count == walked.count else {
      self.init(
        tree, ids: ids, capabilities: capabilities, asksMissing: asksMissing, describe: describe)
      return
    }
    self.init(tree, ids: ids, capabilities: capabilities, describe: describe) { id in
      guard let position = held[id] else {
        return Self.node(tree, id, capabilities: capabilities, asksMissing: asksMissing)
      }
      let node = walked[position]
      return Node(
        id: id, contains: true,
        index: capabilities.contains(.indexOf) ? .some(node.index) : .none,
        level: .value(node.level), parent: .value(node.parent),
        expanded: .value(node.isExpanded), visible: .value(node.isVisible))
    }
  }
}
