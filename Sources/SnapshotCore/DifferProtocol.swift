/// How an item whose content changed (identity kept) is refreshed.
public enum ContentUpdateStyle: String, Hashable, Sendable, Codable {
  /// Listed in `itemReloads`: a new cell.
  case reload
  /// Listed in `itemReconfigures`: the cell is kept.
  case reconfigure
}

/// Per-item content, compared between the old and the new state.
///
/// An item has an identity (its identifier) and a content. The diff reloads
/// (or reconfigures) an item present in both snapshots exactly when both
/// content maps hold a value for it and the values differ. A value is any
/// fingerprint of the content the caller chooses (a revision number, a hash
/// computed in-process). Items with no value in either map count as
/// unchanged.
public typealias ContentMap<ItemIdentifier: Hashable> = [ItemIdentifier: Int]

/// The inputs of one diff besides the two snapshots.
///
/// Since an item with no value in either map counts as unchanged, maps of
/// the changed items alone (their old values and their new ones) give the
/// same refreshes as maps of every item, and cost what changed: a differ
/// reads maps of every item entry by entry, one lookup each.
public struct DiffOptions<ItemIdentifier: Hashable> {
  /// The content of the items in the old snapshot.
  public var oldContent: ContentMap<ItemIdentifier>
  /// The content of the items in the new snapshot.
  public var newContent: ContentMap<ItemIdentifier>
  /// How content-changed items are refreshed.
  public var contentUpdate: ContentUpdateStyle

  /// Creates options; by default no content is known and content changes
  /// would be reloads.
  public init(
    oldContent: ContentMap<ItemIdentifier> = [:],
    newContent: ContentMap<ItemIdentifier> = [:],
    contentUpdate: ContentUpdateStyle = .reload
  ) {
    self.oldContent = oldContent
    self.newContent = newContent
    self.contentUpdate = contentUpdate
  }

  /// Whether `item`'s content differs between the two maps.
  public func contentChanged(_ item: ItemIdentifier) -> Bool {
    guard let old = oldContent[item], let new = newContent[item] else {
      return false
    }
    return old != new
  }
}

/// Computes the `Changeset` that takes one full snapshot to another.
///
/// The contract every differ meets (SPEC §3): the changeset passes the
/// batch-update validity rules; replaying it over `old` yields `new`; an item
/// or section present in both is moved or left in place, never deleted and
/// re-inserted; reloads and reconfigures come in a separate later batch and
/// name exactly the items that are marked in `new` (and present in both) or
/// whose content changed; reload marks win over reconfigure marks. Sections
/// marked in `new` and present in both are reloaded in that batch too.
/// `changeset(from: s, to: s)` is empty when `s` carries no marks.
///
/// A differ that drives UIKit in stages (each stage's data set before its
/// batch) conforms to `StagedDifferProtocol` instead; the catalog always
/// asks for `stagedChangeset(from:to:options:)`, which a plain differ gets
/// for free.
public protocol DifferProtocol<Snapshot>: SendableMetatype {
  /// The snapshot type diffed.
  associatedtype Snapshot: SnapshotProtocol

  /// The changeset that takes `old` to `new`.
  func changeset(
    from old: Snapshot, to new: Snapshot,
    options: DiffOptions<Snapshot.ItemIdentifier>
  ) -> Changeset

  /// The stages that take `old` to `new`; by default, the stages of
  /// `changeset(from:to:options:)`, each reporting `new` as its data.
  func stagedChangeset(
    from old: Snapshot, to new: Snapshot,
    options: DiffOptions<Snapshot.ItemIdentifier>
  ) -> StagedChangeset<Snapshot.SectionIdentifier, Snapshot.ItemIdentifier>
}

extension DifferProtocol {
  /// The plain changeset as stages, each reporting `new` as its data.
  public func stagedChangeset(
    from old: Snapshot, to new: Snapshot,
    options: DiffOptions<Snapshot.ItemIdentifier>
  ) -> StagedChangeset<Snapshot.SectionIdentifier, Snapshot.ItemIdentifier> {
    StagedChangeset(changeset(from: old, to: new, options: options), target: new)
  }
}

/// A differ that returns stages (SPEC §3, "Staged changesets"), in the
/// style of the popular staged differs: deletes, inserts, moves and updates
/// in separate `performBatchUpdates` calls, each after setting that
/// stage's data.
///
/// Implement `stagedChangeset(from:to:options:)`; `changeset(from:to:options:)`
/// then returns the stages' batches alone (which a diffable data source,
/// holding only the new snapshot, could not perform faithfully).
public protocol StagedDifferProtocol<Snapshot>: DifferProtocol {}

extension StagedDifferProtocol {
  /// The batches of the stages, without their data.
  public func changeset(
    from old: Snapshot, to new: Snapshot,
    options: DiffOptions<Snapshot.ItemIdentifier>
  ) -> Changeset {
    stagedChangeset(from: old, to: new, options: options).changeset
  }
}

extension DifferProtocol {
  /// The changeset that takes `old` to `new`, with no content information.
  public func changeset(from old: Snapshot, to new: Snapshot) -> Changeset {
    changeset(from: old, to: new, options: DiffOptions())
  }

  /// The stages that take `old` to `new`, with no content information.
  public func stagedChangeset(from old: Snapshot, to new: Snapshot)
    -> StagedChangeset<Snapshot.SectionIdentifier, Snapshot.ItemIdentifier>
  {
    stagedChangeset(from: old, to: new, options: DiffOptions())
  }
}
