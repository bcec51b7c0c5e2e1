/// A headless `UICollectionViewDiffableDataSource` (semantics B.5, C, D):
/// it holds the current full snapshot and a stored section snapshot for each
/// section applied with `apply(_:to:)`, and every `apply` returns the
/// `Changeset` a collection view would have been given.
///
/// Rules every conformer follows (spec decisions, binding for model and
/// engine alike):
///
/// - **Full apply** (`apply(_:contents:)`): the changeset is the diff from
///   the current snapshot to `snapshot` (with `contentUpdateStyle` and the
///   stored/new content maps). The first apply on an empty data source is
///   diffed from the empty snapshot too. The stored snapshot drops marks. A
///   section with a stored section snapshot is carried through per B.5: kept
///   when its new items equal the tree's `visibleItems`; otherwise rebased
///   (vanished visible items deleted with their subtrees; each new item
///   inserted after its predecessor in the new list, or first among the
///   roots) and dropped when the rebased `visibleItems` still differ; dropped
///   when the section is deleted. Content: the stored map is updated with the
///   new values; values of items no longer present are dropped.
/// - **Section apply** (`apply(_:to:)`): B.5 steps 1–5. The stored section
///   snapshot becomes exactly the applied one (no merging of flags), in the
///   place of the section's stored one (the old one is replaced, never
///   rebased or dropped first), or last when it had none. Only
///   rows move between sections: an id that is a *hidden* descendant in
///   another section's stored tree stays in that tree (its rows did not
///   change), and comes back to that section as a cross-section move if an
///   ancestor there is expanded later (B.5 leaves this open; model and
///   engine agree).
/// - **`snapshot(for:)`**: a copy of the stored section snapshot; a flat one
///   (the section's items as roots) for a section without one; an empty one
///   for an unknown section.
/// - **User toggle** (`userToggle(_:in:)`): only for a visible row of a
///   section with a stored section snapshot, otherwise `.ignored`. Expands a
///   collapsed item, collapses an expanded one, running part D's sequence;
///   the new state is applied like `apply(_:to:)`.
/// - **User reorder** (`userReorder(from:to:)`): `source` is a row of
///   `snapshot()`; `destination` is where that row lands, in the coordinates
///   of the section's rows *after the dragged rows were removed* (so
///   `destination.item` ranges over `0...count`). The dragged rows are the
///   item and, in an outline, its visible descendants; its whole subtree
///   (hidden descendants and flags included) travels with it. In a
///   destination backed by a section snapshot, the subtree becomes the sibling
///   directly before the row at `destination.item` (at that row's level), or
///   the last root when `destination.item == count`. A drag of an item that
///   has children into a section without a section snapshot is refused.
///   Sequence: paths are validated (throwing `.indexPathOutOfRange`);
///   `canReorderItem` (nil refuses); then refusal rules; `willReorder` with
///   the old state still held; commit; `didReorder`. A refused drag returns
///   `nil` and changes nothing.
public protocol DataSourceProtocol<Snapshot, SectionSnapshot>: SendableMetatype {
  /// The full snapshot type.
  associatedtype Snapshot: SnapshotProtocol
  /// The section snapshot type.
  associatedtype SectionSnapshot: SectionSnapshotProtocol
  where SectionSnapshot.ItemIdentifier == Snapshot.ItemIdentifier

  /// The section identifier type of the data source's snapshots.
  typealias Section = Snapshot.SectionIdentifier
  /// The item identifier type of the data source's snapshots.
  typealias Item = Snapshot.ItemIdentifier

  /// Creates an empty data source with no handlers.
  init()

  /// The handlers run around user expand and collapse.
  var sectionSnapshotHandlers: SectionSnapshotHandlers<SectionSnapshot> { get set }
  /// The handlers run around user reorders.
  var reorderingHandlers: ReorderingHandlers<Snapshot, SectionSnapshot> { get set }
  /// How content-changed items appear in changesets.
  var contentUpdateStyle: ContentUpdateStyle { get set }

  /// A copy of the current full snapshot, without marks.
  func snapshot() -> Snapshot
  /// The stored section snapshot of `section`, a flat one, or an empty one.
  func snapshot(for section: Section) -> SectionSnapshot

  /// Applies a full snapshot; returns what the view was given.
  mutating func apply(_ snapshot: Snapshot, contents: ContentMap<Item>) -> Changeset
  /// Applies a section snapshot to `section` (appending the section when it
  /// is new); returns what the view was given.
  mutating func apply(_ sectionSnapshot: SectionSnapshot, to section: Section) -> Changeset
  /// A user's tap on the disclosure of `item` in `section`.
  /// - Throws: what `replace(childrenOf:using:)` throws when
  ///   `snapshotForExpandingParent` returns ids found elsewhere in the tree;
  ///   the state is then unchanged.
  mutating func userToggle(_ item: Item, in section: Section) throws(SnapshotError)
    -> ToggleOutcome
  /// A user's drag of the row at `source` to `destination`.
  /// - Returns: the transaction, or `nil` when the drag was refused.
  /// - Throws: `.indexPathOutOfRange` when a path is not a row (or a valid
  ///   drop position); no handler runs.
  mutating func userReorder(from source: ItemPath, to destination: ItemPath)
    throws(SnapshotError) -> Transaction<Snapshot, SectionSnapshot>?
}

extension DataSourceProtocol {
  /// Applies a full snapshot with no content information.
  public mutating func apply(_ snapshot: Snapshot) -> Changeset {
    apply(snapshot, contents: [:])
  }
}
