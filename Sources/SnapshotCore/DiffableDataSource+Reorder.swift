extension DiffableDataSource {
  /// A user's drag of the row at `source` to `destination` (semantics C; the
  /// coordinates and refusal rules of `DataSourceProtocol`).
  ///
  /// `destination.item` counts the destination section's rows after the
  /// dragged rows (the item and, in an outline, its visible descendants) were
  /// removed, so it ranges over `0...count`. The item's whole subtree
  /// travels, hidden descendants and expanded flags included: in an outline
  /// it becomes the sibling directly before the row at `destination.item`
  /// (at that row's level), or the last root at the end; in a flat section
  /// the item is inserted at `destination.item`.
  ///
  /// Sequence: the paths are checked; `canReorderItem` is asked (`nil` or
  /// `false` refuses); the refusal rules apply — an item with children
  /// cannot go to a section without a section snapshot, and a subtree cannot
  /// go to an outline that already holds one of its ids; `willReorder` runs
  /// while the old state is held; the new state is committed (full snapshot
  /// and stored section snapshots); `didReorder` runs. A drop at the row's
  /// own position is a drag like any other, with empty differences.
  ///
  /// - Returns: the transaction, or `nil` when the drag was refused (nothing
  ///   changed).
  /// - Throws: `.indexPathOutOfRange` when `source` is not a row or
  ///   `destination` not a drop position; no handler runs.
  /// - Complexity: O(*n*) plus the snapshot operations it runs (the
  ///   transaction's flattened difference dominates).
  @inlinable
  public mutating func userReorder(
    from source: ItemPath, to destination: ItemPath
  ) throws(SnapshotError) -> Transaction<Snapshot, SectionSnapshot>? {
    let layout = current.layout
    guard layout.indices.contains(source.section),
      layout[source.section].items.indices.contains(source.item)
    else { throw .indexPathOutOfRange(source) }
    let from = layout[source.section].section
    let item = layout[source.section].items[source.item]
    var origin = content(of: from)
    let piece = origin.remove(item)
    guard layout.indices.contains(destination.section) else {
      throw .indexPathOutOfRange(destination)
    }
    let to = layout[destination.section].section
    var target = to == from ? origin : content(of: to)
    guard (0...target.rows.count).contains(destination.item) else {
      throw .indexPathOutOfRange(destination)
    }
    guard reorderingHandlers.canReorderItem?(item) == true,
      target.insert(piece, at: destination.item)
    else { return nil }
    var changed = [(from, to == from ? target : origin)]
    if to != from { changed.append((to, target)) }
    let transaction = self.transaction(changing: changed)
    reorderingHandlers.willReorder?(transaction)
    current = transaction.finalSnapshot
    for (section, content) in changed {
      if case .outline(let tree) = content { store(tree, for: section) }
    }
    checkInvariants()
    reorderingHandlers.didReorder?(transaction)
    return transaction
  }

  /// The transaction of a drop that gives the sections in `changed` their
  /// new content: the full difference, and a section transaction for each
  /// section whose content changed, last section first.
  @inlinable
  func transaction(
    changing changed: [(SectionIdentifier, SectionContent)]
  ) -> Transaction<Snapshot, SectionSnapshot> {
    var final = current
    for (section, content) in changed {
      Self.replaceItems(of: section, with: content.rows, in: &final)
    }
    var sectionTransactions: [SectionTransaction<SectionIdentifier, SectionSnapshot>] = []
    for section in current.sectionIdentifiers.reversed() {
      guard let after = changed.first(where: { $0.0 == section })?.1 else { continue }
      let before = content(of: section)
      guard before != after else { continue }
      sectionTransactions.append(
        SectionTransaction(
          sectionIdentifier: section, initialSnapshot: before.snapshot,
          finalSnapshot: after.snapshot,
          difference: after.rows.difference(from: before.rows).inferringMoves()))
    }
    return Transaction(
      initialSnapshot: current, finalSnapshot: final,
      difference: final.itemIdentifiers.difference(from: current.itemIdentifiers)
        .inferringMoves(),
      sectionTransactions: sectionTransactions)
  }

  /// What `section` holds now: its stored tree, or its flat item list.
  @inlinable
  func content(of section: SectionIdentifier) -> SectionContent {
    if let tree = storedSnapshot(of: section) { return .outline(tree) }
    return .flat((try? current.itemIdentifiers(inSection: section)) ?? [])
  }

  /// A section's content during a reorder.
  @usableFromInline enum SectionContent: Equatable {
    /// A section filled by a full snapshot: its items.
    case flat([ItemIdentifier])
    /// A section backed by a stored section snapshot.
    case outline(SectionSnapshot)

    /// The section's rows.
    @inlinable
    var rows: [ItemIdentifier] {
      switch self {
      case .flat(let items): return items
      case .outline(let tree): return tree.visibleItems
      }
    }

    /// The section snapshot a section transaction shows: the tree, or the
    /// items as roots.
    @inlinable
    var snapshot: SectionSnapshot {
      switch self {
      case .flat(let items): return DiffableDataSource.flatSnapshot(items)
      case .outline(let tree): return tree
      }
    }

    /// Removes `item` (a row) with its subtree and returns that subtree,
    /// `item` as its single root, flags included.
    @inlinable
    mutating func remove(_ item: ItemIdentifier) -> SectionSnapshot {
      switch self {
      case .flat(var items):
        items.removeAll { $0 == item }
        self = .flat(items)
        return DiffableDataSource.flatSnapshot([item])
      case .outline(var tree):
        var piece = SectionSnapshot()
        DiffableDataSource.established { () throws(SnapshotError) in
          piece = try tree.snapshot(of: item, includingParent: true)
          try tree.delete([item])
        }
        self = .outline(tree)
        return piece
      }
    }

    /// Puts `piece` where row `index` of the current rows is (or at the
    /// end); `false`, changing nothing, when a refusal rule forbids it.
    @inlinable
    mutating func insert(_ piece: SectionSnapshot, at index: Int) -> Bool {
      switch self {
      case .flat(var items):
        guard piece.items.count == 1 else { return false }
        items.insert(contentsOf: piece.items, at: index)
        self = .flat(items)
        return true
      case .outline(var tree):
        precondition(
          SectionSnapshot.capabilities.contains(.insertSnapshot),
          "a drag into an outline needs insert(_:before:) of a section snapshot, which "
            + "\(SectionSnapshot.self) declares missing")
        let rows = tree.visibleItems
        do {
          if index < rows.count {
            try tree.insert(piece, before: rows[index])
          } else if let last = tree.rootItems.last {
            try tree.insert(piece, after: last)
          } else {
            tree = piece
          }
        } catch {
          return false
        }
        self = .outline(tree)
        return true
      }
    }
  }
}
