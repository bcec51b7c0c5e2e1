import SnapshotCore
import TestSupport
import Testing
import Verification

/// The public minimal-move counts, on plain arrays and snapshots.
@Suite struct MinimalMovesTests {
  @Test func firstItemToTheEndIsOneMove() {
    let moves = MinimalMoves(
      oldSections: ["A"], oldItems: [["a", "b", "c", "d"]],
      newSections: ["A"], newItems: [["b", "c", "d", "a"]])
    #expect(
      moves
        == MinimalMoves(
          oldSections: ["A"], oldItems: [["a"]], newSections: ["A"], newItems: [["a"]]
        ).with(items: 1))
  }

  @Test func crossSectionMovesAndSectionOrder() {
    let moves = MinimalMoves(
      oldSections: ["A", "B", "C"], oldItems: [["a", "b"], ["c"], []],
      newSections: ["C", "A", "B"], newItems: [[], ["b"], ["c", "a"]])
    #expect(moves.sectionMoves == 1)
    #expect(moves.itemMoves == 1)
  }
}

extension MinimalMoves {
  func with(items: Int) -> MinimalMoves {
    var copy = self
    copy.itemMoves = items
    return copy
  }
}
