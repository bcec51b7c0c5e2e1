extension DiffableDataSource {
  /// Applies a full snapshot: returns the `Differ` changeset from the current
  /// snapshot (with the stored and new content maps and
  /// `contentUpdateStyle`), then holds `snapshot` without its marks.
  ///
  /// Stored section snapshots are carried through per B.5 (see
  /// `DataSourceProtocol`): kept when the section's new items are the tree's
  /// `visibleItems`, otherwise rebased, and dropped when the rebase does not
  /// reproduce the new items or the section is gone. The content map takes
  /// the new values and forgets items no longer shown.
  /// - Complexity: the diff, plus O(*c*) item lookups for *c* content
  ///   entries, plus carrying each stored section snapshot through.
  @inlinable
  public mutating func apply(
    _ snapshot: Snapshot, contents newContents: ContentMap<ItemIdentifier>
  ) -> Changeset {
    let changeset = diff(to: snapshot, newContents: newContents)
    var next = snapshot
    next.removeAllMarks()
    commit(next, newContents: newContents, changeset: changeset)
    checkInvariants()
    return changeset
  }

  /// Applies a section snapshot to `section` (B.5 steps 1–5): the section is
  /// appended last when absent; its items become
  /// `sectionSnapshot.visibleItems`, items found in other sections being
  /// moved in; the resulting full snapshot is applied as by
  /// `apply(_:contents:)` with no new content; and the stored section
  /// snapshot becomes exactly `sectionSnapshot` (in place of a stored one,
  /// which is not carried through first: it is replaced). Only the stored
  /// section snapshots of sections that gave up items are carried through;
  /// the others show the same items as before.
  ///
  /// When `sectionSnapshot` was derived from the section's stored one and
  /// tells its visible-row edits since (`visibleRowEdits(since:)`), those
  /// edits are applied to the section's items (which are the stored one's
  /// visible items); otherwise, or when an edit brings in an item shown
  /// elsewhere, the rows are compared (`replaceItems(of:with:in:)`).
  /// - Complexity: with tracked edits, the edits on the full snapshot
  ///   (checked by item counts) and the diff: with the engine's
  ///   snapshots, in proportion to what changed. Otherwise the visible
  ///   items and one comparison per item shown in the section, then the
  ///   edits of the changed middle and the diff. Carrying a stored section
  ///   snapshot through costs its `visibleItems`, paid only for sections
  ///   items were moved out of.
  @inlinable
  public mutating func apply(
    _ sectionSnapshot: SectionSnapshot, to section: SectionIdentifier
  ) -> Changeset {
    var next = current
    var donors: [SectionIdentifier] = []
    let edits = storedSnapshot(of: section).flatMap(sectionSnapshot.visibleRowEdits(since:))
    if !Self.applyRowEdits(edits, to: section, in: &next) {
      next = current
      donors = Self.replaceItems(of: section, with: sectionSnapshot.visibleItems, in: &next)
    }
    let changeset = diff(to: next, newContents: [:])
    store(sectionSnapshot, for: section)
    commit(next, newContents: [:], changeset: changeset, rebasing: donors)
    checkInvariants()
    return changeset
  }

  /// Makes `rows` the items of `section` in `snapshot` (appending the
  /// section last when absent), items found in other sections moved in:
  /// the common prefix and suffix of the section's items and `rows` are
  /// left in place, and only the middle is deleted and inserted (R-exists
  /// moves in the ids shown elsewhere), so a snapshot derived by a few
  /// edits stays a few edits away from the one it was copied from.
  /// - Returns: the other sections that gave up items (moved in), each
  ///   once, in the order first met in `rows`.
  /// - Complexity: O(*s* + *r*) comparisons, *s* the section's items and
  ///   *r* the rows (`commonEnds(ofSection:with:)`, in place with the
  ///   engine's snapshots), plus the edits of the middle and a section
  ///   lookup per item of it.
  @inlinable
  @discardableResult
  static func replaceItems(
    of section: SectionIdentifier, with rows: [ItemIdentifier], in snapshot: inout Snapshot
  ) -> [SectionIdentifier] {
    var donors: [SectionIdentifier] = []
    established { () throws(SnapshotError) in
      let position: Int
      if let found = snapshot.indexOfSection(section) {
        position = found
      } else {
        position = snapshot.numberOfSections
        try snapshot.appendSections([section])
      }
      let (prefix, suffix, count) = try snapshot.commonEnds(ofSection: section, with: rows)
      let middle = Array(rows[prefix..<(rows.count - suffix)])
      if prefix < count - suffix,
        let doomed = snapshot.itemIdentifiers(
          at: (prefix..<(count - suffix)).map { ItemPath(section: position, item: $0) })
      {
        try snapshot.deleteItems(doomed)
      }
      guard !middle.isEmpty else { return }
      for item in middle {
        if let donor = snapshot.sectionIdentifier(containingItem: item), donor != section,
          !donors.contains(donor)
        {
          donors.append(donor)
        }
      }
      if prefix > 0 {
        try snapshot.insertItems(middle, afterItem: rows[prefix - 1])
      } else if suffix > 0 {
        try snapshot.insertItems(middle, beforeItem: rows[rows.count - suffix])
      } else {
        try snapshot.appendItems(middle, toSection: section)
      }
    }
    return donors
  }

  /// Applies visible-row `edits` to the items of `section` in `snapshot`.
  /// Returns `false`, with `snapshot` partly edited, when there are no
  /// edits (`nil`), the section is missing, a deleted row is not in it, an
  /// inserted row is already shown or the row it follows is not in the
  /// section.
  ///
  /// The rows are checked by counting, not one by one: an edit's rows are
  /// distinct (`deleteItems` and `insertItems` throw on a repeat), so the
  /// section loses exactly as many items as a delete names only when every
  /// one of them was in it (an id shown elsewhere would leave elsewhere,
  /// a missing one nowhere), and the snapshot gains exactly as many as an
  /// insert names only when none of them was shown (one shown would be
  /// moved, not added).
  /// - Complexity: the edits on the snapshot, plus a section lookup per
  ///   insert edit and O(1) item counts per edit.
  @inlinable
  static func applyRowEdits(
    _ edits: [VisibleRowEdit<ItemIdentifier>]?, to section: SectionIdentifier,
    in snapshot: inout Snapshot
  ) -> Bool {
    guard let edits, let position = snapshot.indexOfSection(section) else { return false }
    do throws(SnapshotError) {
      for edit in edits {
        switch edit {
        case .delete(let rows):
          let before = try snapshot.numberOfItems(inSection: section)
          try snapshot.deleteItems(rows)
          guard try snapshot.numberOfItems(inSection: section) == before - rows.count
          else { return false }
        case .insert(let rows, let after):
          let before = snapshot.numberOfItems
          if let after {
            guard snapshot.sectionIdentifier(containingItem: after) == section else { return false }
            try snapshot.insertItems(rows, afterItem: after)
          } else if let first = snapshot.itemIdentifiers(at: [ItemPath(section: position, item: 0)])
          {
            try snapshot.insertItems(rows, beforeItem: first[0])
          } else {
            try snapshot.appendItems(rows, toSection: section)
          }
          guard snapshot.numberOfItems == before + rows.count else { return false }
        }
      }
    } catch {
      return false
    }
    return true
  }

  /// The changeset from the current state to `snapshot`.
  @inlinable
  func diff(
    to snapshot: Snapshot, newContents: ContentMap<ItemIdentifier>
  ) -> Changeset {
    let options = DiffOptions(
      oldContent: contents, newContent: newContents,
      contentUpdate: contentUpdateStyle)
    return Differ().changeset(from: current, to: snapshot, options: options)
  }

  /// Makes `next` (without marks) the current snapshot: updates the content
  /// map (`updateContents`) and carries the stored section snapshots
  /// through (B.5): every one, or with `rebasing` only those of the
  /// sections it names, the caller knowing that the other sections show
  /// the same items in `next` as in `current`.
  @inlinable
  mutating func commit(
    _ next: Snapshot, newContents: ContentMap<ItemIdentifier>, changeset: Changeset,
    rebasing: [SectionIdentifier]? = nil
  ) {
    updateContents(to: next, newContents: newContents, changeset: changeset)
    storedSections = storedSections.compactMap { entry in
      if let rebasing, !rebasing.contains(entry.section) { return entry }
      guard let items = try? next.itemIdentifiers(inSection: entry.section),
        let rebased = Self.rebased(entry.snapshot, to: items)
      else { return nil }
      return (entry.section, rebased)
    }
    current = next
  }

  /// The content map for `next` replacing `current`: the new values of the
  /// items `next` shows, and no value for items it no longer shows.
  ///
  /// The items no longer shown are read off `changeset`, the differ's
  /// changeset from `current` to `next`: its first batch's item deletes
  /// (before-paths in `current`) and the items of its deleted sections
  /// (those not moved elsewhere). That holds when every later batch only
  /// reloads or reconfigures, as a differ following the project's target
  /// emits; for any other changeset every stored value is checked against
  /// `next`.
  /// - Complexity: O(*d* + *c*) item lookups, *d* the items deleted and *c*
  ///   the new values (O(*s* + *c*) for other changesets, *s* the stored
  ///   values), not O(*n*) in the items shown.
  @inlinable
  mutating func updateContents(
    to next: Snapshot, newContents: ContentMap<ItemIdentifier>, changeset: Changeset
  ) {
    guard let deleted = deletedItems(in: changeset) else {
      contents = contents.merging(newContents) { $1 }
        .filter { next.sectionIdentifier(containingItem: $0.key) != nil }
      return
    }
    if !contents.isEmpty {
      for item in deleted where next.sectionIdentifier(containingItem: item) == nil {
        contents[item] = nil
      }
    }
    for (item, value) in newContents where next.sectionIdentifier(containingItem: item) != nil {
      contents[item] = value
    }
  }

  /// The items of `current` that `changeset` deletes or takes with a
  /// deleted section (some may reappear elsewhere: moved out of a deleted
  /// section), or `nil` when a batch after the first changes structure.
  /// - Complexity: `itemIdentifiers(at:)` of the item deletes, plus O(*m*
  ///   + *s*) when sections are deleted, *m* the sections and *s* their
  ///   items.
  @inlinable
  func deletedItems(in changeset: Changeset) -> [ItemIdentifier]? {
    guard let first = changeset.batches.first else { return [] }
    guard changeset.batches.dropFirst().allSatisfy(\.isReloadOnly) else { return nil }
    guard !first.itemDeletes.isEmpty || !first.sectionDeletes.isEmpty else { return [] }
    guard var items = current.itemIdentifiers(at: first.itemDeletes) else { return nil }
    let sections = first.sectionDeletes.isEmpty ? [] : current.sectionIdentifiers
    for position in first.sectionDeletes {
      guard sections.indices.contains(position),
        let shown = try? current.itemIdentifiers(inSection: sections[position])
      else { return nil }
      items += shown
    }
    return items
  }

  /// The stored tree carried to a section whose items are now `items`
  /// (spec decision B.5): unchanged when `items` is its `visibleItems`;
  /// otherwise the vanished visible items are deleted with their subtrees
  /// and each item not in the tree is inserted after its predecessor in
  /// `items` (or first among the roots); `nil` (drop it) when the result's
  /// `visibleItems` still differ from `items`.
  @inlinable
  static func rebased(
    _ tree: SectionSnapshot, to items: [ItemIdentifier]
  ) -> SectionSnapshot? {
    let visible = tree.visibleItems
    if visible == items { return tree }
    var tree = tree
    let wanted = Set(items)
    do {
      try tree.delete(visible.filter { !wanted.contains($0) })
      for (index, item) in items.enumerated() where !tree.contains(item) {
        if index > 0 {
          try tree.insert([item], after: items[index - 1])
        } else if let first = tree.rootItems.first {
          try tree.insert([item], before: first)
        } else {
          try tree.append([item], to: nil)
        }
      }
    } catch {
      return nil
    }
    return tree.visibleItems == items ? tree : nil
  }
}
