import SnapshotCore
import SnapshotEngine

/// A data source that forwards everything to a `base` data source (an
/// `EngineDataSource` with any ids, or the reference `ModelDataSource`); a
/// planted bug or a fixture overrides what it changes.
public protocol ForwardingDataSource: DataSourceProtocol
where Snapshot == Base.Snapshot, SectionSnapshot == Base.SectionSnapshot {
  associatedtype Base: DataSourceProtocol
  var base: Base { get set }
}

extension ForwardingDataSource {
  public var sectionSnapshotHandlers: SectionSnapshotHandlers<SectionSnapshot> {
    get { base.sectionSnapshotHandlers }
    set { base.sectionSnapshotHandlers = newValue }
  }
  public var reorderingHandlers: ReorderingHandlers<Snapshot, SectionSnapshot> {
    get { base.reorderingHandlers }
    set { base.reorderingHandlers = newValue }
  }
  public var contentUpdateStyle: ContentUpdateStyle {
    get { base.contentUpdateStyle }
    set { base.contentUpdateStyle = newValue }
  }
  public func snapshot() -> Snapshot { base.snapshot() }
  public func snapshot(for section: Section) -> SectionSnapshot { base.snapshot(for: section) }
  public mutating func apply(_ snapshot: Snapshot, contents: ContentMap<Item>) -> Changeset {
    base.apply(snapshot, contents: contents)
  }
  public mutating func apply(_ sectionSnapshot: SectionSnapshot, to section: Section) -> Changeset {
    base.apply(sectionSnapshot, to: section)
  }
  public mutating func userToggle(_ item: Item, in section: Section) throws(SnapshotError)
    -> ToggleOutcome
  {
    try base.userToggle(item, in: section)
  }
  public mutating func userReorder(from source: ItemPath, to destination: ItemPath)
    throws(SnapshotError) -> Transaction<Snapshot, SectionSnapshot>?
  {
    try base.userReorder(from: source, to: destination)
  }
}
