import SnapshotCore
import SnapshotEngine

/// Changeset corruptions for `LayoutDiffer`, one planted bug each, for the
/// `diff.` and `meta.` families.
enum PlantedDiff {
  typealias Plant =
    @Sendable (Changeset, EngineSnapshot<Int, Int>, EngineSnapshot<Int, Int>)
    -> Changeset

  /// Reloads are emitted in the structural batch.
  static let reloadInStructuralBatch: Plant = { changeset, _, _ in
    guard changeset.batches.count == 2 else { return changeset }
    var batch = changeset.batches[0]
    let refresh = changeset.batches[1]
    batch.itemReloads = refresh.itemReloads
    batch.itemReconfigures = refresh.itemReconfigures
    batch.sectionReloads = refresh.sectionReloads
    return Changeset(batches: [batch])
  }

  /// Every item move becomes a delete plus an insert.
  static let deleteAndReinsertMoves: Plant = { changeset, _, _ in
    var batches = changeset.batches
    guard var batch = batches.first else { return changeset }
    batch.itemDeletes += batch.itemMoves.map(\.from)
    batch.itemInserts += batch.itemMoves.map(\.to)
    batch.itemMoves = []
    batches[0] = batch.normalized()
    return Changeset(batches: batches)
  }

  /// A move's destination is one row further down when that row exists.
  static let offByOneDestination: Plant = { changeset, _, new in
    var batches = changeset.batches
    guard var batch = batches.first, let move = batch.itemMoves.first else { return changeset }
    let count = (try? new.numberOfItems(inSection: new.sectionIdentifiers[move.to.section])) ?? 0
    guard move.to.item + 1 < count else { return changeset }
    batch.itemMoves[0].to.item += 1
    batches[0] = batch
    return Changeset(batches: batches)
  }

  /// Reconfigures are reported as reloads.
  static let reconfigureAsReload: Plant = { changeset, _, _ in
    Changeset(
      batches: changeset.batches.map { batch in
        var batch = batch
        batch.itemReloads = (batch.itemReloads + batch.itemReconfigures).sorted()
        batch.itemReconfigures = []
        return batch
      })
  }
}

/// A differ that is not move-minimal: the model's naive diff (every item
/// whose index changed is moved).
struct NaiveDiffer<Snapshot: SnapshotProtocol<Int, Int>>: DifferProtocol {
  func changeset(from old: Snapshot, to new: Snapshot, options: DiffOptions<Int>) -> Changeset {
    ModelDifferBridge.changeset(from: old, to: new, options: options)
  }
}
