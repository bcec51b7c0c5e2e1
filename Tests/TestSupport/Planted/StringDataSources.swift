import SnapshotCore
import SnapshotEngine

/// `String`-id data sources as users ship them (over `ForwardingDataSource`).
public enum StringDataSources {
  /// Planted bug: `apply(_:to:)` does not store the section snapshot; it
  /// shows its visible items as a flat section.
  public struct ForgetsSectionSnapshot: ForwardingDataSource {
    public init() {}
    public var base = EngineDataSource<String, String>()
    public mutating func apply(_ sectionSnapshot: SectionSnapshot, to section: String) -> Changeset
    {
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
