import Testing

@testable import Generators

/// Start layouts shrink as hard as scripts (issue 10, item 4): boundary
/// layouts are recorded as random draws, one item or section at a time.
@Suite struct StartStateShrinkTests {
  static let universe = FullScript.Universe()
  static let layouts = FullScript.layout(universe)

  /// The boundary layout of case `index` and its recorded choices.
  static func boundary(_ index: Int) throws -> (layout: [FullScript.Layout], choices: [UInt64]) {
    let source = ChoiceSource(seed: 1, size: 1, caseIndex: index)
    let layout = try layouts.generate(source)
    return (layout, source.choices)
  }

  @Test func boundaryLayoutsComeFirstAndReplayFromTheirChoices() throws {
    for index in 0..<7 {
      let (layout, choices) = try Self.boundary(index)
      #expect(try Self.layouts.replay(choices).value == layout)
      // The four smallest are a pick (one choice); the others are random
      // draws: a continue and a present choice per section and item.
      #expect(index < 4 ? choices.count == 1 : choices.count > 2)
    }
    let long = try Self.boundary(5).layout
    #expect(long == [FullScript.Layout(section: 0, items: Array(0..<Self.universe.items))])
  }

  @Test func theLongBoundaryLayoutShrinksToTheItemsABugNeeds() throws {
    let start = try Self.boundary(5).choices
    let fails: ([FullScript.Layout]) -> Bool = { $0.contains { $0.items.count >= 3 } }
    let attempt = Self.layouts.evaluate(start, fails: fails).attempt
    let shrunk = try #require(Self.layouts.shrink(attempt, fails: fails))
    #expect(shrunk.value == [FullScript.Layout(section: 0, items: [0, 1, 2])])
  }

  @Test func droppingOneItemKeepsTheOtherIds() throws {
    var choices = try Self.boundary(5).choices
    // pick, section continue and present, then (continue, present) per item.
    choices[3 + 2 * 1 + 1] = 0
    let layout = try Self.layouts.replay(choices).value
    #expect(layout.map(\.items) == [[0] + Array(2..<Self.universe.items)])
    // Deleting the item's element instead renumbers the ones after it.
    var deleted = try Self.boundary(5).choices
    deleted.removeSubrange(5..<7)
    #expect(
      try Self.layouts.replay(deleted).value.map(\.items) == [Array(0..<(Self.universe.items - 1))])
  }

  @Test func droppingASectionKeepsTheOtherSectionIds() throws {
    var choices = try Self.boundary(6).choices  // many one-item sections
    choices[2] = 0  // the first section's present choice
    let layout = try Self.layouts.replay(choices).value
    #expect(layout.map(\.section) == Array(1..<Self.universe.sections))
    #expect(layout.map(\.items) == (1..<Self.universe.sections).map { [$0] })
  }

  @Test func aFullListLosesElementsWithoutMisaligningWhatFollows() throws {
    // Three elements fill the list, so it drew no stop choice; the value
    // after it must stay what it is while elements are deleted.
    let gen = Gen.zip(Gen<Int>.int(in: 0...9).array(count: 0...3), Gen<Int>.int(in: 0...100))
    let fails: (([Int], Int)) -> Bool = { $0.0.contains { $0 >= 5 } && $0.1 >= 50 }
    let start: [UInt64] = [1, 1, 1, 7, 1, 2, 60]
    let first = gen.evaluate(start, fails: fails)
    #expect(first.fails)
    let state = ShrinkState(
      best: first.attempt, budget: ShrinkBudget(), passes: [.deleteSpans],
      evaluate: { gen.evaluate($0, fails: fails) })
    var deleting = state
    deleting.deleteSpans()
    let value = try gen.replay(deleting.best.choices).value
    #expect(value.0 == [7] && value.1 == 60)
  }

  @Test func dataSourceFreshLayoutsShareTheLayoutDraw() throws {
    // A fresh layout of up to 4 items per section, then the same choices
    // replayed: the decoded layout is `drawLayout`'s.
    let universe = FullScript.Universe(sections: 4, items: 30)
    let source = ChoiceSource(seed: 7, size: 100)
    let layout = FullScript.drawLayout(source, universe: universe, maxItems: 4)
    #expect(!layout.isEmpty && layout.allSatisfy { $0.items.count <= 4 })
    let replayed = FullScript.drawLayout(
      ChoiceSource(replaying: source.choices), universe: universe, maxItems: 4)
    #expect(replayed == layout)
  }
}
