import SnapshotModel

/// The reference model types the catalog compares every implementation
/// against.
public enum ModelReference {
  /// The reference full snapshot.
  public typealias Snapshot = ModelSnapshot<Int, Int>
  /// The reference section snapshot.
  public typealias SectionSnapshot = ModelSectionSnapshot<Int>
  /// The reference differ.
  public typealias Differ = ModelDiffer<Int, Int>
}
