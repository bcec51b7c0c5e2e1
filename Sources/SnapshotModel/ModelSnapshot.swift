import SnapshotCore

/// The reference model of `NSDiffableDataSourceSnapshot` (semantics part A):
/// ordered sections, each holding ordered items, with reload and reconfigure
/// marks.
///
/// This type is the oracle the engine and every user implementation are
/// checked against, so it reads like the specification: two parallel plain
/// arrays (the section ids and, at the same index, that section's items),
/// three plain arrays of marks, linear scans everywhere, no caches and no
/// indices kept on the side.
///
/// Every throwing operation validates everything before it mutates anything,
/// so a thrown error leaves the snapshot exactly as it was, marks included.
/// Identifiers in error payloads are `SnapshotError.text(_:)` strings.
public struct ModelSnapshot<SectionIdentifier: Hashable, ItemIdentifier: Hashable>:
  SnapshotProtocol
{
  /// The sections, in order; no id twice.
  @usableFromInline var sections: [SectionIdentifier]
  /// The items of `sections[i]` at index `i`; no item id twice in the whole
  /// snapshot.
  @usableFromInline var itemsBySection: [[ItemIdentifier]]
  /// Items marked by `reloadItems`, in first-mark order, each once.
  @usableFromInline var reloadedItems: [ItemIdentifier]
  /// Sections marked by `reloadSections`, in first-mark order, each once.
  @usableFromInline var reloadedSections: [SectionIdentifier]
  /// Items marked by `reconfigureItems`, in first-mark order, each once.
  @usableFromInline var reconfiguredItems: [ItemIdentifier]

  /// Creates an empty snapshot: no sections, no items, no marks.
  @inlinable
  public init() {
    sections = []
    itemsBySection = []
    reloadedItems = []
    reloadedSections = []
    reconfiguredItems = []
  }

  /// Whether two snapshots have the same sections, in order, and the same
  /// items in every section, in order. Marks are ignored (spec decision A.1).
  @inlinable
  public static func == (lhs: ModelSnapshot, rhs: ModelSnapshot) -> Bool {
    lhs.sections == rhs.sections && lhs.itemsBySection == rhs.itemsBySection
  }
}

extension ModelSnapshot: Sendable
where SectionIdentifier: Sendable, ItemIdentifier: Sendable {}

// MARK: - Queries (A.2)

extension ModelSnapshot {
  /// The number of items across all sections.
  @inlinable
  public var numberOfItems: Int {
    itemsBySection.reduce(0) { $0 + $1.count }
  }

  /// The number of sections.
  @inlinable
  public var numberOfSections: Int { sections.count }

  /// The sections in order.
  @inlinable
  public var sectionIdentifiers: [SectionIdentifier] { sections }

  /// All items: section order first, then item order within each section.
  @inlinable
  public var itemIdentifiers: [ItemIdentifier] {
    itemsBySection.flatMap { $0 }
  }

  /// The number of items of `section`.
  /// - Throws: `.sectionNotFound` when `section` is missing.
  @inlinable
  public func numberOfItems(inSection section: SectionIdentifier)
    throws(SnapshotError) -> Int
  {
    try itemIdentifiers(inSection: section).count
  }

  /// The items of `section` in order.
  /// - Throws: `.sectionNotFound` when `section` is missing (iOS 14 and
  ///   later; iOS 13 returned an empty array).
  @inlinable
  public func itemIdentifiers(inSection section: SectionIdentifier)
    throws(SnapshotError) -> [ItemIdentifier]
  {
    guard let index = sections.firstIndex(of: section) else {
      throw .sectionNotFound(SnapshotError.text(section))
    }
    return itemsBySection[index]
  }

  /// The section holding `item`, or `nil` when it is missing.
  @inlinable
  public func sectionIdentifier(containingItem item: ItemIdentifier)
    -> SectionIdentifier?
  {
    guard let index = sectionIndex(containingItem: item) else { return nil }
    return sections[index]
  }

  /// The *global* index of `item` in `itemIdentifiers` (counting across
  /// sections), or `nil` when it is missing.
  @inlinable
  public func indexOfItem(_ item: ItemIdentifier) -> Int? {
    // `itemIdentifiers.firstIndex(of:)`, scanning the sections in place.
    var before = 0
    for items in itemsBySection {
      if let index = items.firstIndex(of: item) { return before + index }
      before += items.count
    }
    return nil
  }

  /// The index of `section` in `sectionIdentifiers`, or `nil`.
  @inlinable
  public func indexOfSection(_ section: SectionIdentifier) -> Int? {
    sections.firstIndex(of: section)
  }

  /// Items marked by `reloadItems`, in first-mark order, each once.
  @inlinable
  public var reloadedItemIdentifiers: [ItemIdentifier] { reloadedItems }

  /// Sections marked by `reloadSections`, in first-mark order, each once.
  @inlinable
  public var reloadedSectionIdentifiers: [SectionIdentifier] {
    reloadedSections
  }

  /// Items marked by `reconfigureItems`, in first-mark order, each once.
  @inlinable
  public var reconfiguredItemIdentifiers: [ItemIdentifier] {
    reconfiguredItems
  }
}

// MARK: - Helpers shared by the mutation files

extension ModelSnapshot {
  /// The index in `sections` of the section holding `item`, or `nil`.
  @inlinable
  func sectionIndex(containingItem item: ItemIdentifier) -> Int? {
    itemsBySection.firstIndex { $0.contains(item) }
  }

  /// The path of `item` (its section's index and its index there), or
  /// `nil` when it is missing: `itemPath(of:)` by one linear scan.
  @inlinable
  func path(of item: ItemIdentifier) -> ItemPath? {
    for (section, items) in itemsBySection.enumerated() {
      if let index = items.firstIndex(of: item) {
        return ItemPath(section: section, item: index)
      }
    }
    return nil
  }

  /// Whether `item` is anywhere in the snapshot.
  @inlinable
  func contains(item: ItemIdentifier) -> Bool {
    sectionIndex(containingItem: item) != nil
  }

  /// Throws `.duplicateInArgument(kind, repeats)` when `identifiers` repeats
  /// an id.
  @inlinable
  static func checkNoRepeats<ID: Hashable>(
    _ identifiers: [ID], kind: IdentifierKind
  ) throws(SnapshotError) {
    let repeats = identifiers.repeatedElements()
    if !repeats.isEmpty {
      throw .duplicateInArgument(kind, SnapshotError.texts(repeats))
    }
  }
}
