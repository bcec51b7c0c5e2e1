import SnapshotCore

extension EngineSnapshot {
  /// Appends items with their content fingerprints, as
  /// `appendItems(_:toSection:)` does, and stores `contents[i]` as the
  /// content of `identifiers[i]`.
  ///
  /// A content stored with the items is compared by `EngineDiffer` at the
  /// pairs it matches, like the `DiffOptions` content maps but without a
  /// map to build or a lookup per item: an item present in both snapshots
  /// with a stored content on both sides that differs is refreshed (reloaded
  /// or reconfigured as `DiffOptions.contentUpdate` says). Items appended
  /// without a content, and items moved by a later insert, append or
  /// `moveItem`, have none. `==` ignores contents, as it ignores marks.
  /// - Precondition: `contents.count == identifiers.count`.
  /// - Throws: as `appendItems(_:toSection:)`; nothing changes then.
  /// - Complexity: as `appendItems(_:toSection:)`, a section rebuilt as it
  ///   was included (no hashing; see `EngineSnapshot`, "Rebuilt from
  ///   arrays").
  @inlinable
  public mutating func appendItems(
    _ identifiers: [ItemIdentifier], contents: [Int], toSection section: SectionIdentifier?
  ) throws(SnapshotError) {
    precondition(
      contents.count == identifiers.count, "appendItems needs one content per identifier")
    try appendItems(identifiers, storing: contents, toSection: section)
  }

  /// Makes room for `minimumItemCount` items in all, so that building a
  /// snapshot of known size section by section never grows its table.
  ///
  /// The table gets 1/32 more room than asked (`Storage.reserveTable(total:)`):
  /// a snapshot derived from this one by a few inserts then fits them.
  /// - Complexity: O(*n*) when the table grows, O(1) otherwise.
  @inlinable
  public mutating func reserveCapacity(_ minimumItemCount: Int) {
    if base.replica != nil {
      // Being built: the table is built (or adopted) when first needed.
      guard minimumItemCount > base.replica!.reserved else { return }
      makeUnique()
      base.replica!.reserved = minimumItemCount
      return
    }
    // (Checked before `makeUnique`: a copy whose table fits is not copied.)
    guard !storage.table.fits(minimumItemCount - storage.table.count) else { return }
    makeUnique()
    storage.reserveTable(total: minimumItemCount)
  }

  /// The content fingerprint stored with `item`, or `nil` when it has none
  /// or is not in the snapshot.
  /// - Complexity: O(1).
  @inlinable
  public func content(of item: ItemIdentifier) -> Int? {
    guard let location = storage.location(of: item) else { return nil }
    return storage.sections[storage.sectionPosition(of: location)]
      .content(at: Int(location.index))
  }
}
