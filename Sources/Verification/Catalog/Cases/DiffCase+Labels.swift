import SnapshotCore

extension DiffCase {
  /// The classes of the pair: `cross-section move`, `section move`,
  /// `reorder within section`, `section delete`, `section insert`, `item
  /// delete`, `item insert`, `content change`, `reload mark`, `reconfigure
  /// mark`, `section reload mark`, `unchanged`.
  public var labels: [String] {
    let old: ModelReference.Snapshot = old()
    let new: ModelReference.Snapshot = new()
    var labels: [String] = []
    let moves = MinimalMoves(from: old, to: new)
    if moves.sectionMoves > 0 { labels.append("section move") }
    for item in old.itemIdentifiers {
      guard let to = new.sectionIdentifier(containingItem: item) else {
        labels.append("item delete")
        continue
      }
      if old.sectionIdentifier(containingItem: item) != to { labels.append("cross-section move") }
      if changed.contains(item) { labels.append("content change") }
    }
    if new.itemIdentifiers.contains(where: { old.indexOfItem($0) == nil }) {
      labels.append("item insert")
    }
    if old.sectionIdentifiers.contains(where: { new.indexOfSection($0) == nil }) {
      labels.append("section delete")
    }
    if new.sectionIdentifiers.contains(where: { old.indexOfSection($0) == nil }) {
      labels.append("section insert")
    }
    let crossMoves = old.itemIdentifiers.filter { item in
      guard let to = new.sectionIdentifier(containingItem: item) else { return false }
      return old.sectionIdentifier(containingItem: item) != to
    }.count
    if moves.itemMoves > crossMoves { labels.append("reorder within section") }
    if !new.reloadedItemIdentifiers.isEmpty { labels.append("reload mark") }
    if !new.reconfiguredItemIdentifiers.isEmpty { labels.append("reconfigure mark") }
    if !new.reloadedSectionIdentifiers.isEmpty { labels.append("section reload mark") }
    if old == new { labels.append("unchanged") }
    return Array(Set(labels)).sorted()
  }
}
