import SnapshotCore
import SnapshotEngine

/// A data source that forwards everything to an `EngineDataSource` (with
/// any ids); a planted bug or a fixture overrides what it changes.
protocol ForwardingDataSource: DataSourceProtocol
where
  Snapshot == EngineSnapshot<BaseSection, BaseItem>,
  SectionSnapshot == EngineSectionSnapshot<BaseItem>
{
  associatedtype BaseSection: Hashable
  associatedtype BaseItem: Hashable
  var base: EngineDataSource<BaseSection, BaseItem> { get set }
}

extension ForwardingDataSource {
  var sectionSnapshotHandlers: SectionSnapshotHandlers<SectionSnapshot> {
    get { base.sectionSnapshotHandlers }
    set { base.sectionSnapshotHandlers = newValue }
  }
  var reorderingHandlers: ReorderingHandlers<Snapshot, SectionSnapshot> {
    get { base.reorderingHandlers }
    set { base.reorderingHandlers = newValue }
  }
  var contentUpdateStyle: ContentUpdateStyle {
    get { base.contentUpdateStyle }
    set { base.contentUpdateStyle = newValue }
  }
  func snapshot() -> Snapshot { base.snapshot() }
  func snapshot(for section: BaseSection) -> SectionSnapshot { base.snapshot(for: section) }
  mutating func apply(_ snapshot: Snapshot, contents: ContentMap<BaseItem>) -> Changeset {
    base.apply(snapshot, contents: contents)
  }
  mutating func apply(_ sectionSnapshot: SectionSnapshot, to section: BaseSection) -> Changeset {
    base.apply(sectionSnapshot, to: section)
  }
  mutating func userToggle(_ item: BaseItem, in section: BaseSection) throws(SnapshotError)
    -> ToggleOutcome
  {
    try base.userToggle(item, in: section)
  }
  mutating func userReorder(from source: ItemPath, to destination: ItemPath)
    throws(SnapshotError) -> Transaction<Snapshot, SectionSnapshot>?
  {
    try base.userReorder(from: source, to: destination)
  }
}
