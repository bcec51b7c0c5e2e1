import SnapshotCore
import SnapshotEngine

/// A staged differ as a user ships it, with the historical bug planted in
/// its type (a rendered test names the type, so the bug must live there):
/// the move stage's data keeps a cross-section moved item twice.
public struct StagedTwiceDiffer<Snapshot: SnapshotProtocol>: StagedDifferProtocol, Sendable {
  public init() {}

  public func stagedChangeset(
    from old: Snapshot, to new: Snapshot, options: DiffOptions<Snapshot.ItemIdentifier>
  ) -> StagedChangeset<Snapshot.SectionIdentifier, Snapshot.ItemIdentifier> {
    StagedFixtureDiffer<Snapshot>(holdsMovedItemTwice: true).stagedChangeset(
      from: old, to: new, options: options)
  }
}

/// A staged differ as a user ships it, without the bug.
public struct StagedDiffer<Snapshot: SnapshotProtocol>: StagedDifferProtocol, Sendable {
  public init() {}

  public func stagedChangeset(
    from old: Snapshot, to new: Snapshot, options: DiffOptions<Snapshot.ItemIdentifier>
  ) -> StagedChangeset<Snapshot.SectionIdentifier, Snapshot.ItemIdentifier> {
    StagedFixtureDiffer<Snapshot>().stagedChangeset(from: old, to: new, options: options)
  }
}

/// A trap-style `String` data source (never throws) whose `apply(_:to:)`
/// forgets the section snapshot (`StringDataSources.ForgetsSectionSnapshot`'s
/// bug).
public struct TrappingForgetfulDataSource: ForwardingDataSource {
  public init() {}
  public var forgetful = StringDataSources.ForgetsSectionSnapshot()

  public var base: EngineDataSource<String, String> {
    get { forgetful.base }
    set { forgetful.base = newValue }
  }

  public mutating func apply(_ sectionSnapshot: SectionSnapshot, to section: String) -> Changeset {
    forgetful.apply(sectionSnapshot, to: section)
  }

  public mutating func userToggle(_ item: String, in section: String) -> ToggleOutcome {
    do { return try base.userToggle(item, in: section) } catch { preconditionFailure("\(error)") }
  }

  public mutating func userReorder(from source: ItemPath, to destination: ItemPath)
    -> Transaction<Snapshot, SectionSnapshot>?
  {
    do { return try base.userReorder(from: source, to: destination) } catch {
      preconditionFailure("\(error)")
    }
  }
}

/// A trap-style data source (never throws) whose drags report no
/// transaction.
public struct TrappingSilentDragDataSource<BaseSection: Hashable, BaseItem: Hashable>:
  ForwardingDataSource
{
  public init() {}
  public var base = EngineDataSource<BaseSection, BaseItem>()

  public mutating func userToggle(_ item: BaseItem, in section: BaseSection) -> ToggleOutcome {
    do { return try base.userToggle(item, in: section) } catch { preconditionFailure("\(error)") }
  }

  public mutating func userReorder(from source: ItemPath, to destination: ItemPath)
    -> Transaction<Snapshot, SectionSnapshot>?
  {
    do {
      _ = try base.userReorder(from: source, to: destination)
      return nil
    } catch {
      preconditionFailure("\(error)")
    }
  }
}
