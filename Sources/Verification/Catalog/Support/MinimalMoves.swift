import SnapshotCore

/// The move counts a move-minimal changeset has (SPEC §3), computed here
/// independently of any differ: for the sections present in both snapshots,
/// `survivors − LIS` of their order; within each surviving section, for the
/// items that stay in it, `survivors − LIS`; plus one move per item that
/// changes section.
struct MinimalMoves: Hashable {
  /// The minimal number of section moves.
  var sectionMoves: Int
  /// The minimal number of item moves.
  var itemMoves: Int

  init<S: SnapshotProtocol<Int, Int>>(from old: S, to new: S) {
    let newSections = new.sectionIdentifiers
    let oldOrder = old.sectionIdentifiers.compactMap { section in
      newSections.firstIndex(of: section)
    }
    sectionMoves = oldOrder.count - MinimalMoves.lisLength(oldOrder)
    var moves = 0
    for section in old.sectionIdentifiers where new.indexOfSection(section) != nil {
      let before = (try? old.itemIdentifiers(inSection: section)) ?? []
      let after = (try? new.itemIdentifiers(inSection: section)) ?? []
      let positions = before.compactMap { after.firstIndex(of: $0) }
      moves += positions.count - MinimalMoves.lisLength(positions)
    }
    for item in old.itemIdentifiers {
      guard let to = new.sectionIdentifier(containingItem: item) else { continue }
      if old.sectionIdentifier(containingItem: item) != to { moves += 1 }
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
