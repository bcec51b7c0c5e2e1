import SnapshotCore

/// The differ of an implementation that has none (a snapshot backport
/// without a diffing library): its changesets are empty, and the catalog
/// runs no differ property on it (`Implementation.parts` lacks `.differ`).
///
/// ```swift
/// let backport = Implementation(
///   name: "backport", snapshot: MyBackport<Int, Int>.self, misuse: .traps
/// ) { NoDiffer<MyBackport<Int, Int>>() }
/// ```
public struct NoDiffer<Snapshot: SnapshotProtocol>: DifferProtocol, Sendable {
  /// Creates the placeholder.
  public init() {}

  /// Empty: there is no differ to ask.
  public func changeset(
    from old: Snapshot, to new: Snapshot, options: DiffOptions<Snapshot.ItemIdentifier>
  ) -> Changeset {
    Changeset()
  }
}
