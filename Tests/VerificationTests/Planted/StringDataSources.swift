import SnapshotCore
import SnapshotEngine

/// `String`-id data sources as users ship them (over `ForwardingDataSource`).
enum StringDataSources {
  /// Traps where Apple raises (a drag from or to a path that is not a row,
  /// lazy children already in the tree), as UIKit does: never throws.
  struct Trapping: ForwardingDataSource {
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
  struct ForgetsSectionSnapshot: ForwardingDataSource {
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
