import SnapshotCore
import SnapshotEngine

/// A differ for any full snapshot: rebuilds both sides (layout and marks) as
/// `EngineSnapshot`s and diffs them with `EngineDiffer`, then lets `plant`
/// break the changeset.
public struct LayoutDiffer<Snapshot: SnapshotProtocol<Int, Int>>: DifferProtocol {
  public var plant:
    @Sendable (Changeset, EngineSnapshot<Int, Int>, EngineSnapshot<Int, Int>) -> Changeset =
      { changeset, _, _ in changeset }

  /// Creates the differ; `plant` breaks its changesets (default: none).
  public init(
    plant:
      @escaping @Sendable (Changeset, EngineSnapshot<Int, Int>, EngineSnapshot<Int, Int>)
      -> Changeset = { changeset, _, _ in changeset }
  ) {
    self.plant = plant
  }

  public static func engine(_ s: Snapshot) -> EngineSnapshot<Int, Int> {
    var result = EngineSnapshot<Int, Int>()
    try? result.appendSections(s.sectionIdentifiers)
    for (section, items) in s.layout where !items.isEmpty {
      try? result.appendItems(items, toSection: section)
    }
    try? result.reloadItems(s.reloadedItems)
    try? result.reconfigureItems(s.reconfiguredItems)
    try? result.reloadSections(s.reloadedSections)
    return result
  }

  public func changeset(from old: Snapshot, to new: Snapshot, options: DiffOptions<Int>)
    -> Changeset
  {
    let (a, b) = (Self.engine(old), Self.engine(new))
    return plant(EngineDiffer<Int, Int>().changeset(from: a, to: b, options: options), a, b)
  }
}
