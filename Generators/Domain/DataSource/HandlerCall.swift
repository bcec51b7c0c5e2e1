/// One call of a handler a data-source script installs, as it was made:
/// what the handler-order checks compare between the reference and an
/// implementation, and what a rendered test's handlers log.
public enum HandlerCall: Hashable, Sendable {
  /// `shouldExpandItem(item)`.
  case shouldExpandItem(Int)
  /// `willExpandItem(item)`.
  case willExpandItem(Int)
  /// `snapshotForExpandingParent(item, children)`, with the children's
  /// items.
  case snapshotForExpandingParent(Int, children: [Int])
  /// `shouldCollapseItem(item)`.
  case shouldCollapseItem(Int)
  /// `willCollapseItem(item)`.
  case willCollapseItem(Int)
  /// `canReorderItem(item)`.
  case canReorderItem(Int)
  /// `willReorder(transaction)`, with the final snapshot's items.
  case willReorder([Int])
  /// `didReorder(transaction)`, with the final snapshot's items.
  case didReorder([Int])

  /// The call as a rendered handler logs it: `shouldExpandItem(i3)`, an id
  /// written by `item` (what string interpolation prints of it), a list by
  /// `list`.
  public func text(item: (Int) -> String, list: ([Int]) -> String) -> String {
    switch self {
    case .shouldExpandItem(let id): return "shouldExpandItem(\(item(id)))"
    case .willExpandItem(let id): return "willExpandItem(\(item(id)))"
    case .snapshotForExpandingParent(let id, let children):
      return "snapshotForExpandingParent(\(item(id)), \(list(children)))"
    case .shouldCollapseItem(let id): return "shouldCollapseItem(\(item(id)))"
    case .willCollapseItem(let id): return "willCollapseItem(\(item(id)))"
    case .canReorderItem(let id): return "canReorderItem(\(item(id)))"
    case .willReorder(let ids): return "willReorder(\(list(ids)))"
    case .didReorder(let ids): return "didReorder(\(list(ids)))"
    }
  }
}
