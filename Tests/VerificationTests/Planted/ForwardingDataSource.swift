import SnapshotCore
import SnapshotEngine

/// A data source that forwards everything to an `EngineDataSource`; a
/// planted bug overrides what it breaks.
protocol ForwardingDataSource: DataSourceProtocol
where Snapshot == EngineSnapshot<Int, Int>, SectionSnapshot == EngineSectionSnapshot<Int> {
  var base: EngineDataSource<Int, Int> { get set }
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
  func snapshot(for section: Int) -> SectionSnapshot { base.snapshot(for: section) }
  mutating func apply(_ snapshot: Snapshot, contents: ContentMap<Int>) -> Changeset {
    base.apply(snapshot, contents: contents)
  }
  mutating func apply(_ sectionSnapshot: SectionSnapshot, to section: Int) -> Changeset {
    base.apply(sectionSnapshot, to: section)
  }
  mutating func userToggle(_ item: Int, in section: Int) throws(SnapshotError) -> ToggleOutcome {
    try base.userToggle(item, in: section)
  }
  mutating func userReorder(from source: ItemPath, to destination: ItemPath)
    throws(SnapshotError) -> Transaction<Snapshot, SectionSnapshot>?
  {
    try base.userReorder(from: source, to: destination)
  }
}
