import SnapshotCore

extension EngineSnapshot {
  /// The number of items across all sections.
  /// - Complexity: O(1).
  @inlinable
  public var numberOfItems: Int { storage.itemCount }

  /// The number of sections.
  /// - Complexity: O(1).
  @inlinable
  public var numberOfSections: Int { storage.sections.count }

  /// The sections in order.
  /// - Complexity: O(*m*), where *m* is the number of sections.
  @inlinable
  public var sectionIdentifiers: [SectionIdentifier] { storage.sections.map(\.id) }

  /// All items: section order first, then item order within each section.
  /// - Complexity: O(*n*), where *n* is the number of items.
  @inlinable
  public var itemIdentifiers: [ItemIdentifier] {
    var all: [ItemIdentifier] = []
    all.reserveCapacity(storage.itemCount)
    for section in storage.sections {
      for chunk in section.items.chunks { all.append(contentsOf: chunk) }
    }
    return all
  }

  /// The number of items of `section`.
  /// - Throws: `.sectionNotFound` when `section` is missing.
  /// - Complexity: O(1).
  @inlinable
  public func numberOfItems(inSection section: SectionIdentifier) throws(SnapshotError)
    -> Int
  {
    let position = try storedPosition(of: section)
    return storage.sections[position].items.count
  }

  /// The items of `section` in order.
  /// - Throws: `.sectionNotFound` when `section` is missing.
  /// - Complexity: O(1) for a section built by one append and not edited
  ///   since (the array is shared copy-on-write); otherwise O(*s*), *s* the
  ///   section's items (an edited section is stored in chunks).
  @inlinable
  public func itemIdentifiers(inSection section: SectionIdentifier) throws(SnapshotError)
    -> [ItemIdentifier]
  {
    let position = try storedPosition(of: section)
    return storage.sections[position].items.array
  }

  /// How many items `section` shares with `items` at the start, then at
  /// the end of what is left, and how many items it holds, compared in
  /// place chunk by chunk (`itemIdentifiers(inSection:)` of an edited
  /// section builds an array: a retain per `String` id).
  /// - Throws: `.sectionNotFound` when `section` is missing.
  /// - Complexity: O(*p* + *s* + *c*) comparisons, *p* and *s* the
  ///   results and *c* the section's chunks.
  @inlinable
  public func commonEnds(ofSection section: SectionIdentifier, with items: [ItemIdentifier])
    throws(SnapshotError) -> (prefix: Int, suffix: Int, count: Int)
  {
    let position = try storedPosition(of: section)
    let stored = storage.sections[position].items
    let (prefix, suffix) = stored.commonEnds(with: items)
    return (prefix, suffix, stored.count)
  }

  /// The position of `section` in the storage.
  /// - Throws: `.sectionNotFound` when `section` is missing.
  /// - Complexity: O(1).
  @inlinable
  func storedPosition(of section: SectionIdentifier) throws(SnapshotError) -> Int {
    guard let position = storage.sectionIndex[section] else {
      throw .sectionNotFound(SnapshotError.text(section))
    }
    return position
  }

  /// The items at `paths`, in order; `nil` when a path is out of range.
  /// - Complexity: O(*p*) reads, each O(1) in a section built by one
  ///   append and not edited since, else O(log *c*), *c* the section's
  ///   chunks; no section is copied.
  @inlinable
  public func itemIdentifiers(at paths: [ItemPath]) -> [ItemIdentifier]? {
    let sections = storage.sections
    var found: [ItemIdentifier] = []
    found.reserveCapacity(paths.count)
    for path in paths {
      guard sections.indices.contains(path.section),
        path.item >= 0 && path.item < sections[path.section].items.count
      else { return nil }
      found.append(sections[path.section].items[path.item])
    }
    return found
  }

  /// The section holding `item`, or `nil` when it is missing.
  /// - Complexity: O(1).
  @inlinable
  public func sectionIdentifier(containingItem item: ItemIdentifier) -> SectionIdentifier? {
    guard let location = storage.location(of: item) else { return nil }
    return storage.sections[storage.sectionPosition(of: location)].id
  }

  /// The *global* index of `item` in `itemIdentifiers`, or `nil`.
  /// - Complexity: amortised O(1): O(1) when no section's count changed
  ///   since the last query; otherwise proportional to the sections after
  ///   the first section whose count changed.
  @inlinable
  public func indexOfItem(_ item: ItemIdentifier) -> Int? {
    guard let location = storage.location(of: item) else { return nil }
    return storage.itemsBefore(section: storage.sectionPosition(of: location))
      + Int(location.index)
  }

  /// The index of `section` in `sectionIdentifiers`, or `nil`.
  /// - Complexity: O(1).
  @inlinable
  public func indexOfSection(_ section: SectionIdentifier) -> Int? {
    storage.sectionIndex[section]
  }

  /// The index path of `item` (section position, index within it), or `nil`.
  /// - Complexity: O(1).
  @inlinable
  public func indexPath(of item: ItemIdentifier) -> ItemPath? {
    guard let location = storage.location(of: item) else { return nil }
    return ItemPath(section: storage.sectionPosition(of: location), item: Int(location.index))
  }

  /// Whether `item` is in the snapshot.
  /// - Complexity: O(1).
  @inlinable
  public func contains(item: ItemIdentifier) -> Bool { storage.location(of: item) != nil }

  /// Items marked by `reloadItems`, in first-mark order, each once.
  /// - Complexity: O(1).
  @inlinable
  public var reloadedItemIdentifiers: [ItemIdentifier] { storage.reloadedItems.order }

  /// Sections marked by `reloadSections`, in first-mark order, each once.
  /// - Complexity: O(1).
  @inlinable
  public var reloadedSectionIdentifiers: [SectionIdentifier] {
    storage.reloadedSections.order
  }

  /// Items marked by `reconfigureItems`, in first-mark order, each once.
  /// - Complexity: O(1).
  @inlinable
  public var reconfiguredItemIdentifiers: [ItemIdentifier] {
    storage.reconfiguredItems.order
  }
}
