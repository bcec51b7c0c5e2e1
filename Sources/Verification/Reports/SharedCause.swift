/// Failures of several properties that shrank to one case — the same
/// choice sequence — grouped as one likely cause, so one bug reads as one
/// finding (with the properties it broke), not as many.
public enum SharedCause {
  /// `items` grouped by their choice sequence, in order of first
  /// appearance (and each group in `items`' order); an item without a
  /// sequence (`nil`) is a group of its own.
  public static func groups<Item>(_ items: [Item], choices: (Item) -> [UInt64]?) -> [[Item]] {
    var groups: [(key: [UInt64]?, items: [Item])] = []
    for item in items {
      let key = choices(item)
      if let key, let index = groups.firstIndex(where: { $0.key == key }) {
        groups[index].items.append(item)
      } else {
        groups.append((key, [item]))
      }
    }
    return groups.map(\.items)
  }

  /// The choice sequence a replay token holds, `nil` for a malformed one.
  public static func choices(ofToken token: String) -> [UInt64]? {
    try? ReplayToken.parse(token).choices
  }

  /// The recorded failures of `report` grouped by shrunk case.
  public static func groups(of report: FuzzReport) -> [[FailureRecord]] {
    groups(report.failures) { choices(ofToken: $0.token) }
  }

  /// One line naming the properties of a group of more than one: "shared
  /// shrunk case: a, b (one likely cause)"; `nil` for a single failure.
  public static func note(_ properties: [String]) -> String? {
    guard properties.count > 1 else { return nil }
    return "shared shrunk case (same choice sequence) of \(properties.count) properties: "
      + properties.joined(separator: ", ") + " — one likely cause"
  }
}
