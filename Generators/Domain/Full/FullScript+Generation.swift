import SnapshotCore
import SnapshotModel

extension FullScript {
  /// The identifier universes of generated full snapshots: small, so that
  /// collisions and re-insertions are common.
  public struct Universe: Hashable, Sendable {
    /// Section ids are `0..<sections`.
    public var sections: Int
    /// Item ids are `0..<items`.
    public var items: Int

    /// Creates a universe.
    public init(sections: Int = 6, items: Int = 60) {
      self.sections = sections
      self.items = items
    }
  }

  /// Generates scripts: a start layout (`layout(_:)`: boundary cases first),
  /// then up to
  /// `maxCommands` commands drawn by `machine(universe:invalidShare:)`.
  ///
  /// The item universe grows with the size hint, from 12 ids to
  /// `universe.items`.
  ///
  /// With `bulkShare` > 0, once the size hint reaches 100 (the second half
  /// of a run's cases), a first choice (zero: no) picks that share of bulk
  /// scenarios instead (`bulkScript(_:maxCommands:)`); smaller cases stay
  /// as they were, so failures found there keep their small starts.
  public static func generator(
    maxCommands: Int = 50, universe: Universe = Universe(), invalidShare: Double = 0.1,
    bulkShare: Double = 0
  ) -> Gen<FullScript> {
    Gen.sized { size in
      let scaled = Universe(
        sections: universe.sections,
        items: min(universe.items, 12 + size * max(0, universe.items - 12) / 100))
      let machine = FullScript.machine(
        universe: scaled, invalidShare: invalidShare, boundaries: size >= boundarySize)
      return Gen.primitive { source throws(GenerationError) in
        if bulkShare > 0, size >= 2 * boundarySize, source.drawBool(probability: bulkShare) {
          return try bulkScript(source, maxCommands: min(maxCommands, 8))
        }
        let initial = try layout(scaled).generate(source, label: "setup")
        var state = FullScript(initial: initial, commands: []).start(
          as: ModelSnapshot<Int, Int>.self)
        let commands = try machine.generateCommands(source, from: &state, count: 0...maxCommands)
        return FullScript(initial: initial, commands: commands)
      }
    }
  }

  /// Start layouts: a boundary table first, smallest first (empty, one
  /// empty section, one item, two one-item sections, several empty
  /// sections, one long section with all items, many one-item sections),
  /// random layouts (`drawLayout`) after, with a few boundary layouts among
  /// them.
  ///
  /// The four smallest boundaries (up to two one-item sections) are a
  /// table pick (one choice, which the shrinker can also raise to while
  /// deleting the commands after it: a pick replaces the commands that
  /// would fill a smaller start); the larger ones are drawn through the
  /// random layouts' choices, so they shrink like any random layout: one
  /// item or one section at a time.
  public static func layout(_ universe: Universe) -> Gen<[Layout]> {
    let all = Array(0..<universe.items)
    let sections = Array(0..<universe.sections)
    let table: [[Layout]] = [
      [],
      [Layout(section: 0, items: [])],
      [Layout(section: 0, items: [0])],
      [Layout(section: 0, items: [0]), Layout(section: 1, items: [1])],
      sections.map { Layout(section: $0, items: []) },
      [Layout(section: 0, items: all)],
      sections.map { Layout(section: $0, items: [$0]) },
    ]
    return .boundaryFirst(table, picks: 4) { source, target in
      drawLayout(source, universe: universe, target: target)
    }
  }

  /// Draws a layout of up to `universe.sections` sections (at least one in
  /// random mode), each with up to `maxItems` items in random mode; with a
  /// `target` (random mode only), the choices are forced to encode it.
  ///
  /// Section ids count the section slots (`0, 1, …`) and item ids the item
  /// slots across sections, in order. Every section and every item is one
  /// element behind its own continue choice, followed by a "present"
  /// choice: deleting an element drops it and renumbers the slots after
  /// it, zeroing "present" drops it alone and keeps every other id (an
  /// absent section's items go with it). So the shrinker reduces a layout
  /// as hard as a list of commands. A replayed section holds up to every
  /// item left in the universe (`target` may ask for all of them);
  /// `maxItems` only shapes random draws.
  ///
  /// - Complexity: O(sections + items) draws.
  public static func drawLayout(
    _ source: ChoiceSource, universe: Universe, maxItems: Int = 16, target: [Layout]? = nil
  ) -> [Layout] {
    let sectionLimit = max(1, universe.sections)
    let size = Double(max(source.size, 5))
    let sectionsExpected = 1 + Double(sectionLimit - 1) * size / 200
    var layouts: [Layout] = []
    var nextItem = 0
    var slot = 0
    while slot < sectionLimit {
      let token = source.beginSpan("element")
      defer { source.endSpan(token) }
      let wanted = target.map { slot < $0.count }
      guard flag(source, wanted ?? (slot == 0 ? true : nil), sectionsExpected) else { break }
      let present = flag(source, true, 0)
      let remaining = max(0, universe.items - nextItem)
      let cap = target.map { $0[slot].items.count } ?? min(maxItems, remaining)
      let itemsExpected = Double(cap) * size / 200
      var items: [Int] = []
      var itemSlot = 0
      while itemSlot < remaining {
        let token = source.beginSpan("element")
        defer { source.endSpan(token) }
        guard flag(source, itemSlot < cap ? (target == nil ? nil : true) : false, itemsExpected)
        else {
          break
        }
        if flag(source, true, 0) { items.append(nextItem + itemSlot) }
        itemSlot += 1
      }
      nextItem += itemSlot
      if present { layouts.append(Layout(section: slot, items: items)) }
      slot += 1
    }
    return layouts
  }

  /// One continue or "present" choice: `forced` when given (recorded as
  /// such, random mode), otherwise drawn true with the chance that makes
  /// `expected` elements the mean (`collect`'s geometric length).
  private static func flag(_ source: ChoiceSource, _ forced: Bool?, _ expected: Double) -> Bool {
    if let forced { return source.drawForced(forced ? 1 : 0, upTo: 1) == 1 }
    return source.drawBool(probability: expected / (expected + 1))
  }

  /// The state machine of full-snapshot commands over the reference model:
  /// a command is chosen among those meaningful for the current snapshot,
  /// its ids drawn as indices into the live (or absent) ids; a share
  /// `invalidShare` of commands is deliberately invalid (unknown ids,
  /// duplicates, destination in argument, move onto itself); with
  /// `boundaries`, invalid commands naming a missing anchor or section
  /// sometimes take an empty list.
  public static func machine(universe: Universe, invalidShare: Double, boundaries: Bool = false)
    -> StateMachine<ModelSnapshot<Int, Int>, FullCommand>
  {
    StateMachine(
      initial: { ModelSnapshot<Int, Int>() },
      command: { snapshot in
        Gen.primitive { source throws(GenerationError) in
          var drawer = FullCommandDrawer(snapshot: snapshot, universe: universe, source: source)
          drawer.boundaries = boundaries
          return try drawer.draw(invalidShare: invalidShare)
        }
      },
      next: { snapshot, command in try? command.apply(to: &snapshot) })
  }
}
