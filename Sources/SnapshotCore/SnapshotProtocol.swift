/// A full diffable snapshot: ordered sections, each holding ordered items
/// (semantics part A), with reload and reconfigure marks.
///
/// Conformers are value types: mutating a copy never changes the original.
/// Every throwing operation is atomic: when it throws, the snapshot is left
/// exactly as it was, marks included. `==` compares sections and the items of
/// every section in order and ignores marks (spec decision A.1).
///
/// The reference model (`ModelSnapshot`) and the engine (`EngineSnapshot`)
/// conform; so can any user implementation, which the property catalog then
/// checks against the model.
public protocol SnapshotProtocol<SectionIdentifier, ItemIdentifier>: Equatable, SendableMetatype {
  /// The type of section identifiers.
  associatedtype SectionIdentifier: Hashable
  /// The type of item identifiers.
  associatedtype ItemIdentifier: Hashable
  /// The collection `reloadedItemIdentifiers` returns (any collection, e.g.
  /// a `Set`: mark order is a contract, not a required rule).
  associatedtype ReloadedItems: Collection<ItemIdentifier> = [ItemIdentifier]
  /// The collection `reloadedSectionIdentifiers` returns.
  associatedtype ReloadedSections: Collection<SectionIdentifier> = [SectionIdentifier]
  /// The collection `reconfiguredItemIdentifiers` returns.
  associatedtype ReconfiguredItems: Collection<ItemIdentifier> = [ItemIdentifier]

  /// What the type implements; the catalog checks exactly these. By
  /// default everything, without `.orderedMarks` when a mark getter is not
  /// an `Array`.
  static var capabilities: SnapshotCapabilities { get }

  /// Creates an empty snapshot: no sections, no items, no marks.
  init()

  // MARK: Queries (A.2)

  /// The number of items across all sections.
  var numberOfItems: Int { get }
  /// The number of sections.
  var numberOfSections: Int { get }
  /// The sections in order.
  var sectionIdentifiers: [SectionIdentifier] { get }
  /// All items: section order first, then item order within each section.
  var itemIdentifiers: [ItemIdentifier] { get }
  /// The number of items of `section`.
  /// - Throws: `.sectionNotFound` when `section` is missing.
  func numberOfItems(inSection section: SectionIdentifier) throws(SnapshotError) -> Int
  /// The items of `section` in order.
  /// - Throws: `.sectionNotFound` when `section` is missing.
  func itemIdentifiers(inSection section: SectionIdentifier) throws(SnapshotError)
    -> [ItemIdentifier]
  /// The section holding `item`, or `nil` when it is missing.
  func sectionIdentifier(containingItem item: ItemIdentifier) -> SectionIdentifier?
  /// The *global* index of `item` in `itemIdentifiers`, or `nil`.
  func indexOfItem(_ item: ItemIdentifier) -> Int?
  /// The index of `section` in `sectionIdentifiers`, or `nil`.
  func indexOfSection(_ section: SectionIdentifier) -> Int?
  /// The items at `paths` (each the index of a section, then an index
  /// within it), in the order of `paths`; `nil` when any path is out of
  /// range.
  ///
  /// A default reads each section named once, with
  /// `itemIdentifiers(inSection:)`; a type whose sections are not stored as
  /// arrays answers without building one (`DiffableDataSource` reads the
  /// items a changeset deletes with it).
  func itemIdentifiers(at paths: [ItemPath]) -> [ItemIdentifier]?
  /// How many items `section` shares with `items` at the start, then at
  /// the end of what is left (the two never overlap), and how many items
  /// the section holds.
  /// - Throws: `.sectionNotFound` when `section` is missing.
  ///
  /// A default compares with `itemIdentifiers(inSection:)`; a type whose
  /// sections are not stored as arrays compares in place
  /// (`DiffableDataSource.apply(_:to:)` compares the section with the
  /// visible items of the section snapshot applied to it).
  func commonEnds(ofSection section: SectionIdentifier, with items: [ItemIdentifier])
    throws(SnapshotError) -> (prefix: Int, suffix: Int, count: Int)
  /// Items marked by `reloadItems`, each once (in first-mark order when
  /// the type has `.orderedMarks`).
  var reloadedItemIdentifiers: ReloadedItems { get }
  /// Sections marked by `reloadSections`, each once.
  var reloadedSectionIdentifiers: ReloadedSections { get }
  /// Items marked by `reconfigureItems`, each once.
  var reconfiguredItemIdentifiers: ReconfiguredItems { get }

  // MARK: Item mutations (A.3)

  /// Appends items to the end of `section`, or of the last section when
  /// `section` is `nil`; items already in the snapshot are moved.
  /// - Throws: `.noSections`, `.duplicateInArgument`, `.sectionNotFound`,
  ///   checked in that order.
  mutating func appendItems(
    _ identifiers: [ItemIdentifier], toSection section: SectionIdentifier?
  ) throws(SnapshotError)
  /// Inserts items directly before `beforeItem`, in its section; items
  /// already in the snapshot are moved.
  /// - Throws: `.duplicateInArgument`, `.destinationInArgument`,
  ///   `.destinationNotFound`, checked in that order.
  mutating func insertItems(
    _ identifiers: [ItemIdentifier], beforeItem: ItemIdentifier
  ) throws(SnapshotError)
  /// Inserts items directly after `afterItem`, in its section; items already
  /// in the snapshot are moved.
  /// - Throws: as `insertItems(_:beforeItem:)`.
  mutating func insertItems(
    _ identifiers: [ItemIdentifier], afterItem: ItemIdentifier
  ) throws(SnapshotError)
  /// Deletes the items that are present; missing ids are ignored; sections
  /// that become empty remain.
  /// - Throws: `.duplicateInArgument`.
  mutating func deleteItems(_ identifiers: [ItemIdentifier]) throws(SnapshotError)
  /// Removes all items *and all sections*, and clears every mark.
  mutating func deleteAllItems()
  /// Moves `item` directly before `beforeItem`, into its section.
  /// - Throws: `.moveOntoSelf`, `.sourceNotFound`, `.destinationNotFound`.
  mutating func moveItem(
    _ item: ItemIdentifier, beforeItem: ItemIdentifier
  ) throws(SnapshotError)
  /// Moves `item` directly after `afterItem`, into its section.
  /// - Throws: `.moveOntoSelf`, `.sourceNotFound`, `.destinationNotFound`.
  mutating func moveItem(
    _ item: ItemIdentifier, afterItem: ItemIdentifier
  ) throws(SnapshotError)
  /// Marks items for reload.
  /// - Throws: `.duplicateInArgument`, then `.reloadMissing(.reloadItem, _)`.
  mutating func reloadItems(_ identifiers: [ItemIdentifier]) throws(SnapshotError)
  /// Marks items for reconfigure.
  /// - Throws: `.duplicateInArgument`, then
  ///   `.reloadMissing(.reconfigureItem, _)`.
  mutating func reconfigureItems(_ identifiers: [ItemIdentifier]) throws(SnapshotError)

  // MARK: Section mutations (A.4)

  /// Appends new, empty sections at the end.
  /// - Throws: `.duplicateInArgument`, `.sectionAlreadyExists`.
  mutating func appendSections(_ identifiers: [SectionIdentifier]) throws(SnapshotError)
  /// Inserts new, empty sections directly before `beforeSection`.
  /// - Throws: `.duplicateInArgument`, `.destinationInArgument`,
  ///   `.destinationNotFound`, `.sectionAlreadyExists`, in that order.
  mutating func insertSections(
    _ identifiers: [SectionIdentifier], beforeSection: SectionIdentifier
  ) throws(SnapshotError)
  /// Inserts new, empty sections directly after `afterSection`.
  /// - Throws: as `insertSections(_:beforeSection:)`.
  mutating func insertSections(
    _ identifiers: [SectionIdentifier], afterSection: SectionIdentifier
  ) throws(SnapshotError)
  /// Deletes the sections that are present, with all their items; missing
  /// ids are ignored.
  /// - Throws: `.duplicateInArgument`.
  mutating func deleteSections(_ identifiers: [SectionIdentifier]) throws(SnapshotError)
  /// Moves `section` (with its items) directly before `beforeSection`.
  /// - Throws: `.moveOntoSelf`, `.sourceNotFound`, `.destinationNotFound`.
  mutating func moveSection(
    _ section: SectionIdentifier, beforeSection: SectionIdentifier
  ) throws(SnapshotError)
  /// Moves `section` (with its items) directly after `afterSection`.
  /// - Throws: `.moveOntoSelf`, `.sourceNotFound`, `.destinationNotFound`.
  mutating func moveSection(
    _ section: SectionIdentifier, afterSection: SectionIdentifier
  ) throws(SnapshotError)
  /// Marks sections for reload.
  /// - Throws: `.duplicateInArgument`, then `.reloadMissing(.reloadSection, _)`.
  mutating func reloadSections(_ identifiers: [SectionIdentifier]) throws(SnapshotError)

  // MARK: Not Apple API

  /// Drops every reload and reconfigure mark, as a data source does once it
  /// has applied a snapshot (A.5).
  mutating func removeAllMarks()

  /// Internal-consistency problems, as readable sentences; empty when the
  /// value is sound. Never traps.
  func invariantViolations() -> [String]
}

extension SnapshotProtocol {
  /// Everything, without `.orderedMarks` when a mark getter is not an
  /// `Array`.
  public static var capabilities: SnapshotCapabilities {
    let ordered =
      ReloadedItems.self == [ItemIdentifier].self
      && ReloadedSections.self == [SectionIdentifier].self
      && ReconfiguredItems.self == [ItemIdentifier].self
    return ordered ? .all : SnapshotCapabilities.all.subtracting(.orderedMarks)
  }

  /// For a type without `==` (declare `.equality` missing): compares the
  /// layouts, as spec decision A.1 says `==` does; the catalog does not
  /// check it.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sectionIdentifiers == rhs.sectionIdentifiers
      && lhs.sectionIdentifiers.allSatisfy { section in
        (try? lhs.itemIdentifiers(inSection: section))
          == (try? rhs.itemIdentifiers(inSection: section))
      }
  }

  /// For a type without `reconfigureItems` (before iOS 15): it must
  /// declare `.reconfigure` missing, and the catalog never calls it then;
  /// a call traps, naming what is missing.
  public mutating func reconfigureItems(_ identifiers: [ItemIdentifier]) throws(SnapshotError) {
    preconditionFailure(
      "\(Self.self) does not implement reconfigureItems(_:): declare .reconfigure missing in its "
        + "`capabilities` (and do not call it), or implement it")
  }

  /// The reload marks as an array, in the getter's order.
  public var reloadedItems: [ItemIdentifier] { Array(reloadedItemIdentifiers) }
  /// The section reload marks as an array, in the getter's order.
  public var reloadedSections: [SectionIdentifier] { Array(reloadedSectionIdentifiers) }
  /// The reconfigure marks as an array, in the getter's order.
  public var reconfiguredItems: [ItemIdentifier] { Array(reconfiguredItemIdentifiers) }

  /// Appends items to the end of the last section.
  /// - Throws: `.noSections`, `.duplicateInArgument`.
  public mutating func appendItems(_ identifiers: [ItemIdentifier]) throws(SnapshotError) {
    try appendItems(identifiers, toSection: nil)
  }

  /// The items of every section, in section order: the layout a collection
  /// view shows.
  @inlinable
  public var layout: [(section: SectionIdentifier, items: [ItemIdentifier])] {
    sectionIdentifiers.map { section in
      (section, (try? itemIdentifiers(inSection: section)) ?? [])
    }
  }

  /// The items at `paths`, in order, each section named read once with
  /// `itemIdentifiers(inSection:)` (a run of paths in one section reuses
  /// its items); `nil` when a path is out of range.
  /// - Complexity: O(*p*) plus one `itemIdentifiers(inSection:)` per run
  ///   of paths in one section, *p* the paths.
  @inlinable
  public func itemIdentifiers(at paths: [ItemPath]) -> [ItemIdentifier]? {
    guard !paths.isEmpty else { return [] }
    let sections = sectionIdentifiers
    var found: [ItemIdentifier] = []
    found.reserveCapacity(paths.count)
    var rows: (section: Int, items: [ItemIdentifier]) = (-1, [])
    for path in paths {
      guard sections.indices.contains(path.section) else { return nil }
      if rows.section != path.section {
        guard let items = try? itemIdentifiers(inSection: sections[path.section]) else {
          return nil
        }
        rows = (path.section, items)
      }
      guard rows.items.indices.contains(path.item) else { return nil }
      found.append(rows.items[path.item])
    }
    return found
  }

  /// The common prefix and suffix of `section`'s items and `items`, read
  /// with `itemIdentifiers(inSection:)`, and the section's count.
  /// - Throws: `.sectionNotFound` when `section` is missing.
  /// - Complexity: O(*s*) comparisons plus `itemIdentifiers(inSection:)`,
  ///   *s* the section's items.
  @inlinable
  public func commonEnds(ofSection section: SectionIdentifier, with items: [ItemIdentifier])
    throws(SnapshotError) -> (prefix: Int, suffix: Int, count: Int)
  {
    let shown = try itemIdentifiers(inSection: section)
    let limit = Swift.min(shown.count, items.count)
    var prefix = 0
    while prefix < limit && shown[prefix] == items[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < limit - prefix
      && shown[shown.count - 1 - suffix] == items[items.count - 1 - suffix]
    {
      suffix += 1
    }
    return (prefix, suffix, shown.count)
  }

  /// The path of `item`: its section's index and its index within it.
  @inlinable
  public func itemPath(of item: ItemIdentifier) -> ItemPath? {
    guard let section = sectionIdentifier(containingItem: item),
      let sectionIndex = indexOfSection(section),
      let items = try? itemIdentifiers(inSection: section),
      let index = items.firstIndex(of: item)
    else { return nil }
    return ItemPath(section: sectionIndex, item: index)
  }
}

extension SnapshotProtocol where ReloadedItems == [ItemIdentifier] {
  /// For a type without readable marks (declare `.readableMarks`
  /// missing): empty; the catalog does not read it.
  public var reloadedItemIdentifiers: [ItemIdentifier] { [] }
}

extension SnapshotProtocol where ReloadedSections == [SectionIdentifier] {
  /// For a type without readable marks: empty; the catalog does not read it.
  public var reloadedSectionIdentifiers: [SectionIdentifier] { [] }
}

extension SnapshotProtocol where ReconfiguredItems == [ItemIdentifier] {
  /// For a type without readable marks: empty; the catalog does not read it.
  public var reconfiguredItemIdentifiers: [ItemIdentifier] { [] }
}
