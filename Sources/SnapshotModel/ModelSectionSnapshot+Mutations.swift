import SnapshotCore

// Mutations (semantics B.3). Each operation runs its checks in the order the
// specification lists them, all before the first mutation. Unlike the full
// snapshot, an id already in the tree is never moved: it is an error
// (U-unique). Inserting an empty array validates nothing (U-empty).

extension ModelSectionSnapshot {
  /// Appends items as the last children of `parent`, or as the last roots
  /// when `parent` is `nil`. New items start collapsed.
  ///
  /// - Throws: nothing for an empty `items` (U-empty); then
  ///   `.parentNotFound` when `parent` is missing; then `.treeDuplicate`
  ///   listing, once each and in the order found scanning `items`, the ids
  ///   already in the tree or repeated in `items`.
  @inlinable
  public mutating func append(_ items: [ItemIdentifier], to parent: ItemIdentifier?)
    throws(SnapshotError)
  {
    guard !items.isEmpty else { return }
    var listPath: [Int] = []
    if let parent {
      guard let path = path(of: parent) else {
        throw .parentNotFound(SnapshotError.text(parent))
      }
      listPath = path
    }
    try checkUnique(items, replacing: [])
    Node.modifyList(&roots, at: listPath) { $0 += items.map { Node($0) } }
    checkInvariants()
  }

  /// Inserts items as siblings directly before `item`, at its level.
  ///
  /// - Throws: nothing for an empty `items` (U-empty); then
  ///   `.insertDestinationNotFound` when `item` is missing; then
  ///   `.treeDuplicate` as for `append(_:to:)`.
  @inlinable
  public mutating func insert(_ items: [ItemIdentifier], before item: ItemIdentifier)
    throws(SnapshotError)
  {
    guard !items.isEmpty else { return }
    try insert(items.map { Node($0) }, expanding: [], next: item, after: false)
  }

  /// Inserts items as siblings directly after `item`, at its level: in
  /// `items` order they come after `item`'s whole subtree.
  ///
  /// - Throws: nothing for an empty `items` (U-empty); then
  ///   `.insertDestinationNotFound` when `item` is missing; then
  ///   `.treeDuplicate` as for `append(_:to:)`.
  @inlinable
  public mutating func insert(_ items: [ItemIdentifier], after item: ItemIdentifier)
    throws(SnapshotError)
  {
    guard !items.isEmpty else { return }
    try insert(items.map { Node($0) }, expanding: [], next: item, after: true)
  }

  /// Grafts the roots of `snapshot`, with their subtrees and expanded flags,
  /// as siblings directly before `item`.
  ///
  /// - Throws: nothing for an empty `snapshot`; then
  ///   `.insertDestinationNotFound` when `item` is missing; then
  ///   `.treeDuplicate` listing the ids of `snapshot.items` already in the
  ///   tree, in that order.
  @inlinable
  public mutating func insert(_ snapshot: ModelSectionSnapshot, before item: ItemIdentifier)
    throws(SnapshotError)
  {
    guard !snapshot.roots.isEmpty else { return }
    try insert(snapshot.roots, expanding: snapshot.expanded, next: item, after: false)
  }

  /// Grafts the roots of `snapshot`, with their subtrees and expanded flags,
  /// as siblings directly after `item` (after its subtree in `items` order).
  ///
  /// - Throws: nothing for an empty `snapshot`; then
  ///   `.insertDestinationNotFound` when `item` is missing; then
  ///   `.treeDuplicate` listing the ids of `snapshot.items` already in the
  ///   tree, in that order.
  @inlinable
  public mutating func insert(_ snapshot: ModelSectionSnapshot, after item: ItemIdentifier)
    throws(SnapshotError)
  {
    guard !snapshot.roots.isEmpty else { return }
    try insert(snapshot.roots, expanding: snapshot.expanded, next: item, after: true)
  }

  /// Deletes items with their whole subtrees and the expanded flags of
  /// everything removed. Repeating an id, or naming an item together with a
  /// descendant, is fine; a parent that loses its last child keeps its own
  /// flag. An empty `items` is a no-op.
  ///
  /// - Throws: `.deleteMissing` naming the first missing id in argument
  ///   order, before anything is deleted.
  @inlinable
  public mutating func delete(_ items: [ItemIdentifier]) throws(SnapshotError) {
    if let missing = items.first(where: { !contains($0) }) {
      throw .deleteMissing(SnapshotError.text(missing))
    }
    for item in items {
      // Already gone when it was a repeat or inside an earlier subtree.
      guard let path = path(of: item) else { continue }
      let removed = Node.preorder([node(at: path)])
      Node.modifyList(&roots, at: path.dropLast()) { $0.remove(at: path[path.count - 1]) }
      expanded = expanded.removingAll(in: removed)
    }
    checkInvariants()
  }

  /// Empties the tree and the expanded set.
  @inlinable
  public mutating func deleteAll() {
    self = ModelSectionSnapshot()
  }

  /// Adds the present ids to the expanded set; missing ids are ignored.
  /// Descendants are not touched, and childless items may be expanded.
  @inlinable
  public mutating func expand(_ items: [ItemIdentifier]) {
    expanded.appendMissing(items.filter { contains($0) })
    checkInvariants()
  }

  /// Removes the given ids from the expanded set; missing ids are ignored.
  /// Descendants keep their own flags.
  @inlinable
  public mutating func collapse(_ items: [ItemIdentifier]) {
    expanded = expanded.removingAll(in: items)
    checkInvariants()
  }

  /// Replaces the children of `parent` by the roots of `snapshot`, with
  /// their subtrees and flags.
  ///
  /// The old children, their subtrees and their flags are removed first, so
  /// their ids may reappear in `snapshot`. `parent`'s own flag is unchanged;
  /// an empty `snapshot` leaves `parent` childless.
  ///
  /// - Throws: `.parentNotFound` when `parent` is missing; then
  ///   `.treeDuplicate` listing, in `snapshot.items` order, the ids found
  ///   elsewhere in the tree (`parent` itself included): UIKit builds a
  ///   corrupt tree there, the spec decision is to refuse (B.3).
  @inlinable
  public mutating func replace(
    childrenOf parent: ItemIdentifier, using snapshot: ModelSectionSnapshot
  ) throws(SnapshotError) {
    guard let path = path(of: parent) else {
      throw .parentNotFound(SnapshotError.text(parent))
    }
    let oldDescendants = Node.preorder(node(at: path).children)
    try checkUnique(snapshot.items, replacing: oldDescendants)
    expanded = expanded.removingAll(in: oldDescendants)
    Node.modifyList(&roots, at: path) { $0 = snapshot.roots }
    expanded.appendMissing(snapshot.expanded)
    checkInvariants()
  }
}

extension ModelSectionSnapshot {
  /// Places `nodes` as siblings before (or after) `destination`, and adds
  /// `flags` to the expanded set, after the U-insert checks.
  @inlinable
  mutating func insert(
    _ nodes: [Node], expanding flags: [ItemIdentifier],
    next destination: ItemIdentifier, after: Bool
  ) throws(SnapshotError) {
    guard let path = path(of: destination) else {
      throw .insertDestinationNotFound(SnapshotError.text(destination))
    }
    try checkUnique(Node.preorder(nodes), replacing: [])
    let position = path[path.count - 1] + (after ? 1 : 0)
    Node.modifyList(&roots, at: path.dropLast()) {
      $0.insert(contentsOf: nodes, at: position)
    }
    expanded.appendMissing(flags)
    checkInvariants()
  }

  /// U-unique: throws `.treeDuplicate` naming, once each and in the order
  /// found scanning `newItems`, every id that is in the tree (other than in
  /// `replaced`, which is about to go) or repeated earlier in `newItems`.
  @inlinable
  func checkUnique(_ newItems: [ItemIdentifier], replacing replaced: [ItemIdentifier])
    throws(SnapshotError)
  {
    let present = items.removingAll(in: replaced)
    var offending: [ItemIdentifier] = []
    for (index, item) in newItems.enumerated() {
      let clashes = present.contains(item) || newItems[..<index].contains(item)
      if clashes && !offending.contains(item) {
        offending.append(item)
      }
    }
    if !offending.isEmpty {
      throw .treeDuplicate(SnapshotError.texts(offending))
    }
  }
}
