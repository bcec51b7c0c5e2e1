import SnapshotCore

extension ModelDataSource {
  /// A user's tap on the disclosure of `item` in `section` (part D), read
  /// literally: `.ignored`, no handler run, unless `section` has a stored
  /// section snapshot in which `item` is a visible row. An expanded row
  /// collapses: `shouldCollapseItem` (`nil` allows, `false` gives
  /// `.vetoed`), `willCollapseItem`, collapse, apply. A collapsed row
  /// expands: `shouldExpandItem`, `willExpandItem`, then
  /// `snapshotForExpandingParent(item, snapshot(of: item))` whose result
  /// replaces the item's children even when it had some, expand, apply.
  /// The apply is `apply(_:to:)` of the new tree; every handler runs while
  /// the old state is held.
  ///
  /// - Throws: what `replace(childrenOf:using:)` throws for lazily loaded
  ///   children holding ids found elsewhere in the tree; nothing changes.
  @inlinable
  public mutating func userToggle(_ item: ItemIdentifier, in section: SectionIdentifier)
    throws(SnapshotError) -> ToggleOutcome
  {
    guard let tree = stored(section), tree.contains(item), try tree.isVisible(item) else {
      return .ignored
    }
    let handlers = sectionSnapshotHandlers
    var next = tree
    if try tree.isExpanded(item) {
      if let should = handlers.shouldCollapseItem, !should(item) { return .vetoed }
      handlers.willCollapseItem?(item)
      next.collapse([item])
      return .collapsed(apply(next, to: section))
    }
    if let should = handlers.shouldExpandItem, !should(item) { return .vetoed }
    handlers.willExpandItem?(item)
    if let load = handlers.snapshotForExpandingParent {
      let children = load(item, try tree.snapshot(of: item, includingParent: false))
      try next.replace(childrenOf: item, using: children)
    }
    next.expand([item])
    return .expanded(apply(next, to: section))
  }
}
