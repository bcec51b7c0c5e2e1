import SnapshotCore

/// How `AdaptedDataSource` presents a user's data source (`Base`) to the
/// catalog: the catalog's `Int` identifiers and snapshot types on one side,
/// `Base`'s on the other, and the calls the adapter keeps from `Base`
/// because the reference model rejects them.
///
/// Two adapters exist: `IdentifierDataSourceAdapter` (any `Hashable &
/// Sendable` ids through an `IdentifierMapping`, behind `MappedDataSource`)
/// and `MisuseGuardDataSourceAdapter` (a trapping or lenient data source,
/// behind `GuardedDataSource`). They compose: a guarded mapped data source
/// is `GuardedDataSource<MappedDataSource<Mine, Map>>`.
public protocol DataSourceAdapter: Sendable {
  /// The data source under test.
  associatedtype Base: DataSourceProtocol
  /// The full snapshot type the catalog sees.
  associatedtype Snapshot: SnapshotProtocol<Int, Int>
  /// The section snapshot type the catalog sees.
  associatedtype SectionSnapshot: SectionSnapshotProtocol<Int>

  /// `Base`'s section for the catalog's `id`.
  static func section(_ id: Int) -> Base.Section
  /// `Base`'s item for the catalog's `id`.
  static func item(_ id: Int) -> Base.Item
  /// The catalog's id of one of `Base`'s sections.
  static func number(ofSection section: Base.Section) -> Int
  /// The catalog's id of one of `Base`'s items.
  static func number(ofItem item: Base.Item) -> Int
  /// `Base`'s full snapshot as the catalog sees it.
  static func adapted(_ snapshot: Base.Snapshot) -> Snapshot
  /// The catalog's full snapshot as `Base` takes it.
  static func base(of snapshot: Snapshot) -> Base.Snapshot
  /// `Base`'s section snapshot as the catalog sees it.
  static func adapted(_ snapshot: Base.SectionSnapshot) -> SectionSnapshot
  /// The catalog's section snapshot as `Base` takes it.
  static func base(of snapshot: SectionSnapshot) -> Base.SectionSnapshot
  /// `Base`'s error with its ids turned into the catalog's.
  static func catalogError(_ error: SnapshotError) -> SnapshotError
  /// The reference model's error when it rejects `replace(childrenOf:
  /// item, using: children)` on `tree` (the lazy children of a user's
  /// expand), or `nil` to hand the call to `Base`.
  static func rejection(
    replacingChildrenOf item: Base.Item, in tree: Base.SectionSnapshot,
    with children: Base.SectionSnapshot
  ) -> SnapshotError?
  /// The reference model's error when it rejects the drag from `source`
  /// to `destination` on `dataSource`, or `nil` to hand the call to `Base`.
  static func rejection(reordering source: ItemPath, to destination: ItemPath, on dataSource: Base)
    -> SnapshotError?
}

extension DataSourceAdapter {
  /// Hands every lazy-children replacement to `Base`.
  public static func rejection(
    replacingChildrenOf item: Base.Item, in tree: Base.SectionSnapshot,
    with children: Base.SectionSnapshot
  ) -> SnapshotError? { nil }

  /// Hands every drag to `Base`.
  public static func rejection(
    reordering source: ItemPath, to destination: ItemPath, on dataSource: Base
  ) -> SnapshotError? { nil }
}
