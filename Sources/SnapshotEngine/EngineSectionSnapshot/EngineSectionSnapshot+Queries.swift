import SnapshotCore

extension EngineSectionSnapshot {
  /// Every item in depth-first pre-order, collapsed descendants included.
  /// - Complexity: O(1) when cached, otherwise O(*n*).
  @inlinable
  public var items: [ItemIdentifier] { storage.items() }

  /// The top-level items in order.
  /// - Complexity: O(*r*), *r* the number of roots.
  @inlinable
  public var rootItems: [ItemIdentifier] {
    var roots: [ItemIdentifier] = []
    var slot = storage.firstRoot
    while slot >= 0 {
      roots.append(storage.nodes[slot].id)
      slot = storage.nodes[slot].next
    }
    return roots
  }

  /// The items (pre-order) all of whose ancestors are expanded.
  /// - Complexity: O(1) when cached, otherwise O(*v*), *v* the visible items.
  @inlinable
  public var visibleItems: [ItemIdentifier] { storage.visibleItems() }

  /// The edits that take `base.visibleItems` to `visibleItems` when this
  /// tree is `base` changed in place of a copy (`var next = base`, then
  /// mutations), `base` unchanged since; `nil` otherwise, after
  /// `deleteAll()`, or once the edits name more rows than a quarter of the
  /// tree (and more than 8). Each mutation of a derived tree records its
  /// edit as it goes, in O(*d* + the rows it shows or hides), *d* the
  /// depth.
  /// - Complexity: O(1).
  @inlinable
  public func visibleRowEdits(since base: Self) -> [VisibleRowEdit<ItemIdentifier>]? {
    if storage === base.storage { return [] }
    guard storage.origin === base.storage, storage.originVersion == base.storage.version
    else { return nil }
    return storage.rowEdits
  }

  /// The expanded items, in `items` order.
  /// - Complexity: O(*n*).
  @inlinable
  public var expandedItems: [ItemIdentifier] {
    var expanded: [ItemIdentifier] = []
    var slot = storage.firstRoot
    while slot >= 0 {
      if storage.nodes[slot].isExpanded { expanded.append(storage.nodes[slot].id) }
      slot = storage.preorderSuccessor(of: slot)
    }
    return expanded
  }

  /// The number of items in the tree.
  /// - Complexity: O(1).
  @inlinable
  public var count: Int { storage.count }

  /// The position of `item` in `items`, or `nil`.
  /// - Complexity: amortised O(1): O(*n*) for the first query after a
  ///   change of the tree, O(1) after.
  @inlinable
  public func index(of item: ItemIdentifier) -> Int? {
    guard let slot = storage.slot(of: item) else { return nil }
    _ = storage.items()
    return storage.positions[slot]
  }

  /// The depth of `item`; roots are 0.
  /// - Throws: `.itemNotFound`.
  /// - Complexity: O(1).
  @inlinable
  public func level(of item: ItemIdentifier) throws(SnapshotError) -> Int {
    storage.nodes[try slot(of: item)].level
  }

  /// The parent of `item`, `nil` for a root.
  /// - Throws: `.itemNotFound`.
  /// - Complexity: O(1).
  @inlinable
  public func parent(of item: ItemIdentifier) throws(SnapshotError) -> ItemIdentifier? {
    let parent = storage.nodes[try slot(of: item)].parent
    return parent >= 0 ? storage.nodes[parent].id : nil
  }

  /// Whether `item` is in the tree.
  /// - Complexity: O(1).
  @inlinable
  public func contains(_ item: ItemIdentifier) -> Bool { storage.slot(of: item) != nil }

  /// Whether `item` is in the expanded set.
  /// - Throws: `.itemNotFound`.
  /// - Complexity: O(1).
  @inlinable
  public func isExpanded(_ item: ItemIdentifier) throws(SnapshotError) -> Bool {
    storage.nodes[try slot(of: item)].isExpanded
  }

  /// Whether every ancestor of `item` is expanded.
  /// - Throws: `.itemNotFound`.
  /// - Complexity: O(*d*), *d* the depth of `item`.
  @inlinable
  public func isVisible(_ item: ItemIdentifier) throws(SnapshotError) -> Bool {
    storage.isVisible(try slot(of: item))
  }

  /// The children of `item` in order (`nil`: the roots).
  /// - Throws: `.itemNotFound`.
  /// - Complexity: O(*c*), *c* the number of children.
  @inlinable
  public func children(of item: ItemIdentifier?) throws(SnapshotError) -> [ItemIdentifier] {
    guard let item else { return rootItems }
    var children: [ItemIdentifier] = []
    var child = storage.nodes[try slot(of: item)].firstChild
    while child >= 0 {
      children.append(storage.nodes[child].id)
      child = storage.nodes[child].next
    }
    return children
  }

  /// The subtree below `parent` as a new section snapshot, flags included:
  /// its children become roots, or `parent` is the single root when
  /// `includingParent` is true; levels are re-based to 0.
  /// - Throws: `.parentNotFound`.
  /// - Complexity: O(*s*), *s* the size of the subtree.
  @inlinable
  public func snapshot(of parent: ItemIdentifier, includingParent: Bool)
    throws(SnapshotError) -> Self
  {
    guard let top = storage.slot(of: parent) else {
      throw .parentNotFound(SnapshotError.text(parent))
    }
    var order = storage.subtreeSlots(of: top)
    if !includingParent { order.removeFirst() }
    let base = storage.nodes[top].level + (includingParent ? 0 : 1)
    // The copy's slots follow the pre-order (`order[i]` goes to slot `i`),
    // each node linked as its parent's last child. The copied ancestors
    // of the node being copied form a path (source and copy slots), so its
    // parent's copy is found without hashing; the nodes are written to a
    // local array (paged once at the end), then the id table is built in
    // one pass: O(s), one hash per node, where building node by node
    // (`allocate`, `link` and a `Dictionary` of copied slots) hashes each
    // node twice and checks the table's room per node.
    var nodes: [Storage.Node] = []
    nodes.reserveCapacity(order.count)
    var path: [(source: Int, slot: Int)] = []
    var (firstRoot, lastRoot) = (-1, -1)
    storage.nodes.withReader { source in
      for from in order {
        let slot = nodes.count
        var parent = -1
        if from == top || (source[from].parent == top && !includingParent) {
          path.removeAll(keepingCapacity: true)
        } else {
          while let last = path.last, last.source != source[from].parent { path.removeLast() }
          parent = path.last?.slot ?? -1
        }
        nodes.append(
          Storage.Node(
            id: source[from].id, parent: parent, level: source[from].level - base,
            isExpanded: source[from].isExpanded))
        Storage.link(
          slot, parent: parent, after: parent >= 0 ? nodes[parent].lastChild : lastRoot,
          in: &nodes, firstRoot: &firstRoot, lastRoot: &lastRoot)
        path.append((from, slot))
      }
    }
    let copy = Storage()
    copy.nodes = PagedArray(nodes)
    copy.firstRoot = firstRoot
    copy.lastRoot = lastRoot
    copy.rebuildTable(capacity: copy.table.grownCapacity(for: nodes.count))
    var result = Self()
    result.storage = copy
    return result
  }

  /// A debugging picture in the shape of UIKit's (B.3), identical to the
  /// model's: the header `<NSDiffableDataSourceSectionSnapshot: 0x0`, then
  /// one line per item in pre-order, indented two spaces per level, holding
  /// `+` (expanded) or `-`, `*` (visible) or a space, a space and the
  /// identifier; then `>`.
  /// - Complexity: O(*n* · *d*) characters, *d* the depth.
  public func visualDescription() -> String {
    var text = "<NSDiffableDataSourceSectionSnapshot: 0x0"
    var hiddenBelowLevel = Int.max
    var slot = storage.firstRoot
    while slot >= 0 {
      let node = storage.nodes[slot]
      if node.level <= hiddenBelowLevel { hiddenBelowLevel = Int.max }
      let visible = hiddenBelowLevel == Int.max
      text.append("\n")
      for _ in 0..<node.level { text.append("  ") }
      text.append(node.isExpanded ? "+" : "-")
      text.append(visible ? "* " : "  ")
      text.append(SnapshotError.text(node.id))
      if visible && !node.isExpanded { hiddenBelowLevel = node.level }
      slot = storage.preorderSuccessor(of: slot)
    }
    text.append("\n>")
    return text
  }

  /// The slot of a present `item`.
  /// - Throws: `.itemNotFound`.
  @inlinable
  func slot(of item: ItemIdentifier) throws(SnapshotError) -> Int {
    guard let slot = storage.slot(of: item) else {
      throw .itemNotFound(SnapshotError.text(item))
    }
    return slot
  }
}
