import SnapshotCore

extension EngineSnapshot {
  /// Throws `.duplicateInArgument` when `ids` repeats a section.
  @inlinable
  static func checkUniqueSections(_ ids: [SectionIdentifier]) throws(SnapshotError) {
    let repeats = repeatedIdentifiers(in: ids)
    if !repeats.isEmpty {
      throw .duplicateInArgument(.section, SnapshotError.texts(repeats))
    }
  }

  /// Throws `.sectionAlreadyExists` naming, in argument order, the ids that
  /// are already sections.
  @inlinable
  func checkNewSections(_ ids: [SectionIdentifier]) throws(SnapshotError) {
    // (`base`: the section index is exact while the table is unbuilt.)
    let existing = ids.filter { base.sectionIndex[$0] != nil }
    if !existing.isEmpty {
      throw .sectionAlreadyExists(SnapshotError.texts(existing))
    }
  }

  /// Appends new, empty sections at the end.
  /// - Throws: `.duplicateInArgument`, `.sectionAlreadyExists`.
  /// - Complexity: O(*k*), *k* the ids.
  @inlinable
  public mutating func appendSections(_ identifiers: [SectionIdentifier])
    throws(SnapshotError)
  {
    try Self.checkUniqueSections(identifiers)
    try checkNewSections(identifiers)
    guard !identifiers.isEmpty else { return }
    makeUnique()
    // New sections touch no table: a snapshot being built stays unbuilt.
    base.insertSections(identifiers, at: base.sections.count)
  }

  /// Inserts new, empty sections directly before `beforeSection`.
  /// - Throws: `.duplicateInArgument`, `.destinationInArgument`,
  ///   `.destinationNotFound`, `.sectionAlreadyExists`, in that order.
  /// - Complexity: O(*k* + *m*), *m* the number of sections.
  @inlinable
  public mutating func insertSections(
    _ identifiers: [SectionIdentifier], beforeSection: SectionIdentifier
  ) throws(SnapshotError) {
    try insertSections(identifiers, relativeTo: beforeSection, after: false)
  }

  /// Inserts new, empty sections directly after `afterSection`.
  /// - Throws: as `insertSections(_:beforeSection:)`.
  /// - Complexity: O(*k* + *m*), *m* the number of sections.
  @inlinable
  public mutating func insertSections(
    _ identifiers: [SectionIdentifier], afterSection: SectionIdentifier
  ) throws(SnapshotError) {
    try insertSections(identifiers, relativeTo: afterSection, after: true)
  }

  @inlinable
  mutating func insertSections(
    _ identifiers: [SectionIdentifier], relativeTo destination: SectionIdentifier,
    after: Bool
  ) throws(SnapshotError) {
    try Self.checkUniqueSections(identifiers)
    if identifiers.contains(destination) {
      throw .destinationInArgument(.section, SnapshotError.text(destination))
    }
    guard let position = storage.sectionIndex[destination] else {
      throw .destinationNotFound(.section, SnapshotError.text(destination))
    }
    try checkNewSections(identifiers)
    guard !identifiers.isEmpty else { return }
    makeUnique()
    storage.insertSections(identifiers, at: after ? position + 1 : position)
  }

  /// Deletes the sections that are present, with all their items and the
  /// marks of both; missing ids are ignored.
  /// - Throws: `.duplicateInArgument`.
  /// - Complexity: O(*m* + *r* + marks), *m* the sections, *r* the items
  ///   removed.
  @inlinable
  public mutating func deleteSections(_ identifiers: [SectionIdentifier])
    throws(SnapshotError)
  {
    try Self.checkUniqueSections(identifiers)
    let positions = identifiers.compactMap { storage.sectionIndex[$0] }
    guard !positions.isEmpty else { return }
    makeUnique()
    let removedItems = storage.removeSections(at: positions)
    let sectionIndex = storage.sectionIndex
    storage.reloadedSections.removeAll { sectionIndex[$0] == nil }
    if !removedItems.isEmpty { dropItemMarks() }
    checkInvariants()
  }

  /// Moves `section` (with its items) directly before `beforeSection`.
  /// - Throws: `.moveOntoSelf`, `.sourceNotFound`, `.destinationNotFound`.
  /// - Complexity: O(*m*), *m* the number of sections.
  @inlinable
  public mutating func moveSection(
    _ section: SectionIdentifier, beforeSection: SectionIdentifier
  ) throws(SnapshotError) {
    try moveSection(section, relativeTo: beforeSection, after: false)
  }

  /// Moves `section` (with its items) directly after `afterSection`.
  /// - Throws: `.moveOntoSelf`, `.sourceNotFound`, `.destinationNotFound`.
  /// - Complexity: O(*m*), *m* the number of sections.
  @inlinable
  public mutating func moveSection(
    _ section: SectionIdentifier, afterSection: SectionIdentifier
  ) throws(SnapshotError) {
    try moveSection(section, relativeTo: afterSection, after: true)
  }

  @inlinable
  mutating func moveSection(
    _ section: SectionIdentifier, relativeTo destination: SectionIdentifier,
    after: Bool
  ) throws(SnapshotError) {
    if section == destination {
      throw .moveOntoSelf(.section, SnapshotError.text(section))
    }
    guard let from = storage.sectionIndex[section] else {
      throw .sourceNotFound(.section, SnapshotError.text(section))
    }
    guard storage.sectionIndex[destination] != nil else {
      throw .destinationNotFound(.section, SnapshotError.text(destination))
    }
    makeUnique()
    let moving = storage.sections.remove(at: from)
    let anchor = storage.sections.firstIndex { $0.id == destination } ?? 0
    let to = after ? anchor + 1 : anchor
    storage.sections.insert(moving, at: to)
    storage.reindexSections(from: min(from, to))
    checkInvariants()
  }

  /// Marks sections for reload.
  /// - Throws: `.duplicateInArgument`, then `.reloadMissing(.reloadSection, _)`
  ///   naming the first missing id.
  /// - Complexity: O(*k*), *k* the ids.
  @inlinable
  public mutating func reloadSections(_ identifiers: [SectionIdentifier])
    throws(SnapshotError)
  {
    try Self.checkUniqueSections(identifiers)
    if let missing = identifiers.first(where: { storage.sectionIndex[$0] == nil }) {
      throw .reloadMissing(.reloadSection, SnapshotError.text(missing))
    }
    guard !identifiers.isEmpty else { return }
    makeUnique()
    storage.reloadedSections.insert(contentsOf: identifiers)
  }
}
