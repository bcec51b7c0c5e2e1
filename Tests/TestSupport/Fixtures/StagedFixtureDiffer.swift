import SnapshotCore

/// A differ in the style of the popular staged differs: item deletes,
/// section inserts, item moves, section deletes and moves, item inserts
/// and updates each in their own `performBatchUpdates`, each after setting
/// that stage's intermediate data. `holdsMovedItemTwice` plants the
/// historical bug: the move stage's data keeps a cross-section moved item
/// in its old section too. `reinsertsReordered` plants identity loss: an
/// item that stays in its section but changes place among the section's
/// survivors is deleted and inserted again instead of moved (UIKit accepts
/// it, the cell is recreated).
public struct StagedFixtureDiffer<Snapshot: SnapshotProtocol>: StagedDifferProtocol, Sendable {
  public typealias Section = Snapshot.SectionIdentifier
  public typealias Item = Snapshot.ItemIdentifier
  public typealias Data = [(section: Section, items: [Item])]

  public var holdsMovedItemTwice = false
  public var reinsertsReordered = false

  /// Creates the differ, with the plants asked for.
  public init(holdsMovedItemTwice: Bool = false, reinsertsReordered: Bool = false) {
    self.holdsMovedItemTwice = holdsMovedItemTwice
    self.reinsertsReordered = reinsertsReordered
  }

  public func stagedChangeset(
    from old: Snapshot, to new: Snapshot, options: DiffOptions<Item>
  ) -> StagedChangeset<Section, Item> {
    let start = old.layout
    let target = new.layout
    let reinserted = reinsertsReordered ? Self.reordered(from: start, to: target) : []
    // Whether an item of old survives into new as itself.
    func survives(_ item: Item) -> Bool {
      new.indexOfItem(item) != nil && !reinserted.contains(item)
    }
    var stages: [StagedChangeset<Section, Item>.Stage] = []
    func add(_ batch: Changeset.Batch, _ data: Data) {
      if !batch.isEmpty { stages.append(.init(batch: batch.normalized(), data: data)) }
    }
    // 1. Delete the items that are not in new.
    var deletes = Changeset.Batch()
    let kept: Data = start.enumerated().map { s, entry in
      for (i, item) in entry.items.enumerated() where !survives(item) {
        deletes.itemDeletes.append(ItemPath(section: s, item: i))
      }
      return (entry.section, entry.items.filter(survives))
    }
    add(deletes, kept)
    // 2. Insert the new sections at the end, empty.
    var sectionInserts = Changeset.Batch()
    let added = target.map(\.section).filter { old.indexOfSection($0) == nil }
    sectionInserts.sectionInserts = Array(kept.count..<(kept.count + added.count))
    let widened = kept + added.map { ($0, [Item]()) }
    add(sectionInserts, widened)
    // 3. Move every surviving item to its final section and order.
    var moves = Changeset.Batch()
    let settled: Data = widened.map { entry in
      let final = target.first { $0.section == entry.section }?.items ?? []
      let mine = final.filter { old.indexOfItem($0) != nil && survives($0) }
      guard holdsMovedItemTwice else { return (entry.section, mine) }
      return (entry.section, entry.items + mine.filter { !entry.items.contains($0) })
    }
    // Items staying in their section keep their slots unless their order
    // changed; items entering a section are moved to their slot.
    for (s, entry) in settled.enumerated() {
      let stay = widened[s].items.filter(entry.items.contains)
      let inOrder = entry.items.filter(stay.contains) == stay
      for (i, item) in entry.items.enumerated() {
        guard let from = Self.path(of: item, in: widened), from.section != s || !inOrder else {
          continue
        }
        moves.itemMoves.append(.init(from: from, to: ItemPath(section: s, item: i)))
      }
    }
    add(moves, settled)
    // 4. Delete the sections not in new; move the rest to their order.
    var sections = Changeset.Batch()
    for (s, entry) in settled.enumerated() where new.indexOfSection(entry.section) == nil {
      sections.sectionDeletes.append(s)
    }
    let ordered: Data = target.compactMap { entry in settled.first { $0.section == entry.section } }
    let survivors = settled.filter { new.indexOfSection($0.section) != nil }
    if survivors.map(\.section) != ordered.map(\.section) {
      sections.sectionMoves = ordered.enumerated().compactMap { to, entry in
        settled.firstIndex { $0.section == entry.section }.map { .init(from: $0, to: to) }
      }
    }
    add(sections, ordered)
    // 5. Insert the new items.
    var inserts = Changeset.Batch()
    for (s, entry) in target.enumerated() {
      for (i, item) in entry.items.enumerated()
      where old.indexOfItem(item) == nil || !survives(item) {
        inserts.itemInserts.append(ItemPath(section: s, item: i))
      }
    }
    add(inserts, target)
    // 6. Updates: marked or changed items and marked sections, at new paths.
    var updates = Changeset.Batch()
    for (s, entry) in target.enumerated() {
      for (i, item) in entry.items.enumerated() where old.indexOfItem(item) != nil && survives(item)
      {
        let changed = options.contentChanged(item)
        if new.reloadedItemIdentifiers.contains(item) || changed && options.contentUpdate == .reload
        {
          updates.itemReloads.append(ItemPath(section: s, item: i))
        } else if new.reconfiguredItemIdentifiers.contains(item)
          || changed && options.contentUpdate == .reconfigure
        {
          updates.itemReconfigures.append(ItemPath(section: s, item: i))
        }
      }
      if new.reloadedSectionIdentifiers.contains(entry.section)
        && old.indexOfSection(entry.section) != nil
      {
        updates.sectionReloads.append(s)
      }
    }
    add(updates, target)
    return StagedChangeset(stages: stages)
  }

  /// The items that stay in their section but change place among the
  /// items the section keeps (those `reinsertsReordered` deletes and
  /// inserts again).
  public static func reordered(from start: Data, to target: Data) -> [Item] {
    var items: [Item] = []
    for entry in start {
      guard let final = target.first(where: { $0.section == entry.section })?.items else {
        continue
      }
      let before = entry.items.filter(final.contains)
      let after = final.filter(before.contains)
      items += zip(before, after).filter { $0.0 != $0.1 }.map(\.0)
    }
    return items
  }

  public static func path(of item: Item, in data: Data) -> ItemPath? {
    for (s, entry) in data.enumerated() {
      if let i = entry.items.firstIndex(of: item) { return ItemPath(section: s, item: i) }
    }
    return nil
  }
}

/// A staged fixture differ with fixed plants, constructible by `init()`
/// (what `Implementation` needs): `plants` picks them.
public protocol PlantedStagedDiffer: StagedDifferProtocol, Sendable {
  /// The fixture with this type's plants.
  static var plants: StagedFixtureDiffer<Snapshot> { get }
}

extension PlantedStagedDiffer {
  public func stagedChangeset(
    from old: Snapshot, to new: Snapshot, options: DiffOptions<Snapshot.ItemIdentifier>
  ) -> StagedChangeset<Snapshot.SectionIdentifier, Snapshot.ItemIdentifier> {
    Self.plants.stagedChangeset(from: old, to: new, options: options)
  }
}

/// The staged differ with the planted bug, constructible by `init()`.
public struct TwiceHoldingStagedDiffer<Snapshot: SnapshotProtocol>: PlantedStagedDiffer {
  public init() {}
  public static var plants: StagedFixtureDiffer<Snapshot> { .init(holdsMovedItemTwice: true) }
}

/// The staged differ with both planted bugs: stage data that holds a moved
/// item twice (UIKit raises "invalid number of items") and a reordered
/// survivor deleted and inserted again (identity loss, which UIKit
/// accepts).
public struct TwiceHoldingReinsertingStagedDiffer<Snapshot: SnapshotProtocol>: PlantedStagedDiffer {
  public init() {}
  public static var plants: StagedFixtureDiffer<Snapshot> {
    .init(holdsMovedItemTwice: true, reinsertsReordered: true)
  }
}

/// The staged differ with identity loss only.
public struct ReinsertingStagedDiffer<Snapshot: SnapshotProtocol>: PlantedStagedDiffer {
  public init() {}
  public static var plants: StagedFixtureDiffer<Snapshot> { .init(reinsertsReordered: true) }
}
