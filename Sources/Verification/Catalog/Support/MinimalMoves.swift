import SnapshotCore

/// The move counts a move-minimal changeset has (SPEC §3), computed
/// independently of any differ: for the sections present in both layouts,
/// `survivors − LIS` of their order; within each surviving section, for the
/// items that stay in it, `survivors − LIS`; plus one move per item that
/// changes section.
///
/// ```swift
/// let minimal = MinimalMoves(
///   oldSections: ["A"], oldItems: [["a", "b", "c"]],
///   newSections: ["A"], newItems: [["b", "c", "a"]])
/// // minimal.itemMoves == 1: "a" to the end
/// ```
public struct MinimalMoves: Hashable, Sendable {
  /// The minimal number of section moves.
  public var sectionMoves: Int
  /// The minimal number of item moves.
  public var itemMoves: Int

  /// The minimal counts from `old` to `new`.
  public init<S: SnapshotProtocol>(from old: S, to new: S) {
    self.init(
      oldSections: old.sectionIdentifiers, oldItems: old.layout.map(\.items),
      newSections: new.sectionIdentifiers, newItems: new.layout.map(\.items))
  }

  /// The minimal counts between two layouts given as plain arrays
  /// (`oldItems[i]` holds the items of `oldSections[i]`). Ids are expected
  /// unique in each layout; a repeated id counts at its first position.
  ///
  /// - Complexity: O(*n*²) by linear scans, plus O(*n* log *n*) per LIS.
  public init<Section: Hashable, Item: Hashable>(
    oldSections: [Section], oldItems: [[Item]], newSections: [Section], newItems: [[Item]]
  ) {
    func items(_ all: [[Item]], _ index: Int) -> [Item] {
      all.indices.contains(index) ? all[index] : []
    }
    func section(of item: Item, _ sections: [Section], _ all: [[Item]]) -> Section? {
      sections.indices.first { items(all, $0).contains(item) }.map { sections[$0] }
    }
    let oldOrder = oldSections.compactMap { newSections.firstIndex(of: $0) }
    sectionMoves = oldOrder.count - MinimalMoves.lisLength(oldOrder)
    var moves = 0
    for (oldIndex, sectionId) in oldSections.enumerated() {
      guard let newIndex = newSections.firstIndex(of: sectionId) else { continue }
      let after = items(newItems, newIndex)
      let positions = items(oldItems, oldIndex).compactMap { after.firstIndex(of: $0) }
      moves += positions.count - MinimalMoves.lisLength(positions)
    }
    for item in oldItems.joined() {
      guard let to = section(of: item, newSections, newItems) else { continue }
      if section(of: item, oldSections, oldItems) != to { moves += 1 }
    }
    itemMoves = moves
  }

  /// The length of a longest strictly increasing subsequence (patience
  /// sorting, O(*n* log *n*)).
  static func lisLength(_ values: [Int]) -> Int {
    var tails: [Int] = []
    for value in values {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if tails[middle] < value { low = middle + 1 } else { high = middle }
      }
      if low == tails.count { tails.append(value) } else { tails[low] = value }
    }
    return tails.count
  }
}
