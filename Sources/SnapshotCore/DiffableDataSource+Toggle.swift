extension DiffableDataSource {
  /// A user's tap on the disclosure of `item` in `section` (semantics part
  /// D): expands a collapsed row, collapses an expanded one.
  ///
  /// `.ignored`, with no handler run, unless `section` has a stored section
  /// snapshot of which `item` is a visible row. Expand: `shouldExpandItem`
  /// (`nil` allows; `false` gives `.vetoed`), `willExpandItem`, then
  /// `snapshotForExpandingParent(item, snapshot(of: item))` whose result
  /// replaces the item's children, then the item is expanded and the section
  /// snapshot applied as by `apply(_:to:)`. Collapse: `shouldCollapseItem`,
  /// `willCollapseItem`, collapse, apply. Every handler runs while the old
  /// state is still held.
  ///
  /// - Throws: what `replace(childrenOf:using:)` throws when the lazily
  ///   loaded children hold ids found elsewhere in the tree; nothing is
  ///   changed then (`willExpandItem` has run).
  /// - Complexity: finding the stored tree and asking it whether `item` is
  ///   visible, then as `apply(_:to:)`.
  @inlinable
  public mutating func userToggle(
    _ item: ItemIdentifier, in section: SectionIdentifier
  ) throws(SnapshotError) -> ToggleOutcome {
    guard let tree = storedSnapshot(of: section), tree.contains(item),
      (try? tree.isVisible(item)) == true
    else { return .ignored }
    if try tree.isExpanded(item) {
      return collapse(item, in: section, tree: tree)
    }
    return try expand(item, in: section, tree: tree)
  }

  /// The expand sequence of `userToggle(_:in:)`.
  @inlinable
  mutating func expand(
    _ item: ItemIdentifier, in section: SectionIdentifier, tree: SectionSnapshot
  ) throws(SnapshotError) -> ToggleOutcome {
    let handlers = sectionSnapshotHandlers
    if handlers.shouldExpandItem?(item) == false { return .vetoed }
    handlers.willExpandItem?(item)
    var next = tree
    if let childrenFor = handlers.snapshotForExpandingParent {
      precondition(
        SectionSnapshot.capabilities.contains(.replaceChildren),
        "a snapshotForExpandingParent handler needs replace(childrenOf:using:), which "
          + "\(SectionSnapshot.self) declares missing")
      let children = childrenFor(item, try tree.snapshot(of: item))
      try next.replace(childrenOf: item, using: children)
    }
    next.expand([item])
    return .expanded(apply(next, to: section))
  }

  /// The collapse sequence of `userToggle(_:in:)`.
  @inlinable
  mutating func collapse(
    _ item: ItemIdentifier, in section: SectionIdentifier, tree: SectionSnapshot
  ) -> ToggleOutcome {
    let handlers = sectionSnapshotHandlers
    if handlers.shouldCollapseItem?(item) == false { return .vetoed }
    handlers.willCollapseItem?(item)
    var next = tree
    next.collapse([item])
    return .collapsed(apply(next, to: section))
  }
}
