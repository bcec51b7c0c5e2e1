import SnapshotCore

/// Presents a data source whose identifiers are `Map`'s (`String`, `UUID`,
/// a struct …) with the catalog's `Int` ids: snapshots through
/// `MappedSnapshot` and `MappedSectionSnapshot`, ids through `Map`.
public enum IdentifierDataSourceAdapter<Base: DataSourceProtocol, Map: IdentifierMapping>:
  DataSourceAdapter
where Base.Section == Map.Section, Base.Item == Map.Item {
  /// The catalog's view of `Base.Snapshot`.
  public typealias Snapshot = MappedSnapshot<Base.Snapshot, Map>
  /// The catalog's view of `Base.SectionSnapshot`.
  public typealias SectionSnapshot = MappedSectionSnapshot<Base.SectionSnapshot, Map>

  /// `Map.section(id)`.
  public static func section(_ id: Int) -> Base.Section { Map.section(id) }
  /// `Map.item(id)`.
  public static func item(_ id: Int) -> Base.Item { Map.item(id) }
  /// The catalog's id of `section` (`-1` when `Map` maps none).
  public static func number(ofSection section: Base.Section) -> Int {
    Map.number(ofSection: section)
  }
  /// The catalog's id of `item` (`-1` when `Map` maps none).
  public static func number(ofItem item: Base.Item) -> Int { Map.number(ofItem: item) }
  /// `snapshot` behind `MappedSnapshot`.
  public static func adapted(_ snapshot: Base.Snapshot) -> Snapshot { Snapshot(base: snapshot) }
  /// The wrapped snapshot.
  public static func base(of snapshot: Snapshot) -> Base.Snapshot { snapshot.base }
  /// `snapshot` behind `MappedSectionSnapshot`.
  public static func adapted(_ snapshot: Base.SectionSnapshot) -> SectionSnapshot {
    SectionSnapshot(base: snapshot)
  }
  /// The wrapped section snapshot.
  public static func base(of snapshot: SectionSnapshot) -> Base.SectionSnapshot { snapshot.base }
  /// `Map.catalogError(error)`.
  public static func catalogError(_ error: SnapshotError) -> SnapshotError {
    Map.catalogError(error)
  }
}

/// A user's data source with any `Hashable & Sendable` identifiers, seen by
/// the catalog with `Int` ids (see `Implementation.mapped(name:snapshot:sectionSnapshot:dataSource:identifiers:misuse:differ:)`).
public typealias MappedDataSource<Base: DataSourceProtocol, Map: IdentifierMapping> =
  AdaptedDataSource<IdentifierDataSourceAdapter<Base, Map>>
where Base.Section == Map.Section, Base.Item == Map.Item
