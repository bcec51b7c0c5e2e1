import SnapshotCore

/// The reference batch-update interpreter (SPEC §3): performs a `Changeset`
/// over an old snapshot the way `UICollectionView.performBatchUpdates` would,
/// reports every rule it breaks, and tells where every resulting section and
/// item came from.
///
/// The rules it enforces, per batch:
///
/// - **Conventions.** Deletes, move sources, reloads and reconfigures name
///   indices of the state *before* the batch; inserts and move destinations
///   name indices of the state *after* it.
/// - **Every batch ends in the target's shape.** A diffable data source
///   already holds the new snapshot when it performs the batches, so for each
///   batch the collection view reads the section and item counts — and the
///   cells of inserted positions — from the target. The before-state of the
///   first batch is `old`; of every later batch, the result of the previous
///   one.
/// - **Validity** (`BatchViolation`): every index in range; no index deleted,
///   inserted, moved from, moved to, reloaded or reconfigured twice; no
///   before-index both deleted and moved from; no after-index both inserted
///   and moved to; no reload or reconfigure of an item that is deleted, moved
///   or in a deleted section, nor both reloaded and reconfigured; no reload of
///   a deleted or moved section; the same for sections; section count
///   `after = before − deleted + inserted`; for every *surviving* section,
///   `after = before − deleted + inserted − movedOut + movedIn` (a move within
///   one section counts as out and in).
/// - **Deleted and inserted sections** (rule chosen here, as current UIKit
///   accepts it, semantics E.2): items may be moved *out of a deleted
///   section* and *into an inserted section*. A deleted section takes every
///   item not moved out of it along; listing those items as deletes too is
///   allowed. An inserted section is filled from the target; listing its
///   items as inserts is allowed, and items moved into it land at their
///   destinations. The count rule therefore applies to surviving sections
///   only.
/// - **Application.** The after-layout is built from after-indices: inserted
///   sections and items are taken from the target at that index (as a
///   collection view asks its data source); moved sections and items land at
///   their destinations; every other surviving section keeps its relative
///   order and fills the remaining section slots, and every other surviving
///   item keeps its relative order and fills the remaining slots of the
///   section its own section became.
///
/// A batch that breaks a rule is not performed, and no later batch is looked
/// at: the `InterpretedUpdate` then holds that batch's violations and the
/// state before it, does not round-trip, and reports no identity breach.
public enum BatchInterpreter {
  /// Performs `changeset` over `old`, with `new` as the target the data
  /// source holds, and checks the result against `new`.
  ///
  /// - Returns: the violations, the resulting layout with the provenance of
  ///   every section and item (relative to `old`), whether the result equals
  ///   `new`, every identity breach, and the ids reloaded and reconfigured.
  /// - Complexity: O(*n*²) and worse, by linear scans, as befits the
  ///   reference model.
  @inlinable
  public static func replay<Snapshot: SnapshotProtocol>(
    _ changeset: Changeset, from old: Snapshot, to new: Snapshot
  ) -> InterpretedUpdate<Snapshot.SectionIdentifier, Snapshot.ItemIdentifier> {
    replay(
      StagedChangeset(changeset, target: new), from: Layout(old), to: Layout(new),
      checksStageData: false)
  }

  /// The project's shape rules `changeset` breaks (UIKit accepts these, or
  /// Apple leaves them open): refreshes sharing a batch with structural
  /// updates, unsorted lists, an item both reloaded and reconfigured (what
  /// UIKit does then is unconfirmed; this engine lets the reload win).
  @inlinable
  public static func shapeViolations(of changeset: Changeset) -> [BatchViolation] {
    changeset.batches.enumerated().flatMap { number, batch -> [BatchViolation] in
      var violations: [BatchViolation] = []
      let refreshes =
        !batch.sectionReloads.isEmpty || !batch.itemReloads.isEmpty
        || !batch.itemReconfigures.isEmpty
      // coverage: only broken code (a changeset that breaks a shape rule)
      if refreshes && !batch.isReloadOnly {
        violations.append(.reloadInStructuralBatch(batch: number))
      }
      // coverage: only broken code (a changeset that breaks a shape rule)
      if batch != batch.normalized() {
        violations.append(.unsortedBatch(batch: number))
      }
      let reloads = Set(batch.itemReloads)
      // coverage: only broken code (a changeset that breaks a shape rule)
      violations += batch.itemReconfigures.filter(reloads.contains).map {
        .reloadAndReconfigureSame(batch: number, $0)
      }
      return violations
    }
  }

  /// The rules `changeset` breaks when performed over `old` with `new` as
  /// the target: `replay(changeset, from: old, to: new).violations`.
  @inlinable
  public static func violations<Snapshot: SnapshotProtocol>(
    of changeset: Changeset, from old: Snapshot, to new: Snapshot
  ) -> [BatchViolation] {
    replay(changeset, from: old, to: new).violations
  }
}
