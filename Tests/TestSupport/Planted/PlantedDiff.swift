import SnapshotCore
import SnapshotEngine

/// Changeset corruptions for `LayoutDiffer`, one planted bug each, for the
/// `diff.` and `meta.` families.
public enum PlantedDiff {
  public typealias Plant =
    @Sendable (Changeset, EngineSnapshot<Int, Int>, EngineSnapshot<Int, Int>)
    -> Changeset

  /// Reloads are emitted in the structural batch.
  public static let reloadInStructuralBatch: Plant = { changeset, _, _ in
    guard changeset.batches.count == 2 else { return changeset }
    var batch = changeset.batches[0]
    let refresh = changeset.batches[1]
    batch.itemReloads = refresh.itemReloads
    batch.itemReconfigures = refresh.itemReconfigures
    batch.sectionReloads = refresh.sectionReloads
    return Changeset(batches: [batch])
  }

  /// Every item move becomes a delete plus an insert.
  public static let deleteAndReinsertMoves: Plant = { changeset, _, _ in
    var batches = changeset.batches
    guard var batch = batches.first else { return changeset }
    batch.itemDeletes += batch.itemMoves.map(\.from)
    batch.itemInserts += batch.itemMoves.map(\.to)
    batch.itemMoves = []
    batches[0] = batch.normalized()
    return Changeset(batches: batches)
  }

  /// A move's destination is one row further down when that row exists.
  public static let offByOneDestination: Plant = { changeset, _, new in
    var batches = changeset.batches
    guard var batch = batches.first, let move = batch.itemMoves.first else { return changeset }
    let count = (try? new.numberOfItems(inSection: new.sectionIdentifiers[move.to.section])) ?? 0
    guard move.to.item + 1 < count else { return changeset }
    batch.itemMoves[0].to.item += 1
    batches[0] = batch
    return Changeset(batches: batches)
  }

  /// Reconfigures are reported as reloads.
  public static let reconfigureAsReload: Plant = { changeset, _, _ in
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
public struct NaiveDiffer<Snapshot: SnapshotProtocol<Int, Int>>: DifferProtocol {
  public init() {}

  public func changeset(from old: Snapshot, to new: Snapshot, options: DiffOptions<Int>)
    -> Changeset
  {
    ModelDifferBridge.changeset(from: old, to: new, options: options)
  }
}

/// Planted bug (`diff.stateless`): a differ that caches its last
/// changeset keyed by the two snapshots' item counts, so a later pair
/// with the same counts gets a stale changeset.
public final class CountCachingDiffer<Snapshot: SnapshotProtocol<Int, Int>>: DifferProtocol,
  @unchecked Sendable
{
  private var cache: [[Int]: Changeset] = [:]

  public init() {}

  public func changeset(from old: Snapshot, to new: Snapshot, options: DiffOptions<Int>)
    -> Changeset
  {
    let key = [old.numberOfItems, new.numberOfItems, old.numberOfSections, new.numberOfSections]
    if let cached = cache[key] { return cached }
    let changeset = ModelDifferBridge.changeset(from: old, to: new, options: options)
    cache[key] = changeset
    return changeset
  }
}
