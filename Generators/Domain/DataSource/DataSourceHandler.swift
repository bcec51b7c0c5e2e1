/// A handler a user may install on a data source (semantics C.3, D); the
/// generators leave each one out in some sessions, since a missing handler
/// has its own meaning (`nil` allows a toggle, refuses every drag, loads no
/// children).
public enum DataSourceHandler: String, CaseIterable, Hashable, Sendable, Codable {
  // The order of the cases is the order `allCases` lists them in, which the
  // generators draw over: reordering them changes every recorded session.

  /// `SectionSnapshotHandlers.shouldExpandItem`: may the user expand a row.
  case shouldExpandItem
  /// `SectionSnapshotHandlers.willExpandItem`: told before an expand.
  case willExpandItem
  /// `SectionSnapshotHandlers.snapshotForExpandingParent`: lazily loads the
  /// children of a row being expanded.
  case snapshotForExpandingParent
  /// `SectionSnapshotHandlers.shouldCollapseItem`: may the user collapse a
  /// row.
  case shouldCollapseItem
  /// `SectionSnapshotHandlers.willCollapseItem`: told before a collapse.
  case willCollapseItem
  /// `ReorderingHandlers.canReorderItem`: may the user drag a row.
  case canReorderItem
  /// `ReorderingHandlers.willReorder`: told at the drop, before the commit.
  case willReorder
  /// `ReorderingHandlers.didReorder`: told after the commit.
  case didReorder
}
