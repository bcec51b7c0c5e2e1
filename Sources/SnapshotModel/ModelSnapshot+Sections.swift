import SnapshotCore

// Section mutations (semantics A.4). Unlike items, existing sections are
// never moved by an insert: they are an error.

extension ModelSnapshot {
  /// Appends new, empty sections at the end, in argument order. An empty
  /// `identifiers` is a no-op.
  ///
  /// - Throws: `.duplicateInArgument(.section, _)`; then
  ///   `.sectionAlreadyExists` listing the existing ids in argument order.
  @inlinable
  public mutating func appendSections(_ identifiers: [SectionIdentifier])
    throws(SnapshotError)
  {
    try Self.checkNoRepeats(identifiers, kind: .section)
    try checkAllNew(identifiers)
    sections.append(contentsOf: identifiers)
    itemsBySection.append(contentsOf: identifiers.map { _ in [] })
    checkInvariants()
  }

  /// Inserts new, empty sections directly before `beforeSection`.
  ///
  /// - Throws: `.duplicateInArgument(.section, _)`; then
  ///   `.destinationInArgument(.section, beforeSection)`; then
  ///   `.destinationNotFound(.section, beforeSection)`; then
  ///   `.sectionAlreadyExists`, in that order.
  @inlinable
  public mutating func insertSections(
    _ identifiers: [SectionIdentifier], beforeSection: SectionIdentifier
  ) throws(SnapshotError) {
    try insertSections(identifiers, next: beforeSection, after: false)
  }

  /// Inserts new, empty sections directly after `afterSection`.
  ///
  /// - Throws: as `insertSections(_:beforeSection:)`, about `afterSection`.
  @inlinable
  public mutating func insertSections(
    _ identifiers: [SectionIdentifier], afterSection: SectionIdentifier
  ) throws(SnapshotError) {
    try insertSections(identifiers, next: afterSection, after: true)
  }

  /// Deletes the sections that are present, together with all their items
  /// and every mark on them; missing ids are ignored.
  ///
  /// - Throws: `.duplicateInArgument(.section, _)`.
  @inlinable
  public mutating func deleteSections(_ identifiers: [SectionIdentifier])
    throws(SnapshotError)
  {
    try Self.checkNoRepeats(identifiers, kind: .section)
    for section in identifiers {
      guard let index = sections.firstIndex(of: section) else { continue }
      let removedItems = itemsBySection[index]
      sections.remove(at: index)
      itemsBySection.remove(at: index)
      reloadedItems = reloadedItems.removingAll(in: removedItems)
      reconfiguredItems = reconfiguredItems.removingAll(in: removedItems)
      reloadedSections = reloadedSections.removingAll(in: [section])
    }
    checkInvariants()
  }

  /// Moves `section`, with its items, directly before `beforeSection`.
  ///
  /// - Throws: `.moveOntoSelf(.section, _)` when the two are equal; then
  ///   `.sourceNotFound(.section, section)`; then
  ///   `.destinationNotFound(.section, beforeSection)`.
  @inlinable
  public mutating func moveSection(
    _ section: SectionIdentifier, beforeSection: SectionIdentifier
  ) throws(SnapshotError) {
    try moveSection(section, next: beforeSection, after: false)
  }

  /// Moves `section`, with its items, directly after `afterSection`.
  ///
  /// - Throws: `.moveOntoSelf(.section, _)` when the two are equal; then
  ///   `.sourceNotFound(.section, section)`; then
  ///   `.destinationNotFound(.section, afterSection)`.
  @inlinable
  public mutating func moveSection(
    _ section: SectionIdentifier, afterSection: SectionIdentifier
  ) throws(SnapshotError) {
    try moveSection(section, next: afterSection, after: true)
  }
}

extension ModelSnapshot {
  /// Throws `.sectionAlreadyExists` naming, in argument order, the ids of
  /// `identifiers` that are already sections.
  @inlinable
  func checkAllNew(_ identifiers: [SectionIdentifier])
    throws(SnapshotError)
  {
    let existing = identifiers.filter { sections.contains($0) }
    if !existing.isEmpty {
      throw .sectionAlreadyExists(SnapshotError.texts(existing))
    }
  }

  /// `insertSections(_:beforeSection:)` when `after` is false, otherwise
  /// `insertSections(_:afterSection:)`.
  @inlinable
  mutating func insertSections(
    _ identifiers: [SectionIdentifier], next destination: SectionIdentifier,
    after: Bool
  ) throws(SnapshotError) {
    try Self.checkNoRepeats(identifiers, kind: .section)
    if identifiers.contains(destination) {
      throw .destinationInArgument(.section, SnapshotError.text(destination))
    }
    guard let index = sections.firstIndex(of: destination) else {
      throw .destinationNotFound(.section, SnapshotError.text(destination))
    }
    try checkAllNew(identifiers)
    let position = after ? index + 1 : index
    sections.insert(contentsOf: identifiers, at: position)
    itemsBySection.insert(contentsOf: identifiers.map { _ in [] }, at: position)
    checkInvariants()
  }

  /// `moveSection(_:beforeSection:)` when `after` is false, otherwise
  /// `moveSection(_:afterSection:)`.
  @inlinable
  mutating func moveSection(
    _ section: SectionIdentifier, next destination: SectionIdentifier,
    after: Bool
  ) throws(SnapshotError) {
    if section == destination {
      throw .moveOntoSelf(.section, SnapshotError.text(destination))
    }
    guard let sourceIndex = sections.firstIndex(of: section) else {
      throw .sourceNotFound(.section, SnapshotError.text(section))
    }
    guard sections.contains(destination) else {
      throw .destinationNotFound(.section, SnapshotError.text(destination))
    }
    sections.remove(at: sourceIndex)
    let items = itemsBySection.remove(at: sourceIndex)
    // The destination's position is taken after the source was removed.
    guard let index = sections.firstIndex(of: destination) else {
      // coverage: only broken code (a precondition failure)
      preconditionFailure("a present destination stays present")
    }
    let position = after ? index + 1 : index
    sections.insert(section, at: position)
    itemsBySection.insert(items, at: position)
    checkInvariants()
  }
}
