import SnapshotCore

@testable import SnapshotModel

/// Builds reference snapshots from literal layouts for the interpreter,
/// differ and data-source tests.
enum LayoutFixture {
  typealias Snapshot = ModelSnapshot<String, String>

  /// The snapshot with these sections, in order, each holding these items.
  static func snapshot(_ layout: KeyValuePairs<String, [String]>) -> Snapshot {
    snapshot(layout.map { ($0.key, $0.value) })
  }

  /// The snapshot with these sections, in order, each holding these items.
  static func snapshot(_ layout: [(String, [String])]) -> Snapshot {
    var snapshot = Snapshot()
    do {
      try snapshot.appendSections(layout.map(\.0))
      for (section, items) in layout {
        try snapshot.appendItems(items, toSection: section)
      }
    } catch {
      preconditionFailure("bad fixture \(layout): \(error)")
    }
    return snapshot
  }

  /// `section: [items] | …`, for failure messages.
  static func text<S: SnapshotProtocol>(_ snapshot: S) -> String {
    let parts = snapshot.layout.map { "\($0.section): \($0.items)" }
    return parts.isEmpty ? "(no sections)" : parts.joined(separator: " | ")
  }

  /// Every arrangement of an ordered subset of `items` (all of them when
  /// `subsets` is false) split into consecutive runs, one per section of
  /// `sections`.
  static func layouts(
    items: [String], sections: [String], subsets: Bool
  ) -> [Snapshot] {
    arrangements(of: items, subsets: subsets).flatMap { arrangement in
      splits(of: arrangement, into: sections.count).map { runs in
        snapshot(Array(zip(sections, runs)))
      }
    }
  }

  /// Every ordering of every subset (or only of the whole set).
  private static func arrangements(of items: [String], subsets: Bool) -> [[String]] {
    var result: [[String]] = subsets || items.isEmpty ? [[]] : []
    for (index, first) in items.enumerated() {
      var rest = items
      rest.remove(at: index)
      for tail in arrangements(of: rest, subsets: subsets) {
        result.append([first] + tail)
      }
    }
    return result
  }

  /// Every way to cut `list` into `count` consecutive, possibly empty runs.
  private static func splits(of list: [String], into count: Int) -> [[[String]]] {
    guard count > 1 else { return count == 1 ? [[list]] : (list.isEmpty ? [[]] : []) }
    return (0...list.count).flatMap { cut in
      splits(of: Array(list[cut...]), into: count - 1).map { [Array(list[..<cut])] + $0 }
    }
  }
}
