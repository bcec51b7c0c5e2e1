import Generators
import SnapshotCore
import SnapshotModel

/// Keeps from a `.traps` or `.unspecified` data source every call the
/// reference model rejects: its snapshots go behind `GuardedSnapshot` and
/// `GuardedSectionSnapshot` (so an argument built with a rejected call never
/// reaches its types), a drag from or to a path that is not a row (or drop
/// position) of its own state is not handed to it, and lazy children that
/// `replace(childrenOf:using:)` would reject are replaced by the item's
/// current children (the call is then undone and the model's error thrown).
public enum MisuseGuardDataSourceAdapter<Base: DataSourceProtocol>: DataSourceAdapter
where Base.Section == Int, Base.Item == Int {
  /// The guarded full snapshot.
  public typealias Snapshot = GuardedSnapshot<Base.Snapshot>
  /// The guarded section snapshot.
  public typealias SectionSnapshot = GuardedSectionSnapshot<Base.SectionSnapshot>

  /// `id`.
  public static func section(_ id: Int) -> Int { id }
  /// `id`.
  public static func item(_ id: Int) -> Int { id }
  /// `section`.
  public static func number(ofSection section: Int) -> Int { section }
  /// `item`.
  public static func number(ofItem item: Int) -> Int { item }
  /// `snapshot` behind a guard whose mirror holds the same layout.
  public static func adapted(_ snapshot: Base.Snapshot) -> Snapshot { Snapshot(base: snapshot) }
  /// The guarded snapshot.
  public static func base(of snapshot: Snapshot) -> Base.Snapshot { snapshot.base }
  /// `snapshot` behind a guard whose mirror holds the same tree.
  public static func adapted(_ snapshot: Base.SectionSnapshot) -> SectionSnapshot {
    SectionSnapshot(base: snapshot, mirror: Forest(snapshot).build())
  }
  /// The guarded section snapshot.
  public static func base(of snapshot: SectionSnapshot) -> Base.SectionSnapshot { snapshot.base }
  /// `error`.
  public static func catalogError(_ error: SnapshotError) -> SnapshotError { error }

  /// Whether the data source's own calls are handed over even when the
  /// model rejects them (`.dataSourceActions` declared `.throws`: its
  /// error and unchanged state are then compared with the model's).
  /// A drag of a family declared `.ignores` is handed over by
  /// `AdaptedDataSource.userReorder` itself (which checks it changed
  /// nothing); lazy children the model rejects are never handed to an
  /// `.ignores` data source.
  static var handsOverRejectedActions: Bool {
    MisusePolicy.current.behavior(for: .dataSourceActions) == .throws
  }

  /// The model's error for replacing `item`'s children in `tree` with
  /// `children`, if it rejects that (`nil` when such calls are handed
  /// over).
  public static func rejection(
    replacingChildrenOf item: Int, in tree: Base.SectionSnapshot,
    with children: Base.SectionSnapshot
  ) -> SnapshotError? {
    guard !handsOverRejectedActions else { return nil }
    var model: ModelSectionSnapshot<Int> = Forest(tree).build()
    do throws(SnapshotError) {
      try model.replace(childrenOf: item, using: Forest(children).build())
      return nil
    } catch {
      return error
    }
  }

  /// `.indexPathOutOfRange` when `source` is not a row of `dataSource`'s
  /// `snapshot()`, or `destination` not a drop position (a section, and an
  /// item in `0...count`, counting that section's rows after the dragged
  /// rows were removed: the item and, when expanded, its visible
  /// descendants).
  public static func rejection(
    reordering source: ItemPath, to destination: ItemPath, on dataSource: Base
  ) -> SnapshotError? {
    guard !handsOverRejectedActions else { return nil }
    let layout = dataSource.snapshot().layout
    guard layout.indices.contains(source.section),
      layout[source.section].items.indices.contains(source.item)
    else { return .indexPathOutOfRange(source) }
    guard layout.indices.contains(destination.section) else {
      return .indexPathOutOfRange(destination)
    }
    let from = layout[source.section].section
    let item = layout[source.section].items[source.item]
    let to = layout[destination.section].section
    var rows = rowCount(of: to, in: dataSource)
    if to == from {
      let tree = dataSource.snapshot(for: from)
      let expanded = (try? tree.isExpanded(item)) ?? false
      let below =
        expanded
        ? ((try? tree.snapshot(of: item, includingParent: false))?.visibleItems.count ?? 0) : 0
      rows -= 1 + below
    }
    return (0...max(rows, 0)).contains(destination.item) ? nil : .indexPathOutOfRange(destination)
  }

  /// The rows `section` shows: its section snapshot's visible items (a
  /// flat one for a section without one).
  static func rowCount(of section: Int, in dataSource: Base) -> Int {
    dataSource.snapshot(for: section).visibleItems.count
  }
}

/// A trapping or lenient data source the catalog never hands a call the
/// reference model rejects (`Implementation`'s `misuse` `.traps` or
/// `.unspecified`).
public typealias GuardedDataSource<Base: DataSourceProtocol> =
  AdaptedDataSource<MisuseGuardDataSourceAdapter<Base>>
where Base.Section == Int, Base.Item == Int
