/// Where a section-snapshot insert puts its items: as siblings directly
/// before or after an item.
public enum TreeAnchor: Hashable, Sendable, CustomStringConvertible {
  /// Directly before the item.
  case before(Int)
  /// Directly after the item (after its subtree in `items` order).
  case after(Int)

  /// The anchor item.
  public var item: Int {
    switch self {
    case .before(let item), .after(let item): return item
    }
  }

  /// `before` or `after`: the Swift argument label.
  public var label: String {
    switch self {
    case .before: return "before"
    case .after: return "after"
    }
  }

  /// The same side of another item.
  public func replacing(_ item: Int) -> TreeAnchor {
    switch self {
    case .before: return .before(item)
    case .after: return .after(item)
    }
  }

  /// The Swift argument: `after: 3`.
  public var description: String { "\(label): \(item)" }
}
