import SnapshotCore

extension EngineSectionSnapshot {
  /// The shared, copy-on-write forest of an `EngineSectionSnapshot`.
  ///
  /// Nodes live in a slot array and are linked by slot numbers: parent,
  /// first and last child, previous and next sibling (the classic
  /// first-child/next-sibling tree with doubly linked siblings). Linking and
  /// unlinking a node is O(1) and a traversal hashes nothing; `table` maps an
  /// id to its node. Each node stores its level and its expanded flag, so
  /// `level(of:)`, `parent(of:)` and `isExpanded` are one hash lookup. Freed
  /// slots are reused.
  ///
  /// `items` (pre-order), the pre-order position of every slot and
  /// `visibleItems` are caches computed in one traversal when first asked
  /// for after a change, then kept until the next change; expand and
  /// collapse only drop the visible cache, and only when the toggled item is
  /// visible and has children (otherwise `visibleItems` cannot change).
  ///
  /// The stored properties are declared `@exclusivity(unchecked)`, for the
  /// reason `EngineSnapshot.Storage` gives: their dynamic checks
  /// (`swift_beginAccess`, `swift_endAccess`, the access set and its
  /// thread-local lookup) would be paid on every node read of every walk.
  @usableFromInline
  final class Storage {
    // coverage: only broken code (no caller: dead code)
    @usableFromInline static var none: Int { -1 }

    @usableFromInline
    struct Node {
      @usableFromInline var id: ItemIdentifier
      @usableFromInline var parent: Int
      @usableFromInline var firstChild: Int
      @usableFromInline var lastChild: Int
      @usableFromInline var previous: Int
      @usableFromInline var next: Int
      @usableFromInline var level: Int
      @usableFromInline var isExpanded: Bool

      @inlinable
      init(id: ItemIdentifier, parent: Int, level: Int, isExpanded: Bool) {
        self.id = id
        self.parent = parent
        self.firstChild = -1
        self.lastChild = -1
        self.previous = -1
        self.next = -1
        self.level = level
        self.isExpanded = isExpanded
      }
    }

    /// The nodes, in pages that copies share (a write copies one page).
    @usableFromInline @exclusivity(unchecked) var nodes = PagedArray<Node>()
    @usableFromInline @exclusivity(unchecked) var freeSlots: [Int] = []
    /// The slot of every id: an `ItemTable` whose locations hold slot
    /// numbers, a bucket matching when `nodes[slot].id` is the id looked
    /// for. It stores no ids, so a copy of a large tree shares its pages
    /// and a write copies one page, where a `Dictionary` of the ids was
    /// copied whole (a retain per `String` id) on the first mutation of a
    /// copy. A freed node keeps level -1 until its slot is reused.
    @usableFromInline @exclusivity(unchecked) var table = ItemTable()
    @usableFromInline @exclusivity(unchecked) var firstRoot = -1
    @usableFromInline @exclusivity(unchecked) var lastRoot = -1

    @usableFromInline @exclusivity(unchecked) var itemsCache: [ItemIdentifier]?
    /// The pre-order position of each slot; valid when `itemsCache` is set.
    @usableFromInline @exclusivity(unchecked) var positions: [Int] = []
    @usableFromInline @exclusivity(unchecked) var visibleCache: [ItemIdentifier]?

    /// Bumped by every change of the tree or of an expanded flag, so that a
    /// tree derived from this one can tell whether it still is what it was
    /// derived from.
    @usableFromInline @exclusivity(unchecked) var version = 0
    /// The storage this one was copied from to be changed (`makeUnique`),
    /// held weakly (a chain of derived trees keeps none of its ancestors
    /// alive), and its `version` at the copy.
    @usableFromInline weak var origin: Storage?
    @usableFromInline @exclusivity(unchecked) var originVersion = 0
    /// The edits of the visible rows since the copy from `origin`, in
    /// order; `nil` for a tree not copied from another, or once the edits
    /// name more rows than `rowEditLimit` (comparing the rows is then as
    /// cheap as replaying them).
    @usableFromInline @exclusivity(unchecked) var rowEdits: [VisibleRowEdit<ItemIdentifier>]?
    /// The rows `rowEdits` names.
    @usableFromInline @exclusivity(unchecked) var rowEditCount = 0

    @inlinable init() {}

    @inlinable
    init(copying other: Storage) {
      nodes = other.nodes
      freeSlots = other.freeSlots
      table = other.table
      firstRoot = other.firstRoot
      lastRoot = other.lastRoot
      itemsCache = other.itemsCache
      positions = other.positions
      visibleCache = other.visibleCache
      origin = other
      originVersion = other.version
      rowEdits = []
    }

    @inlinable var count: Int { table.count }

    /// The slot of `id`, or `nil` when it is not in the tree.
    /// - Complexity: expected O(1): one hash.
    @inlinable
    func slot(of id: ItemIdentifier) -> Int? {
      slot(of: id, hash: id.hashValue)
    }

    /// `slot(of:)` given `id`'s hash.
    /// - Complexity: expected O(1).
    @inlinable
    func slot(of id: ItemIdentifier, hash: Int) -> Int? {
      var found: Int?
      _ = table.find(hash: hash) { location, _ in
        let slot = Int(location.index)
        guard nodes[slot].id == id else { return false }
        found = slot
        return true
      }
      return found
    }

    /// Builds `table` anew with room for `capacity` ids, holding the slot
    /// of every live node, cut into pages when large (so that copies
    /// share them).
    /// - Complexity: O(*n*): one hash per id.
    @inlinable
    func rebuildTable(capacity: Int) {
      var fresh = ItemTable(capacity: capacity)
      for slot in 0..<nodes.count where nodes[slot].level >= 0 {
        let hash = nodes[slot].id.hashValue
        fresh.occupy(
          fresh.freeBucket(hash: hash), hash: hash, location: ItemLocation(token: 0, index: slot),
          pagesUnique: true)
      }
      fresh.splitIntoPages()
      table = fresh
    }

    /// Drops every derived cache (after a change of the tree).
    @inlinable
    func treeChanged() {
      itemsCache = nil
      visibleCache = nil
      version &+= 1
    }

    // MARK: Visible-row edits

    /// The most rows `rowEdits` names: a quarter of the tree, and at least
    /// 8 (below that, comparing the rows costs no more than replaying).
    @inlinable var rowEditLimit: Int { Swift.max(8, count / 4) }

    /// Appends `edit` to `rowEdits` (when tracking and it names a row),
    /// or stops tracking when the edits outgrow `rowEditLimit`.
    /// - Complexity: amortised O(1).
    @inlinable
    func record(_ edit: VisibleRowEdit<ItemIdentifier>) {
      guard rowEdits != nil, edit.rowCount > 0 else { return }
      rowEditCount += edit.rowCount
      if rowEditCount > rowEditLimit {
        rowEdits = nil
      } else {
        rowEdits?.append(edit)
      }
    }

    /// Whether the children of `parent` (`none`: the roots) are rows.
    /// - Complexity: O(depth).
    @inlinable
    func showsChildren(of parent: Int) -> Bool {
      parent < 0 || (nodes[parent].isExpanded && isVisible(parent))
    }

    /// The row directly before a node linked under `parent` after the
    /// sibling `previous` (`none`: first), when the children of `parent`
    /// are rows: the last row of `previous`'s subtree, else `parent`;
    /// `nil` for the first row.
    /// - Complexity: O(depth).
    @inlinable
    func row(beforeChildOf parent: Int, after previous: Int) -> ItemIdentifier? {
      guard previous >= 0 else { return parent >= 0 ? nodes[parent].id : nil }
      var slot = previous
      while nodes[slot].isExpanded && nodes[slot].lastChild >= 0 { slot = nodes[slot].lastChild }
      return nodes[slot].id
    }

    /// The rows of the subtree of `slot` in pre-order, `slot` first, when
    /// `slot` is a row; with `includingSelf` false, the rows below it as
    /// if it were expanded.
    /// - Complexity: O(the rows).
    @inlinable
    func rows(of slot: Int, includingSelf: Bool) -> [ItemIdentifier] {
      var rows: [ItemIdentifier] = []
      if includingSelf {
        rows.append(nodes[slot].id)
        if !nodes[slot].isExpanded { return rows }
      }
      var current = nodes[slot].firstChild
      while current >= 0 {
        rows.append(nodes[current].id)
        if nodes[current].isExpanded && nodes[current].firstChild >= 0 {
          current = nodes[current].firstChild
          continue
        }
        while current != slot && nodes[current].next < 0 { current = nodes[current].parent }
        if current == slot { break }
        current = nodes[current].next
      }
      return rows
    }

    // MARK: Traversal

    /// The slot after `slot` in pre-order, or `none`.
    @inlinable
    func preorderSuccessor(of slot: Int, skippingChildren: Bool = false) -> Int {
      if !skippingChildren && nodes[slot].firstChild >= 0 {
        return nodes[slot].firstChild
      }
      var current = slot
      while current >= 0 {
        if nodes[current].next >= 0 { return nodes[current].next }
        current = nodes[current].parent
      }
      return -1
    }

    /// The slots of the subtree of `slot` (itself first), in pre-order.
    /// - Complexity: O(subtree).
    @inlinable
    func subtreeSlots(of slot: Int) -> [Int] {
      var result = [slot]
      var current = nodes[slot].firstChild
      while current >= 0 {
        result.append(current)
        if nodes[current].firstChild >= 0 {
          current = nodes[current].firstChild
          continue
        }
        while current >= 0 && current != slot && nodes[current].next < 0 {
          current = nodes[current].parent
        }
        if current == slot || current < 0 { break }
        current = nodes[current].next
      }
      return result
    }

    /// Every item in pre-order, with the position cache.
    /// - Complexity: O(1) when cached, otherwise O(*n*).
    @inlinable
    func items() -> [ItemIdentifier] {
      if let itemsCache { return itemsCache }
      var order: [ItemIdentifier] = []
      order.reserveCapacity(count)
      if positions.count != nodes.count {
        positions = Array(repeating: -1, count: nodes.count)
      }
      forEachInPreorder(skippingCollapsed: false) { nodes, slot in
        positions[slot] = order.count
        order.append(nodes[slot].id)
      }
      itemsCache = order
      return order
    }

    /// The items all of whose ancestors are expanded, in pre-order.
    /// - Complexity: O(1) when cached, otherwise O(*v*), *v* the visible
    ///   items (collapsed subtrees are skipped, not walked).
    @inlinable
    func visibleItems() -> [ItemIdentifier] {
      if let visibleCache { return visibleCache }
      var order: [ItemIdentifier] = []
      forEachInPreorder(skippingCollapsed: true) { nodes, slot in order.append(nodes[slot].id) }
      visibleCache = order
      return order
    }

    /// Calls `visit` with each slot from the first root on, in pre-order;
    /// with `skippingCollapsed`, the children of a collapsed item are
    /// skipped, not walked.
    ///
    /// The nodes are read in place, field by field (`PagedArray` yields
    /// them borrowed): copying a node would retain and release its id;
    /// `visit` reads what it needs the same way (an id passed to it would
    /// be one more retain and release per node).
    /// - Complexity: O(the slots visited).
    @inlinable
    func forEachInPreorder(
      skippingCollapsed: Bool, _ visit: (_ nodes: PagedArray<Node>.Reader, _ slot: Int) -> Void
    ) {
      nodes.withReader { nodes in
        // The links are followed through a cursor (one load per step).
        var cursor = PagedArray<Node>.Cursor(nodes)
        var slot = firstRoot
        while slot >= 0 {
          visit(nodes, slot)
          let node = cursor.address(of: slot)
          if node.pointee.firstChild >= 0 && (!skippingCollapsed || node.pointee.isExpanded) {
            slot = node.pointee.firstChild
            continue
          }
          while slot >= 0 && cursor.address(of: slot).pointee.next < 0 {
            slot = cursor.address(of: slot).pointee.parent
          }
          if slot >= 0 { slot = cursor.address(of: slot).pointee.next }
        }
      }
    }

    /// Whether every ancestor of `slot` is expanded.
    /// - Complexity: O(depth).
    @inlinable
    func isVisible(_ slot: Int) -> Bool {
      var current = nodes[slot].parent
      while current >= 0 {
        if !nodes[current].isExpanded { return false }
        current = nodes[current].parent
      }
      return true
    }

    // MARK: Linking

    /// A fresh slot holding `node`, whose id's hash is `hash` (`nil`:
    /// hashed here).
    @inlinable
    func allocate(_ node: Node, hash given: Int? = nil) -> Int {
      if !table.fits(1) { rebuildTable(capacity: table.grownCapacity(for: 1)) }
      let slot: Int
      if let reused = freeSlots.popLast() {
        nodes[reused] = node
        slot = reused
      } else {
        slot = nodes.count
        nodes.append(node)
      }
      let hash = given ?? node.id.hashValue
      table.occupy(
        table.freeBucket(hash: hash), hash: hash, location: ItemLocation(token: 0, index: slot),
        pagesUnique: false)
      return slot
    }

    /// Sizes the id table for `count` more ids at once when they are at
    /// least as many as those already in it (one rehash instead of one
    /// per doubling on the way, which rehashes every `String` id again).
    /// Smaller batches let the table grow by itself (by half, so O(1)
    /// amortised per id): reserving for each of many small appends would
    /// size the table past the cache early, for every later append.
    /// - Complexity: O(*n*) when it grows, otherwise O(1).
    @inlinable
    func reserve(_ count: Int) {
      if count >= table.count && !table.fits(count) {
        rebuildTable(capacity: table.grownCapacity(for: count))
      }
    }

    /// Links the unlinked `slot` as a child of `parent` (`none`: a root),
    /// directly after `previous` (`none`: first).
    /// - Complexity: O(1).
    @inlinable
    func link(_ slot: Int, parent: Int, after previous: Int) {
      Self.link(
        slot, parent: parent, after: previous, in: &nodes, firstRoot: &firstRoot,
        lastRoot: &lastRoot)
    }

    /// `link` in a forest held apart from any storage (`nodes` and its
    /// root bounds), as `snapshot(of:)` builds its copy in a plain array
    /// before storing it.
    /// - Complexity: O(1).
    @inlinable
    static func link<Nodes: NodeSlots>(
      _ slot: Int, parent: Int, after previous: Int, in nodes: inout Nodes,
      firstRoot: inout Int, lastRoot: inout Int
    ) where Nodes.Element == Node {
      let next = successor(of: previous, under: parent, in: nodes, firstRoot: firstRoot)
      nodes[slot].parent = parent
      nodes[slot].previous = previous
      nodes[slot].next = next
      bridge(
        parent: parent, previous: previous, next: next, first: slot, last: slot, in: &nodes,
        firstRoot: &firstRoot, lastRoot: &lastRoot)
    }

    /// The sibling after `previous` under `parent` (`none` for either: the
    /// first child, or the first root), or `none`.
    /// - Complexity: O(1).
    @inlinable
    static func successor<Nodes: NodeSlots>(
      of previous: Int, under parent: Int, in nodes: Nodes, firstRoot: Int
    ) -> Int where Nodes.Element == Node {
      previous >= 0 ? nodes[previous].next : parent >= 0 ? nodes[parent].firstChild : firstRoot
    }

    /// Makes the siblings under `parent` (`none`: the roots) `previous`,
    /// `first`, …, `last`, `next` in order, writing only the outer links:
    /// `previous`'s next (or the first child or root) becomes `first`,
    /// `next`'s previous (or the last child or root) becomes `last`. With
    /// `first` = `next` and `last` = `previous`, it closes a gap.
    /// - Complexity: O(1).
    @inlinable
    static func bridge<Nodes: NodeSlots>(
      parent: Int, previous: Int, next: Int, first: Int, last: Int, in nodes: inout Nodes,
      firstRoot: inout Int, lastRoot: inout Int
    ) where Nodes.Element == Node {
      if previous >= 0 {
        nodes[previous].next = first
      } else if parent >= 0 {
        nodes[parent].firstChild = first
      } else {
        firstRoot = first
      }
      if next >= 0 {
        nodes[next].previous = last
      } else if parent >= 0 {
        nodes[parent].lastChild = last
      } else {
        lastRoot = last
      }
    }

    /// `bridge` in this storage's nodes.
    /// - Complexity: O(1).
    @inlinable
    func bridge(parent: Int, previous: Int, next: Int, first: Int, last: Int) {
      Self.bridge(
        parent: parent, previous: previous, next: next, first: first, last: last, in: &nodes,
        firstRoot: &firstRoot, lastRoot: &lastRoot)
    }

    /// Unlinks `slot` (with its subtree still attached) from its siblings.
    /// - Complexity: O(1).
    @inlinable
    func unlink(_ slot: Int) {
      let previous = nodes[slot].previous
      let next = nodes[slot].next
      bridge(
        parent: nodes[slot].parent, previous: previous, next: next, first: next, last: previous)
      nodes[slot].previous = -1
      nodes[slot].next = -1
    }

    /// Unlinks and frees the subtree of `slot`.
    /// - Complexity: O(subtree).
    @inlinable
    func removeSubtree(_ slot: Int) {
      if rowEdits != nil && isVisible(slot) { record(.delete(rows(of: slot, includingSelf: true))) }
      let doomed = subtreeSlots(of: slot)
      unlink(slot)
      for dead in doomed {
        let id = nodes[dead].id
        if let bucket = table.find(
          hash: id.hashValue, where: { location, _ in Int(location.index) == dead })
        {
          table.vacate(bucket)
        }
        nodes[dead].level = -1
        nodes[dead].parent = -1
        nodes[dead].firstChild = -1
        nodes[dead].lastChild = -1
        freeSlots.append(dead)
      }
    }

    /// Inserts `ids` (all new) as collapsed siblings under `parent`
    /// (`none`: roots), the first directly after `previous`; `hashes` are
    /// their hashes, in order (`checkNew`).
    /// - Complexity: O(*k*).
    @inlinable
    func insert(_ ids: [ItemIdentifier], hashes: [Int], parent: Int, after previous: Int) {
      if rowEdits != nil && showsChildren(of: parent) {
        record(.insert(ids, after: row(beforeChildOf: parent, after: previous)))
      }
      reserve(ids.count)
      let level = parent >= 0 ? nodes[parent].level + 1 : 0
      guard freeSlots.isEmpty else {
        var anchor = previous
        for (id, hash) in zip(ids, hashes) {
          let slot = allocate(
            Node(id: id, parent: parent, level: level, isExpanded: false), hash: hash)
          link(slot, parent: parent, after: anchor)
          anchor = slot
        }
        return
      }
      // The run takes the next slots appended: each node is stored linked
      // to its neighbours, and only the run's two ends are linked after.
      let first = nodes.count
      let last = first + ids.count - 1
      let next = Self.successor(of: previous, under: parent, in: nodes, firstRoot: firstRoot)
      for (offset, id) in ids.enumerated() {
        var node = Node(id: id, parent: parent, level: level, isExpanded: false)
        node.previous = offset == 0 ? previous : first + offset - 1
        node.next = first + offset == last ? next : first + offset + 1
        _ = allocate(node, hash: hashes[offset])
      }
      bridge(parent: parent, previous: previous, next: next, first: first, last: last)
    }

    /// Copies the forest of `other` under `parent` (`none`: roots), its
    /// roots directly after `previous`, with flags and re-based levels.
    /// - Complexity: O(*k*), *k* the items of `other`.
    @inlinable
    func graft(_ other: Storage, parent: Int, after previous: Int) {
      let shown = rowEdits != nil && showsChildren(of: parent)
      let before = shown ? row(beforeChildOf: parent, after: previous) : nil
      let base = parent >= 0 ? nodes[parent].level + 1 : 0
      reserve(other.count)
      var copied: [Int: Int] = [:]
      copied.reserveCapacity(other.count)
      var anchor = previous
      var source = other.firstRoot
      while source >= 0 {
        let node = other.nodes[source]
        let newParent = node.parent >= 0 ? copied[node.parent] ?? -1 : parent
        let slot = allocate(
          Node(
            id: node.id, parent: newParent, level: base + node.level,
            isExpanded: node.isExpanded))
        copied[source] = slot
        if node.parent >= 0 {
          link(slot, parent: newParent, after: nodes[newParent].lastChild)
        } else {
          link(slot, parent: parent, after: anchor)
          anchor = slot
        }
        source = other.preorderSuccessor(of: source)
      }
      if shown { record(.insert(other.visibleItems(), after: before)) }
    }
  }
}
