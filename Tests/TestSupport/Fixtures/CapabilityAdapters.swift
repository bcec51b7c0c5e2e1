import SnapshotCore
import SnapshotModel

// The glue a differ-only user writes: the catalog hands the differ
// reference snapshots; it reads their plain layout and marks.

/// `LayoutOnlyDiffer` over the reference snapshots.
public struct LayoutDifferGlue<Bug: DifferOnlyBug>: DifferProtocol, Sendable {
  public init() {}

  public func changeset(
    from old: ModelSnapshot<Int, Int>, to new: ModelSnapshot<Int, Int>, options: DiffOptions<Int>
  ) -> Changeset {
    LayoutOnlyDiffer<Bug>().diff(
      old: old.layout, new: new.layout, reloaded: new.reloadedItemIdentifiers,
      reconfigured: new.reconfiguredItemIdentifiers,
      reloadedSections: new.reloadedSectionIdentifiers,
      updated: new.itemIdentifiers.filter(options.contentChanged),
      reconfigureUpdates: options.contentUpdate == .reconfigure)
  }
}
