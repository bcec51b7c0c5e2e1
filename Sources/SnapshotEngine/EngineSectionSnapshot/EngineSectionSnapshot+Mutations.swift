import SnapshotCore

extension EngineSectionSnapshot {
  /// Throws `.treeDuplicate` naming the ids of `ids` that are already in the
  /// tree or repeated in `ids`, once each, in the order found scanning `ids`;
  /// returns each id's hash, for the insertion to reuse (an id is hashed
  /// once).
  /// - Complexity: O(*k*): repeats within a batch of up to 16 ids are
  ///   found by comparison, in a larger one by a set.
  @inlinable @discardableResult
  func checkNew(_ ids: [ItemIdentifier]) throws(SnapshotError) -> [Int] {
    let small = ids.count <= 16
    var seen = small ? [] : Set<ItemIdentifier>(minimumCapacity: ids.count)
    var reported = Set<ItemIdentifier>()
    var offenders: [ItemIdentifier] = []
    var hashes: [Int] = []
    hashes.reserveCapacity(ids.count)
    for (offset, id) in ids.enumerated() {
      let hash = id.hashValue
      hashes.append(hash)
      let repeated = small ? ids[..<offset].contains(id) : !seen.insert(id).inserted
      if (repeated || storage.slot(of: id, hash: hash) != nil) && reported.insert(id).inserted {
        offenders.append(id)
      }
    }
    if !offenders.isEmpty { throw .treeDuplicate(SnapshotError.texts(offenders)) }
    return hashes
  }

  /// Appends items as the last children of `parent`, or as the last roots;
  /// they start collapsed.
  /// - Throws: `.parentNotFound`, then `.treeDuplicate` (nothing is checked
  ///   when `items` is empty).
  /// - Complexity: O(*k*), *k* the items.
  @inlinable
  public mutating func append(_ items: [ItemIdentifier], to parent: ItemIdentifier?)
    throws(SnapshotError)
  {
    guard !items.isEmpty else { return }
    var parentSlot = -1
    if let parent {
      guard let slot = storage.slot(of: parent) else {
        throw .parentNotFound(SnapshotError.text(parent))
      }
      parentSlot = slot
    }
    let hashes = try checkNew(items)
    makeUnique()
    let previous = parentSlot >= 0 ? storage.nodes[parentSlot].lastChild : storage.lastRoot
    storage.insert(items, hashes: hashes, parent: parentSlot, after: previous)
    storage.treeChanged()
    checkInvariants()
  }

  /// Inserts items as collapsed siblings directly before `item`.
  /// - Throws: `.insertDestinationNotFound`, then `.treeDuplicate` (nothing
  ///   is checked when `items` is empty).
  /// - Complexity: O(*k*).
  @inlinable
  public mutating func insert(_ items: [ItemIdentifier], before item: ItemIdentifier)
    throws(SnapshotError)
  {
    guard !items.isEmpty else { return }
    let (parent, previous) = try siblingAnchor(item, after: false)
    let hashes = try checkNew(items)
    makeUnique()
    storage.insert(items, hashes: hashes, parent: parent, after: previous)
    storage.treeChanged()
  }

  /// Inserts items as collapsed siblings directly after `item` (after its
  /// subtree in `items` order).
  /// - Throws: `.insertDestinationNotFound`, then `.treeDuplicate` (nothing
  ///   is checked when `items` is empty).
  /// - Complexity: O(*k*).
  @inlinable
  public mutating func insert(_ items: [ItemIdentifier], after item: ItemIdentifier)
    throws(SnapshotError)
  {
    guard !items.isEmpty else { return }
    let (parent, previous) = try siblingAnchor(item, after: true)
    let hashes = try checkNew(items)
    makeUnique()
    storage.insert(items, hashes: hashes, parent: parent, after: previous)
    storage.treeChanged()
  }

  /// Grafts the roots of `snapshot` (with their subtrees and flags) as
  /// siblings directly before `item`.
  /// - Throws: `.insertDestinationNotFound`, then `.treeDuplicate` (nothing
  ///   is checked when `snapshot` is empty).
  /// - Complexity: O(*k*), *k* the items of `snapshot`.
  @inlinable
  public mutating func insert(_ snapshot: Self, before item: ItemIdentifier)
    throws(SnapshotError)
  {
    try graft(snapshot, next: item, after: false)
  }

  /// Grafts the roots of `snapshot` (with their subtrees and flags) as
  /// siblings directly after `item`.
  /// - Throws: `.insertDestinationNotFound`, then `.treeDuplicate` (nothing
  ///   is checked when `snapshot` is empty).
  /// - Complexity: O(*k*), *k* the items of `snapshot`.
  @inlinable
  public mutating func insert(_ snapshot: Self, after item: ItemIdentifier)
    throws(SnapshotError)
  {
    try graft(snapshot, next: item, after: true)
  }

  /// Deletes items with their whole subtrees and their flags. Repeats and
  /// items listed with their descendants are fine.
  /// - Throws: `.deleteMissing` naming the first missing id; nothing is
  ///   deleted then.
  /// - Complexity: O(*k* + Σ subtree sizes).
  @inlinable
  public mutating func delete(_ items: [ItemIdentifier]) throws(SnapshotError) {
    guard !items.isEmpty else { return }
    if let missing = items.first(where: { storage.slot(of: $0) == nil }) {
      throw .deleteMissing(SnapshotError.text(missing))
    }
    makeUnique()
    for item in items {
      if let slot = storage.slot(of: item) { storage.removeSubtree(slot) }
    }
    storage.treeChanged()
    checkInvariants()
  }

  /// Empties the tree and the expanded set.
  /// - Complexity: O(1) (the old storage is released).
  @inlinable
  public mutating func deleteAll() {
    storage = Storage()
  }

  /// Adds the present ids to the expanded set; missing ids are ignored.
  /// - Complexity: O(*k* · *d*), *d* the depth of a toggled item that has
  ///   children (to decide whether `visibleItems` can change), plus, in a
  ///   derived tree, the rows it shows (tracked for
  ///   `visibleRowEdits(since:)`).
  @inlinable
  public mutating func expand(_ items: [ItemIdentifier]) {
    setExpanded(items, to: true)
  }

  /// Removes the present ids from the expanded set; missing ids are ignored.
  /// Descendants keep their own flags.
  /// - Complexity: as `expand(_:)`.
  @inlinable
  public mutating func collapse(_ items: [ItemIdentifier]) {
    setExpanded(items, to: false)
  }

  /// Replaces the children of `parent` by the roots of `snapshot` (with
  /// their subtrees and flags); `parent`'s own flag is unchanged. Ids that
  /// were below `parent` may come back.
  /// - Throws: `.parentNotFound`, then `.treeDuplicate` naming (in
  ///   `snapshot.items` order) the ids found elsewhere in the tree (spec
  ///   decision B.3); nothing changes then.
  /// - Complexity: O(*s* + *k* · *d*), *s* the old subtree below `parent`,
  ///   *k* the items of `snapshot`, *d* the depth of a reused id.
  @inlinable
  public mutating func replace(childrenOf parent: ItemIdentifier, using snapshot: Self)
    throws(SnapshotError)
  {
    guard let parentSlot = storage.slot(of: parent) else {
      throw .parentNotFound(SnapshotError.text(parent))
    }
    let offenders = snapshot.items.filter { id in
      guard let slot = storage.slot(of: id) else { return false }
      return !isStrictDescendant(slot, of: parentSlot)
    }
    if !offenders.isEmpty { throw .treeDuplicate(SnapshotError.texts(offenders)) }
    let replacement = snapshot.storage
    makeUnique()
    guard let parentSlot = storage.slot(of: parent) else { return }
    while storage.nodes[parentSlot].firstChild >= 0 {
      storage.removeSubtree(storage.nodes[parentSlot].firstChild)
    }
    storage.graft(replacement, parent: parentSlot, after: -1)
    storage.treeChanged()
    checkInvariants()
  }

  // MARK: Helpers

  /// The parent slot and the previous-sibling slot for an insert next to
  /// `item`.
  @inlinable
  func siblingAnchor(_ item: ItemIdentifier, after: Bool) throws(SnapshotError)
    -> (parent: Int, previous: Int)
  {
    guard let slot = storage.slot(of: item) else {
      throw .insertDestinationNotFound(SnapshotError.text(item))
    }
    let node = storage.nodes[slot]
    return (node.parent, after ? slot : node.previous)
  }

  @inlinable
  mutating func graft(_ snapshot: Self, next item: ItemIdentifier, after: Bool)
    throws(SnapshotError)
  {
    guard snapshot.storage.count > 0 else { return }
    _ = try siblingAnchor(item, after: after)
    try checkNew(snapshot.items)
    let source = snapshot.storage
    makeUnique()
    let (parent, previous) = try siblingAnchor(item, after: after)
    storage.graft(source, parent: parent, after: previous)
    storage.treeChanged()
    checkInvariants()
  }

  @inlinable
  func isStrictDescendant(_ slot: Int, of ancestor: Int) -> Bool {
    var current = storage.nodes[slot].parent
    while current >= 0 {
      if current == ancestor { return true }
      current = storage.nodes[current].parent
    }
    return false
  }

  @inlinable
  mutating func setExpanded(_ items: [ItemIdentifier], to expanded: Bool) {
    for item in items {
      guard let slot = storage.slot(of: item),
        storage.nodes[slot].isExpanded != expanded
      else { continue }
      makeUnique()
      storage.nodes[slot].isExpanded = expanded
      storage.version &+= 1
      // Only a visible item with children changes the rows; the depth walk
      // is paid only when a cache or a row log needs the answer.
      guard storage.nodes[slot].firstChild >= 0,
        storage.visibleCache != nil || storage.rowEdits != nil, storage.isVisible(slot)
      else { continue }
      storage.visibleCache = nil
      if storage.rowEdits != nil {
        let rows = storage.rows(of: slot, includingSelf: false)
        storage.record(expanded ? .insert(rows, after: item) : .delete(rows))
      }
    }
  }
}
