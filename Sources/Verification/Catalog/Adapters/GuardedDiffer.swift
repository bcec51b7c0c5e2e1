import SnapshotCore

/// Diffs guarded snapshots with `Base`'s differ, on the implementation's
/// own snapshots (plain or staged).
public struct GuardedDiffer<Base: DifferProtocol>: DifferProtocol
where Base.Snapshot: SnapshotProtocol<Int, Int> {
  /// The differ under test.
  public var base: Base

  /// Wraps `base`.
  public init(_ base: Base) {
    self.base = base
  }

  /// `base`'s changeset between the wrapped snapshots.
  public func changeset(
    from old: GuardedSnapshot<Base.Snapshot>, to new: GuardedSnapshot<Base.Snapshot>,
    options: DiffOptions<Int>
  ) -> Changeset {
    base.changeset(from: old.base, to: new.base, options: options)
  }

  /// `base`'s stages between the wrapped snapshots.
  public func stagedChangeset(
    from old: GuardedSnapshot<Base.Snapshot>, to new: GuardedSnapshot<Base.Snapshot>,
    options: DiffOptions<Int>
  ) -> StagedChangeset<Int, Int> {
    base.stagedChangeset(from: old.base, to: new.base, options: options)
  }
}

extension GuardedDiffer: Sendable where Base: Sendable {}
