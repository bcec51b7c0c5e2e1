/// Where an item operation puts its items: directly before or after an item.
public enum ItemAnchor: Hashable, Sendable, CustomStringConvertible {
  /// Directly before the item.
  case beforeItem(Int)
  /// Directly after the item.
  case afterItem(Int)

  /// The anchor item.
  public var item: Int {
    switch self {
    case .beforeItem(let item), .afterItem(let item): return item
    }
  }

  /// `beforeItem` or `afterItem`: the Swift argument label.
  public var label: String {
    switch self {
    case .beforeItem: return "beforeItem"
    case .afterItem: return "afterItem"
    }
  }

  /// The Swift argument: `beforeItem: 3`.
  public var description: String { "\(label): \(item)" }
}
