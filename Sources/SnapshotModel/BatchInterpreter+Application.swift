import SnapshotCore

extension BatchInterpreter {
  /// Where a section slot of a batch's after-state comes from.
  @usableFromInline enum SectionSource: Equatable {
    /// An inserted section.
    case inserted
    /// The section at this before-index, moved there or kept.
    case survivor(Int, moved: Bool)
  }

  /// The source of every after-index of a valid batch: inserted sections and
  /// move destinations are fixed; the sections neither deleted nor moved
  /// fill the remaining slots in their order.
  @inlinable
  static func sectionSources(
    of batch: Changeset.Batch, before: Int, after: Int
  ) -> [SectionSource] {
    var sources: [SectionSource?] = Array(repeating: nil, count: after)
    for index in batch.sectionInserts {
      sources[index] = .inserted
    }
    for move in batch.sectionMoves {
      sources[move.to] = .survivor(move.from, moved: true)
    }
    let movedFrom = batch.sectionMoves.map { $0.from }
    var kept = (0..<before).filter {
      !batch.sectionDeletes.contains($0) && !movedFrom.contains($0)
    }
    return sources.map { source in
      if let source { return source }
      return .survivor(kept.removeFirst(), moved: false)
    }
  }

  /// Performs a valid batch over `before`, filling inserted positions from
  /// `target` (whose shape the batch ends in).
  @inlinable
  static func perform<Section, Item>(
    _ batch: Changeset.Batch, on before: Layout<Section, Item>,
    target: Layout<Section, Item>
  ) -> Layout<Section, Item> {
    let sources = sectionSources(
      of: batch, before: before.sections.count, after: target.sections.count)
    var after = Layout<Section, Item>(
      sections: [], items: [], sectionOrigins: [], itemOrigins: [])
    for (index, source) in sources.enumerated() {
      let slots = itemSlots(of: index, source: source, batch: batch, before: before, target: target)
      switch source {
      case .inserted:
        after.sections.append(target.sections[index])
        after.sectionOrigins.append(.inserted)
      case .survivor(let old, let moved):
        after.sections.append(before.sections[old])
        let origin = before.sectionOrigins[old]
        after.sectionOrigins.append(moved ? origin.moved : origin)
      }
      after.items.append(slots.map(\.item))
      after.itemOrigins.append(slots.map(\.origin))
    }
    return after
  }

  /// The items of after-section `section`: inserts from the target, moves at
  /// their destinations, then the section's unmoved survivors (for a
  /// surviving section) or the target's items (for an inserted one) in the
  /// remaining slots, in order.
  @inlinable
  static func itemSlots<Section, Item>(
    of section: Int, source: SectionSource, batch: Changeset.Batch,
    before: Layout<Section, Item>, target: Layout<Section, Item>
  ) -> [(item: Item, origin: ItemOrigin)] {
    let count = target.items[section].count
    var slots: [(item: Item, origin: ItemOrigin)?] = Array(repeating: nil, count: count)
    for path in batch.itemInserts where path.section == section {
      slots[path.item] = (target[path], .inserted)
    }
    for move in batch.itemMoves where move.to.section == section {
      let origin = before.itemOrigins[move.from.section][move.from.item]
      slots[move.to.item] = (before[move.from], origin.moved)
    }
    var fillers = remainingItems(of: source, batch: batch, before: before)
    for index in slots.indices where slots[index] == nil {
      if case .inserted = source {
        slots[index] = (target.items[section][index], .inserted)
      } else if !fillers.isEmpty {
        slots[index] = fillers.removeFirst()
      }
    }
    return slots.compactMap { $0 }
  }

  /// The items of a surviving section that are neither deleted nor moved, in
  /// order, with their origins; none for an inserted section.
  @inlinable
  static func remainingItems<Section, Item>(
    of source: SectionSource, batch: Changeset.Batch, before: Layout<Section, Item>
  ) -> [(item: Item, origin: ItemOrigin)] {
    guard case .survivor(let old, _) = source else { return [] }
    let gone = batch.itemDeletes + batch.itemMoves.map { $0.from }
    return before.items[old].indices.compactMap { index in
      let path = ItemPath(section: old, item: index)
      if gone.contains(path) { return nil }
      return (before[path], before.itemOrigins[old][index])
    }
  }
}
