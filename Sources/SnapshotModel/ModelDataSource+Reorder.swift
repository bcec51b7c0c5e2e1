import SnapshotCore

extension ModelDataSource {
  /// A user's drag of the row at `source` to `destination` (part C, with
  /// the coordinates and refusal rules of `DataSourceProtocol`), read
  /// literally.
  ///
  /// The dragged rows (the item and, in an outline, its visible
  /// descendants) are taken out of their section first; `destination.item`
  /// counts the destination's rows after that, `0...count`. Then
  /// `canReorderItem` is asked (`nil` or `false` refuses). In a flat
  /// destination the item goes to row `destination.item`, refused when it
  /// has children; in an outline its whole subtree (hidden descendants and
  /// flags) becomes the sibling before the row at `destination.item`, or
  /// the last root at the end, refused when the outline already holds one
  /// of its ids. `willReorder` runs with the old state held, the new state
  /// is committed, `didReorder` runs.
  ///
  /// - Returns: the transaction, or `nil` for a refused drag (no change).
  /// - Throws: `.indexPathOutOfRange` when `source` is not a row or
  ///   `destination` not a drop position; no handler runs.
  @inlinable
  public mutating func userReorder(from source: ItemPath, to destination: ItemPath)
    throws(SnapshotError) -> Transaction<Snapshot, SectionSnapshot>?
  {
    let sections = current.sections
    guard sections.indices.contains(source.section),
      current.itemsBySection[source.section].indices.contains(source.item)
    else { throw .indexPathOutOfRange(source) }
    let from = sections[source.section]
    let item = current.itemsBySection[source.section][source.item]
    var origin = content(source.section)
    let piece = origin.cut(item)
    guard sections.indices.contains(destination.section) else {
      throw .indexPathOutOfRange(destination)
    }
    let to = sections[destination.section]
    var target = to == from ? origin : content(destination.section)
    guard destination.item >= 0, destination.item <= target.rows.count else {
      throw .indexPathOutOfRange(destination)
    }
    guard let allowed = reorderingHandlers.canReorderItem, allowed(item),
      target.paste(piece, at: destination.item)
    else { return nil }
    var changed: [(section: SectionIdentifier, content: Content)] = [(to, target)]
    if to != from { changed.append((from, origin)) }
    let transaction = transaction(changing: changed)
    reorderingHandlers.willReorder?(transaction)
    current = transaction.finalSnapshot
    for entry in changed where entry.content.outline {
      store(entry.content.tree, for: entry.section)
    }
    checkInternalInvariants(invariantViolations())
    reorderingHandlers.didReorder?(transaction)
    return transaction
  }

  /// The transaction of a drop giving the sections of `changed` their new
  /// content (C.2): the flattened difference with moves inferred, and one
  /// section transaction per section whose content changed, last section
  /// first, its difference over visible rows.
  @inlinable
  func transaction(changing changed: [(section: SectionIdentifier, content: Content)])
    -> Transaction<Snapshot, SectionSnapshot>
  {
    func newContent(_ section: SectionIdentifier) -> Content? {
      for entry in changed where entry.section == section { return entry.content }
      return nil
    }
    var final = Snapshot()
    final.sections = current.sections
    final.itemsBySection = current.itemsBySection
    var sectionTransactions: [SectionTransaction<SectionIdentifier, SectionSnapshot>] = []
    for index in current.sections.indices.reversed() {
      let section = current.sections[index]
      guard let after = newContent(section) else { continue }
      final.itemsBySection[index] = after.rows
      let before = content(index)
      if before.outline == after.outline && before.tree == after.tree { continue }
      sectionTransactions.append(
        SectionTransaction(
          sectionIdentifier: section, initialSnapshot: before.tree, finalSnapshot: after.tree,
          difference: after.rows.difference(from: before.rows).inferringMoves()))
    }
    return Transaction(
      initialSnapshot: current, finalSnapshot: final,
      difference: final.itemIdentifiers.difference(from: current.itemIdentifiers).inferringMoves(),
      sectionTransactions: sectionTransactions)
  }

  /// What the section at `index` holds: its stored tree, or its rows as
  /// roots of a flat tree.
  @inlinable
  func content(_ index: Int) -> Content {
    if let tree = stored(current.sections[index]) { return Content(tree: tree, outline: true) }
    var flat = SectionSnapshot()
    flat.roots = current.itemsBySection[index].map { SectionSnapshot.Node($0) }
    return Content(tree: flat, outline: false)
  }

  /// A section's content during a drag: a tree, which is the section's
  /// stored section snapshot when `outline`, and its rows as roots
  /// otherwise.
  @usableFromInline
  struct Content {
    @usableFromInline var tree: SectionSnapshot
    @usableFromInline var outline: Bool

    @usableFromInline
    init(tree: SectionSnapshot, outline: Bool) {
      self.tree = tree
      self.outline = outline
    }

    /// The section's rows.
    @inlinable
    var rows: [ItemIdentifier] { tree.visibleItems }

    /// Takes `item` (a row) out with its subtree and returns that subtree,
    /// `item` as its single root, flags included.
    @inlinable
    mutating func cut(_ item: ItemIdentifier) -> SectionSnapshot {
      guard let piece = try? tree.snapshot(of: item, includingParent: true) else {
        // coverage: only broken code (a drag's source row is in its section)
        preconditionFailure("ModelDataSource: the dragged row \(item) is not in its section")
      }
      try? tree.delete([item])
      return piece
    }

    /// Puts `piece` where row `index` is (or at the end); `false`, nothing
    /// changed, when a refusal rule forbids it.
    @inlinable
    mutating func paste(_ piece: SectionSnapshot, at index: Int) -> Bool {
      if !outline {
        guard piece.items.count == 1 else { return false }
        var rows = self.rows
        rows.insert(contentsOf: piece.items, at: index)
        tree.roots = rows.map { SectionSnapshot.Node($0) }
        return true
      }
      let rows = self.rows
      var result = tree
      do {
        if index < rows.count {
          try result.insert(piece, before: rows[index])
        } else if let last = result.rootItems.last {
          try result.insert(piece, after: last)
        } else {
          result = piece
        }
      } catch {
        return false
      }
      tree = result
      return true
    }
  }
}
