import SnapshotCore

// Reload and reconfigure marks (semantics A.3, A.4, A.5): ordered sets in
// first-mark order. Marking never moves anything.

extension ModelSnapshot {
  /// Marks items for reload; ids already marked keep their place.
  ///
  /// - Throws: `.duplicateInArgument(.item, _)`; then
  ///   `.reloadMissing(.reloadItem, id)` naming the first missing id in
  ///   argument order. No mark is set when it throws.
  @inlinable
  public mutating func reloadItems(_ identifiers: [ItemIdentifier])
    throws(SnapshotError)
  {
    try checkItemsToMark(identifiers, as: .reloadItem)
    reloadedItems.appendMissing(identifiers)
    checkInvariants()
  }

  /// Marks items for reconfigure; ids already marked keep their place.
  ///
  /// A repeated id in the argument is an error, as for `reloadItems` (spec
  /// decision A.3). An item may carry both a reload and a reconfigure mark.
  ///
  /// - Throws: `.duplicateInArgument(.item, _)`; then
  ///   `.reloadMissing(.reconfigureItem, id)` naming the first missing id in
  ///   argument order. No mark is set when it throws.
  @inlinable
  public mutating func reconfigureItems(_ identifiers: [ItemIdentifier])
    throws(SnapshotError)
  {
    try checkItemsToMark(identifiers, as: .reconfigureItem)
    reconfiguredItems.appendMissing(identifiers)
    checkInvariants()
  }

  /// Marks sections for reload; ids already marked keep their place.
  ///
  /// - Throws: `.duplicateInArgument(.section, _)`; then
  ///   `.reloadMissing(.reloadSection, id)` naming the first missing id in
  ///   argument order. No mark is set when it throws.
  @inlinable
  public mutating func reloadSections(_ identifiers: [SectionIdentifier])
    throws(SnapshotError)
  {
    try Self.checkNoRepeats(identifiers, kind: .section)
    if let missing = identifiers.first(where: { !sections.contains($0) }) {
      throw .reloadMissing(.reloadSection, SnapshotError.text(missing))
    }
    reloadedSections.appendMissing(identifiers)
    checkInvariants()
  }

  /// Drops every reload and reconfigure mark, as a data source does once it
  /// has applied a snapshot (A.5). Sections and items are unchanged.
  @inlinable
  public mutating func removeAllMarks() {
    reloadedItems = []
    reloadedSections = []
    reconfiguredItems = []
  }

  /// The checks of `reloadItems` and `reconfigureItems`, in order.
  @inlinable
  func checkItemsToMark(_ identifiers: [ItemIdentifier], as mark: MarkKind)
    throws(SnapshotError)
  {
    try Self.checkNoRepeats(identifiers, kind: .item)
    if let missing = identifiers.first(where: { !contains(item: $0) }) {
      throw .reloadMissing(mark, SnapshotError.text(missing))
    }
  }
}
