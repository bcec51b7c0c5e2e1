import SnapshotCore
import SnapshotEngine

/// A data source as users ship them: traps where Apple raises (a drag from
/// or to a path that is not a row, lazy children already in the tree), as
/// UIKit does; never throws.
public struct TrappingDataSource<BaseSection: Hashable, BaseItem: Hashable>: ForwardingDataSource {
  public init() {}
  public var base = EngineDataSource<BaseSection, BaseItem>()

  public mutating func userToggle(_ item: BaseItem, in section: BaseSection) -> ToggleOutcome {
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
