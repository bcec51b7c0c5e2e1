import SnapshotCore

extension EngineSnapshot {
  /// Throws `.duplicateInArgument` when `ids` repeats an item.
  @inlinable
  static func checkUniqueItems(_ ids: [ItemIdentifier]) throws(SnapshotError) {
    let repeats = repeatedIdentifiers(in: ids)
    if !repeats.isEmpty {
      throw .duplicateInArgument(.item, SnapshotError.texts(repeats))
    }
  }

  /// Appends items to the end of `section`, or of the last section when
  /// `section` is `nil`; items already in the snapshot are moved (A.3).
  ///
  /// One hash operation per id finds repeats and ids already present (see
  /// `Storage.claim`); appending to an empty section shares the array.
  /// While a snapshot is being built from nothing, ids equal to the
  /// section with the same id of a snapshot the differ compared are taken
  /// from it with no hashing, and ids that are that section edited are
  /// hashed only where a walk along it misses them (see `EngineSnapshot`,
  /// "Rebuilt from arrays").
  /// - Throws: `.noSections`, `.duplicateInArgument`, `.sectionNotFound`,
  ///   checked in that order.
  /// - Complexity: O(*k*) for *k* new ids; ids already present also cost
  ///   the removal from their sections. O(*k*) comparisons and no hashing
  ///   for a section rebuilt as it was.
  @inlinable
  public mutating func appendItems(
    _ identifiers: [ItemIdentifier], toSection section: SectionIdentifier?
  ) throws(SnapshotError) {
    try appendItems(identifiers, storing: nil, toSection: section)
  }

  /// `appendItems(_:toSection:)`, storing `contents` (when given) as the
  /// items' content.
  @inlinable
  mutating func appendItems(
    _ identifiers: [ItemIdentifier], storing contents: [Int]?,
    toSection section: SectionIdentifier?
  ) throws(SnapshotError) {
    if base.replica != nil
      && appendReplica(identifiers, contents: contents, toSection: section)
    {
      return
    }
    guard !storage.sections.isEmpty else { throw .noSections }
    let target: Int
    if let section {
      guard let position = storage.sectionIndex[section] else {
        try Self.checkUniqueItems(identifiers)
        throw .sectionNotFound(SnapshotError.text(section))
      }
      target = position
    } else {
      target = storage.sections.count - 1
    }
    guard !identifiers.isEmpty else { return }
    makeUnique()
    try claimAndSplice(
      identifiers, intoSection: target, storing: contents, appending: true
    ) { storage in storage.sections[target].items.count }
  }

  /// Inserts items directly before `beforeItem`, in its section; items
  /// already in the snapshot are moved (A.3).
  /// - Throws: `.duplicateInArgument`, `.destinationInArgument`,
  ///   `.destinationNotFound`, checked in that order.
  /// - Complexity: O(*k* + *s*), *k* the ids, *s* the size of the
  ///   destination section, plus the removal of ids already present.
  @inlinable
  public mutating func insertItems(
    _ identifiers: [ItemIdentifier], beforeItem: ItemIdentifier
  ) throws(SnapshotError) {
    try insertItems(identifiers, relativeTo: beforeItem, after: false)
  }

  /// Inserts items directly after `afterItem`, in its section; items already
  /// in the snapshot are moved (A.3).
  /// - Throws: as `insertItems(_:beforeItem:)`.
  /// - Complexity: as `insertItems(_:beforeItem:)`.
  @inlinable
  public mutating func insertItems(
    _ identifiers: [ItemIdentifier], afterItem: ItemIdentifier
  ) throws(SnapshotError) {
    try insertItems(identifiers, relativeTo: afterItem, after: true)
  }

  @inlinable
  mutating func insertItems(
    _ identifiers: [ItemIdentifier], relativeTo destination: ItemIdentifier,
    after: Bool
  ) throws(SnapshotError) {
    if identifiers.contains(destination) {
      try Self.checkUniqueItems(identifiers)
      throw .destinationInArgument(.item, SnapshotError.text(destination))
    }
    guard let location = storage.location(of: destination) else {
      try Self.checkUniqueItems(identifiers)
      throw .destinationNotFound(.item, SnapshotError.text(destination))
    }
    let position = storage.sectionPosition(of: location)
    guard !identifiers.isEmpty else { return }
    makeUnique()
    // The destination keeps its bucket once the table has room (the claim
    // then builds no new table), read off its section without hashing; its
    // index is read after the ids already present have left their places.
    storage.reserveTable(extra: identifiers.count)
    let bucket = Int(storage.sections[position].buckets[Int(location.index)])
    try claimAndSplice(identifiers, intoSection: position) { storage in
      Int(storage.index.exactLocation(of: destination, inBucket: bucket).index) + (after ? 1 : 0)
    }
  }

  /// Files `identifiers` in the table (one hash operation per id), takes
  /// those already present out of their old places, then puts them all
  /// into section `position` at the index `destination` computes after that
  /// removal (`appending`: at the end, where the claim can file them at
  /// once). The items have no content unless `contents` gives it.
  /// - Throws: `.duplicateInArgument` when `identifiers` repeats an id; the
  ///   snapshot is then unchanged.
  @inlinable
  mutating func claimAndSplice(
    _ identifiers: [ItemIdentifier], intoSection position: Int,
    storing contents: [Int]? = nil, appending: Bool = false, destination: (Storage) -> Int
  ) throws(SnapshotError) {
    let token = appending ? storage.sections[position].token : nil
    // The claim files appended ids past the section's end, which no drifted
    // location of its present items may reach. (Settling here, not in the
    // claim, keeps the claim's O(k) loop inlined.)
    if appending { storage.settle(section: position) }
    guard let claim = storage.claim(identifiers, appending: token) else {
      try Self.checkUniqueItems(identifiers)
      // coverage: only broken code (a precondition failure)
      preconditionFailure("a claim failed without a repeated id")
    }
    storage.release(claim.displaced)
    storage.splice(
      identifiers, buckets: claim.buckets, intoSection: position, at: destination(storage),
      contents: contents, located: claim.located)
    checkInvariants()
  }

  /// Moves `item` directly before `beforeItem`, into its section.
  /// - Throws: `.moveOntoSelf`, `.sourceNotFound`, `.destinationNotFound`.
  /// - Complexity: O(*d*) within one section, *d* the distance moved;
  ///   O(*s*) across sections, *s* the sizes of the two sections involved.
  @inlinable
  public mutating func moveItem(
    _ item: ItemIdentifier, beforeItem: ItemIdentifier
  ) throws(SnapshotError) {
    try moveItem(item, relativeTo: beforeItem, after: false)
  }

  /// Moves `item` directly after `afterItem`, into its section.
  /// - Throws: `.moveOntoSelf`, `.sourceNotFound`, `.destinationNotFound`.
  /// - Complexity: as `moveItem(_:beforeItem:)`.
  @inlinable
  public mutating func moveItem(
    _ item: ItemIdentifier, afterItem: ItemIdentifier
  ) throws(SnapshotError) {
    try moveItem(item, relativeTo: afterItem, after: true)
  }

  @inlinable
  mutating func moveItem(
    _ item: ItemIdentifier, relativeTo destination: ItemIdentifier, after: Bool
  ) throws(SnapshotError) {
    if item == destination {
      throw .moveOntoSelf(.item, SnapshotError.text(item))
    }
    guard let source = storage.location(of: item) else {
      throw .sourceNotFound(.item, SnapshotError.text(item))
    }
    guard let anchor = storage.location(of: destination) else {
      throw .destinationNotFound(.item, SnapshotError.text(destination))
    }
    makeUnique()
    if source.token == anchor.token {
      // Within one section only the items between the two places shift.
      let from = Int(source.index)
      let to = Int(anchor.index) + (after ? 1 : 0)
      storage.moveItem(
        inSection: storage.sectionPosition(of: source), from: from, to: to > from ? to - 1 : to)
    } else {
      storage.remove([item])
      place([item], relativeTo: destination, after: after)
    }
    checkInvariants()
  }

  /// Deletes the items that are present, with their marks; missing ids are
  /// ignored; sections that become empty remain.
  ///
  /// Ids that are a run of one section, in order (a collapsed parent's
  /// rows, a selection of neighbours), are found with one lookup and a
  /// comparison each, and leave with the buckets the section keeps for
  /// them: no repeat check (a section's items are distinct) and no lookup
  /// per id.
  /// - Throws: `.duplicateInArgument`.
  /// - Complexity: O(*k* log *k* + Σ *s*), *k* the ids, *s* the part of each
  ///   touched section from its first deleted position on, plus O(marks);
  ///   for a run, O(*k* + *s*) with one hash.
  @inlinable
  public mutating func deleteItems(_ identifiers: [ItemIdentifier]) throws(SnapshotError) {
    if let run = storage.run(of: identifiers) {
      makeUnique()
      storage.removeRun(run, count: identifiers.count)
      dropItemMarks()
      checkInvariants()
      return
    }
    try Self.checkUniqueItems(identifiers)
    guard storage.containsAny(of: identifiers) else { return }
    makeUnique()
    storage.remove(identifiers)
    dropItemMarks()
    checkInvariants()
  }

  /// Removes all items *and all sections*, and clears every mark.
  /// - Complexity: O(1) (the old storage is released).
  @inlinable
  public mutating func deleteAllItems() {
    base = Storage()
  }

  /// Marks items for reload.
  /// - Throws: `.duplicateInArgument`, then `.reloadMissing(.reloadItem, _)`
  ///   naming the first missing id.
  /// - Complexity: O(*k*), *k* the ids.
  @inlinable
  public mutating func reloadItems(_ identifiers: [ItemIdentifier]) throws(SnapshotError) {
    try checkMarkable(identifiers, as: .reloadItem)
    guard !identifiers.isEmpty else { return }
    makeUnique()
    storage.reloadedItems.insert(contentsOf: identifiers)
  }

  /// Marks items for reconfigure.
  /// - Throws: `.duplicateInArgument`, then
  ///   `.reloadMissing(.reconfigureItem, _)` naming the first missing id.
  /// - Complexity: O(*k*), *k* the ids.
  @inlinable
  public mutating func reconfigureItems(_ identifiers: [ItemIdentifier])
    throws(SnapshotError)
  {
    try checkMarkable(identifiers, as: .reconfigureItem)
    guard !identifiers.isEmpty else { return }
    makeUnique()
    storage.reconfiguredItems.insert(contentsOf: identifiers)
  }

  /// Drops every reload and reconfigure mark (A.5).
  /// - Complexity: O(1) plus releasing the marks.
  @inlinable
  public mutating func removeAllMarks() {
    guard
      !storage.reloadedItems.isEmpty || !storage.reloadedSections.isEmpty
        || !storage.reconfiguredItems.isEmpty
    else { return }
    makeUnique()
    storage.reloadedItems.removeAll()
    storage.reloadedSections.removeAll()
    storage.reconfiguredItems.removeAll()
  }

  // MARK: Helpers

  @inlinable
  func checkMarkable(_ identifiers: [ItemIdentifier], as kind: MarkKind)
    throws(SnapshotError)
  {
    try Self.checkUniqueItems(identifiers)
    let index = storage.index
    if let missing = identifiers.first(where: { !index.contains($0) }) {
      throw .reloadMissing(kind, SnapshotError.text(missing))
    }
  }

  /// Inserts absent `identifiers` directly before or after the present
  /// `destination`, in its section.
  @inlinable
  mutating func place(
    _ identifiers: [ItemIdentifier], relativeTo destination: ItemIdentifier,
    after: Bool
  ) {
    guard let location = storage.location(of: destination)
    else { preconditionFailure("destination vanished while placing items") }
    let index = Int(location.index)
    storage.insert(
      identifiers, intoSection: storage.sectionPosition(of: location),
      at: after ? index + 1 : index)
  }

  /// Drops the item marks of ids no longer present.
  @inlinable
  mutating func dropItemMarks() {
    let index = storage.index
    storage.reloadedItems.removeAll { !index.contains($0) }
    storage.reconfiguredItems.removeAll { !index.contains($0) }
  }
}
