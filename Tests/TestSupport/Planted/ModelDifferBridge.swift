import SnapshotCore
import SnapshotModel

/// Runs the model's naive differ on any full snapshot's layout and marks.
public enum ModelDifferBridge {
  public static func model<S: SnapshotProtocol<Int, Int>>(_ s: S) -> ModelSnapshot<Int, Int> {
    var result = ModelSnapshot<Int, Int>()
    try? result.appendSections(s.sectionIdentifiers)
    for (section, items) in s.layout where !items.isEmpty {
      try? result.appendItems(items, toSection: section)
    }
    try? result.reloadItems(s.reloadedItems)
    try? result.reconfigureItems(s.reconfiguredItems)
    try? result.reloadSections(s.reloadedSections)
    return result
  }

  public static func changeset<S: SnapshotProtocol<Int, Int>>(
    from old: S, to new: S, options: DiffOptions<Int>
  ) -> Changeset {
    ModelDiffer<Int, Int>().changeset(from: model(old), to: model(new), options: options)
  }
}
