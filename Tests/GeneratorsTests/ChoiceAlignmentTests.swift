import SnapshotModel
import Testing

@testable import Generators

/// A draw consumes the same choices however large the state it picks from
/// (as long as it has something to pick), and a fallback that is not used
/// draws nothing: a shrink that removes ids or rows then leaves the choices
/// after it meaning what they meant.
@Suite struct ChoiceAlignmentTests {
  @Test func aOneElementIndexRecordsItsChoice() {
    let source = ChoiceSource(replaying: [0, 0, 5])
    #expect(source.index(count: 0) == 0)
    #expect(source.choices.isEmpty)
    #expect(source.index(count: 1) == 0)
    #expect(source.element(of: [7]) == 7)
    #expect(source.draw(upTo: 9) == 5)
    #expect(source.choices == [0, 0, 5])
  }

  @Test func aRandomOneElementIndexUsesNoRandomness() {
    let plain = ChoiceSource(seed: 42)
    let padded = ChoiceSource(seed: 42)
    _ = padded.index(count: 1)
    #expect(plain.draw(upTo: 1_000_000) == padded.draw(upTo: 1_000_000))
    #expect(padded.choices.first == 0)
  }

  @Test func anUnusedFallbackDrawsNothing() {
    let source = ChoiceSource(replaying: [1, 2])
    let pool = IdPool(source: source)
    #expect(pool.one(of: [4, 5], or: pool.one(of: [8, 9, 10], or: 0)) == 5)
    #expect(source.choices == [1])
    #expect(pool.one(of: [], or: pool.one(of: [8, 9, 10], or: 0)) == 10)
    #expect(source.choices == [1, 2])
  }

  /// A move between two of three items decodes the same choices to the
  /// same move whether 1 or 27 ids of the universe are absent.
  @Test func aMoveConsumesTheSameChoicesForAnyNumberOfAbsentIds() throws {
    let start = FullScript(
      initial: [FullScript.Layout(section: 0, items: [0, 1, 2])], commands: []
    )
    .start(as: ModelSnapshot<Int, Int>.self)
    var decoded: [(FullCommand, Int)] = []
    for items in [4, 30] {
      let source = ChoiceSource(replaying: [0, 0, 7])
      let drawer = FullCommandDrawer(
        snapshot: start, universe: FullScript.Universe(sections: 2, items: items), source: source)
      decoded.append((drawer.drawValid(.moveItemBefore), source.choices.count))
    }
    #expect(decoded.map(\.1) == [2, 2])
    #expect(decoded[0].0 == decoded[1].0)
    #expect(decoded[0].0 == .moveItem(0, .beforeItem(1)))
  }
}
