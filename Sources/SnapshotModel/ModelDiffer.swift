import SnapshotCore

/// The reference differ: a naive diff that respects identity but makes no
/// attempt at minimality.
///
/// The changeset has at most two batches (`DifferProtocol`):
///
/// 1. **Structure.** Deleted sections: old sections not in new. Inserted
///    sections: new sections not in old. A surviving section is moved (old
///    index → new index) exactly when its index differs. Deleted items: in
///    old, not in new (items of deleted sections included). Inserted items:
///    in new, not in old (items of inserted sections included). A surviving
///    item is moved (old path → new path) exactly when its section (by id)
///    changed or its index within that section differs — so items leaving a
///    deleted section or entering an inserted one are moves.
/// 2. **Refresh**, at new paths: items present in both that are marked in
///    new or whose content changed; an item is reloaded when it is marked for
///    reload or its content changed under `.reload`, and otherwise
///    reconfigured (the reload wins over the reconfigure); sections present
///    in both and marked for reload in new.
///
/// Why this round-trips through `BatchInterpreter`: the sections neither
/// deleted nor moved are exactly the survivors whose index is the same in
/// both snapshots. The interpreter lays them into the slots no insert or move
/// took, in their old order; those slots are the very same indices, in the
/// same order, so each lands at its own index. Likewise inside a surviving
/// section, the unmoved items are those whose index is unchanged, and they
/// fill the free slots — their own indices — in order. Every other section
/// and item is inserted or moved straight to its new position. The count
/// rule holds because every old item of a surviving section is deleted,
/// moved out or kept, and every new one is inserted, moved in or kept.
/// Identity holds because only ids absent from one side are deleted or
/// inserted.
public struct ModelDiffer<SectionIdentifier: Hashable, ItemIdentifier: Hashable>:
  DifferProtocol, Sendable
{
  /// The reference full snapshot.
  public typealias Snapshot = ModelSnapshot<SectionIdentifier, ItemIdentifier>

  /// Creates the differ; it holds no state.
  @inlinable
  public init() {}

  /// The changeset taking `old` to `new`: a structural batch, then a batch
  /// of reloads and reconfigures at new paths; empty batches are left out.
  ///
  /// - Complexity: O(*n*²), by linear scans, as befits the reference model.
  @inlinable
  public func changeset(
    from old: Snapshot, to new: Snapshot, options: DiffOptions<ItemIdentifier>
  ) -> Changeset {
    let batches = [
      structuralBatch(from: old, to: new),
      refreshBatch(from: old, to: new, options: options),
    ]
    return Changeset(batches: batches.filter { !$0.isEmpty })
  }

  /// Section and item deletes, inserts and moves.
  @inlinable
  func structuralBatch(from old: Snapshot, to new: Snapshot) -> Changeset.Batch {
    let oldSections = old.sectionIdentifiers
    let newSections = new.sectionIdentifiers
    var batch = Changeset.Batch()
    for (oldIndex, section) in oldSections.enumerated() {
      if let newIndex = newSections.firstIndex(of: section) {
        if newIndex != oldIndex {
          batch.sectionMoves.append(.init(from: oldIndex, to: newIndex))
        }
      } else {
        batch.sectionDeletes.append(oldIndex)
      }
    }
    for (newIndex, section) in newSections.enumerated()
    where !oldSections.contains(section) {
      batch.sectionInserts.append(newIndex)
    }
    for (from, item) in paths(of: old) {
      guard let to = new.path(of: item) else {
        batch.itemDeletes.append(from)
        continue
      }
      let sameSection = oldSections[from.section] == newSections[to.section]
      if !sameSection || from.item != to.item {
        batch.itemMoves.append(.init(from: from, to: to))
      }
    }
    for (to, item) in paths(of: new) where old.path(of: item) == nil {
      batch.itemInserts.append(to)
    }
    return batch
  }

  /// Reloads and reconfigures at new paths.
  @inlinable
  func refreshBatch(
    from old: Snapshot, to new: Snapshot, options: DiffOptions<ItemIdentifier>
  ) -> Changeset.Batch {
    var batch = Changeset.Batch()
    for (path, item) in paths(of: new) where old.path(of: item) != nil {
      let changed = options.contentChanged(item)
      if new.reloadedItemIdentifiers.contains(item)
        || (changed && options.contentUpdate == .reload)
      {
        batch.itemReloads.append(path)
      } else if new.reconfiguredItemIdentifiers.contains(item)
        || (changed && options.contentUpdate == .reconfigure)
      {
        batch.itemReconfigures.append(path)
      }
    }
    for (index, section) in new.sectionIdentifiers.enumerated()
    where new.reloadedSectionIdentifiers.contains(section)
      && old.sectionIdentifiers.contains(section)
    {
      batch.sectionReloads.append(index)
    }
    return batch
  }

  /// Every item of `snapshot` with its path, in path order.
  @inlinable
  func paths(of snapshot: Snapshot) -> [(path: ItemPath, item: ItemIdentifier)] {
    snapshot.itemsBySection.enumerated().flatMap { section, items in
      items.enumerated().map { index, item in
        (ItemPath(section: section, item: index), item)
      }
    }
  }
}
