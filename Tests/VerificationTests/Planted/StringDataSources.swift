import SnapshotCore
import SnapshotEngine

/// A user's data source with `String` ids that forwards everything to an
/// `EngineDataSource<String, String>`; a fixture overrides what it changes.
protocol ForwardingStringDataSource: DataSourceProtocol
where Snapshot == EngineSnapshot<String, String>, SectionSnapshot == EngineSectionSnapshot<String> {
  var base: EngineDataSource<String, String> { get set }
}

extension ForwardingStringDataSource {
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
  func snapshot(for section: String) -> SectionSnapshot { base.snapshot(for: section) }
  mutating func apply(_ snapshot: Snapshot, contents: ContentMap<String>) -> Changeset {
    base.apply(snapshot, contents: contents)
  }
  mutating func apply(_ sectionSnapshot: SectionSnapshot, to section: String) -> Changeset {
    base.apply(sectionSnapshot, to: section)
  }
  mutating func userToggle(_ item: String, in section: String) throws(SnapshotError) -> ToggleOutcome {
    try base.userToggle(item, in: section)
  }
  mutating func userReorder(from source: ItemPath, to destination: ItemPath)
    throws(SnapshotError) -> Transaction<Snapshot, SectionSnapshot>?
  {
    try base.userReorder(from: source, to: destination)
  }
}

/// `String`-id data sources as users ship them.
enum StringDataSources {
  /// Traps where Apple raises (a drag from or to a path that is not a row,
  /// lazy children already in the tree), as UIKit does: never throws.
  struct Trapping: ForwardingStringDataSource {
    var base = EngineDataSource<String, String>()
    mutating func userToggle(_ item: String, in section: String) -> ToggleOutcome {
      do { return try base.userToggle(item, in: section) } catch { preconditionFailure("\(error)") }
    }
    mutating func userReorder(from source: ItemPath, to destination: ItemPath)
      -> Transaction<Snapshot, SectionSnapshot>?
    {
      do { return try base.userReorder(from: source, to: destination) } catch { preconditionFailure("\(error)") }
    }
  }

  /// Planted bug: `apply(_:to:)` does not store the section snapshot; it
  /// shows its visible items as a flat section.
  struct ForgetsSectionSnapshot: ForwardingStringDataSource {
    var base = EngineDataSource<String, String>()
    mutating func apply(_ sectionSnapshot: SectionSnapshot, to section: String) -> Changeset {
      var snapshot = base.snapshot()
      if snapshot.indexOfSection(section) == nil {
        try? snapshot.appendSections([section])
      } else {
        try? snapshot.deleteItems(snapshot.itemIdentifiers(inSection: section))
      }
      try? snapshot.appendItems(sectionSnapshot.visibleItems, toSection: section)
      return base.apply(snapshot)
    }
  }
}
