/// A handler a user may install on a data source (semantics C.3, D); the
/// generators leave each one out in some sessions, since a missing handler
/// has its own meaning (`nil` allows a toggle, refuses every drag, loads no
/// children).
public enum DataSourceHandler: String, CaseIterable, Hashable, Sendable, Codable {
  case shouldExpandItem, willExpandItem, snapshotForExpandingParent
  case shouldCollapseItem, willCollapseItem
  case canReorderItem, willReorder, didReorder
}
