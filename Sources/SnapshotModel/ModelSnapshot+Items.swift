import SnapshotCore

// Item mutations (semantics A.3). Each operation runs its checks in the
// order the specification lists them, all before the first mutation.

extension ModelSnapshot {
  /// Appends items to the end of `section`, or of the last section when
  /// `section` is `nil`.
  ///
  /// Items already in the snapshot (in any section, the target included) are
  /// first removed from where they are, then appended in argument order
  /// (R-exists). An empty `identifiers` changes nothing once the checks pass.
  ///
  /// - Throws: `.noSections` when there is no section, even for an empty
  ///   `identifiers`; then `.duplicateInArgument(.item, _)` (R-dupArg); then
  ///   `.sectionNotFound` when `section` is missing.
  @inlinable
  public mutating func appendItems(
    _ identifiers: [ItemIdentifier], toSection section: SectionIdentifier?
  ) throws(SnapshotError) {
    guard let lastSection = sections.last else { throw .noSections }
    try Self.checkNoRepeats(identifiers, kind: .item)
    let target = section ?? lastSection
    guard let targetIndex = sections.firstIndex(of: target) else {
      throw .sectionNotFound(SnapshotError.text(target))
    }
    removeFromTheirSections(identifiers)
    itemsBySection[targetIndex].append(contentsOf: identifiers)
    checkInvariants()
  }

  /// Inserts items directly before `beforeItem`, in its section; items
  /// already in the snapshot are moved (R-exists).
  ///
  /// - Throws: `.duplicateInArgument(.item, _)`; then
  ///   `.destinationInArgument(.item, beforeItem)` when `beforeItem` is one of
  ///   `identifiers`; then `.destinationNotFound(.item, beforeItem)` when it
  ///   is missing, even for an empty `identifiers`.
  @inlinable
  public mutating func insertItems(
    _ identifiers: [ItemIdentifier], beforeItem: ItemIdentifier
  ) throws(SnapshotError) {
    try insertItems(identifiers, next: beforeItem, after: false)
  }

  /// Inserts items directly after `afterItem`, in its section; items already
  /// in the snapshot are moved (R-exists).
  ///
  /// - Throws: as `insertItems(_:beforeItem:)`, about `afterItem`.
  @inlinable
  public mutating func insertItems(
    _ identifiers: [ItemIdentifier], afterItem: ItemIdentifier
  ) throws(SnapshotError) {
    try insertItems(identifiers, next: afterItem, after: true)
  }

  /// Deletes the items that are present, with their marks. Missing ids are
  /// ignored; sections that become empty remain.
  ///
  /// - Throws: `.duplicateInArgument(.item, _)`.
  @inlinable
  public mutating func deleteItems(_ identifiers: [ItemIdentifier])
    throws(SnapshotError)
  {
    try Self.checkNoRepeats(identifiers, kind: .item)
    removeFromTheirSections(identifiers)
    reloadedItems = reloadedItems.removingAll(in: identifiers)
    reconfiguredItems = reconfiguredItems.removingAll(in: identifiers)
    checkInvariants()
  }

  /// Removes all items *and all sections*, and clears every mark (spec
  /// decision A.3): the snapshot becomes equal to `init()`.
  @inlinable
  public mutating func deleteAllItems() {
    self = ModelSnapshot()
  }

  /// Moves `item` directly before `beforeItem`, into `beforeItem`'s section.
  ///
  /// - Throws: `.moveOntoSelf(.item, _)` when the two are equal; then
  ///   `.sourceNotFound(.item, item)`; then
  ///   `.destinationNotFound(.item, beforeItem)`.
  @inlinable
  public mutating func moveItem(
    _ item: ItemIdentifier, beforeItem: ItemIdentifier
  ) throws(SnapshotError) {
    try moveItem(item, next: beforeItem, after: false)
  }

  /// Moves `item` directly after `afterItem`, into `afterItem`'s section.
  ///
  /// - Throws: `.moveOntoSelf(.item, _)` when the two are equal; then
  ///   `.sourceNotFound(.item, item)`; then
  ///   `.destinationNotFound(.item, afterItem)`.
  @inlinable
  public mutating func moveItem(
    _ item: ItemIdentifier, afterItem: ItemIdentifier
  ) throws(SnapshotError) {
    try moveItem(item, next: afterItem, after: true)
  }
}

extension ModelSnapshot {
  /// `insertItems(_:beforeItem:)` when `after` is false, otherwise
  /// `insertItems(_:afterItem:)`.
  @inlinable
  mutating func insertItems(
    _ identifiers: [ItemIdentifier], next destination: ItemIdentifier,
    after: Bool
  ) throws(SnapshotError) {
    try Self.checkNoRepeats(identifiers, kind: .item)
    if identifiers.contains(destination) {
      throw .destinationInArgument(.item, SnapshotError.text(destination))
    }
    guard contains(item: destination) else {
      throw .destinationNotFound(.item, SnapshotError.text(destination))
    }
    removeFromTheirSections(identifiers)
    place(identifiers, next: destination, after: after)
    checkInvariants()
  }

  /// `moveItem(_:beforeItem:)` when `after` is false, otherwise
  /// `moveItem(_:afterItem:)`.
  @inlinable
  mutating func moveItem(
    _ item: ItemIdentifier, next destination: ItemIdentifier, after: Bool
  ) throws(SnapshotError) {
    if item == destination {
      throw .moveOntoSelf(.item, SnapshotError.text(destination))
    }
    guard contains(item: item) else {
      throw .sourceNotFound(.item, SnapshotError.text(item))
    }
    guard contains(item: destination) else {
      throw .destinationNotFound(.item, SnapshotError.text(destination))
    }
    removeFromTheirSections([item])
    place([item], next: destination, after: after)
    checkInvariants()
  }

  /// Removes every id of `identifiers` from whichever section holds it;
  /// sections stay, marks are not touched.
  @inlinable
  mutating func removeFromTheirSections(_ identifiers: [ItemIdentifier]) {
    itemsBySection = itemsBySection.map { $0.removingAll(in: identifiers) }
  }

  /// Inserts `identifiers` directly before (or after) `destination`, which
  /// must be present, at its position as it is now.
  @inlinable
  mutating func place(
    _ identifiers: [ItemIdentifier], next destination: ItemIdentifier,
    after: Bool
  ) {
    for sectionIndex in itemsBySection.indices {
      guard let index = itemsBySection[sectionIndex].firstIndex(of: destination)
      else { continue }
      let position = after ? index + 1 : index
      itemsBySection[sectionIndex].insert(contentsOf: identifiers, at: position)
      return
    }
    // coverage: only broken code (a precondition failure)
    preconditionFailure("place(_:next:after:) needs a present destination")
  }
}
