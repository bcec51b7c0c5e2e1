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
  public static func generator(
    maxCommands: Int = 50, universe: Universe = Universe(), invalidShare: Double = 0.1
  ) -> Gen<FullScript> {
    Gen.sized { size in
      let scaled = Universe(
        sections: universe.sections,
        items: min(universe.items, 12 + size * max(0, universe.items - 12) / 100))
      let machine = FullScript.machine(universe: scaled, invalidShare: invalidShare)
      return Gen { source throws(GenerationError) in
        let initial = try layout(scaled).generate(source, label: "setup")
        var state = FullScript(initial: initial, commands: []).start(as: ModelSnapshot<Int, Int>.self)
        let commands = try machine.generateCommands(source, from: &state, count: 0...maxCommands)
        return FullScript(initial: initial, commands: commands)
      }
    }
  }

  /// Start layouts: a boundary table first, smallest first (empty, one
  /// empty section, one item, two one-item sections, several empty
  /// sections, one long section, many one-item sections), random layouts
  /// after, with section ids `0, 1, …` and item ids
  /// numbered in order.
  public static func layout(_ universe: Universe) -> Gen<[Layout]> {
    let all = Array(0..<universe.items)
    let sections = Array(0..<universe.sections)
    let table: [Gen<[Layout]>] = [
      .just([]),
      .just([Layout(section: 0, items: [])]),
      .just([Layout(section: 0, items: [0])]),
      .just([Layout(section: 0, items: [0]), Layout(section: 1, items: [1])]),
      .just(sections.map { Layout(section: $0, items: []) }),
      .just([Layout(section: 0, items: all)]),
      .just(sections.map { Layout(section: $0, items: [$0]) }),
    ]
    let random = Gen<[Layout]> { source in
      var next = 0
      var section = 0
      return source.collect(count: 1...max(1, universe.sections)) { () -> Layout in
        let count = source.collect(count: 0...max(0, min(16, universe.items - next))) { () in 0 }.count
        defer {
          next += count
          section += 1
        }
        return Layout(section: section, items: Array(next..<(next + count)))
      }
    }
    return .boundaryFirst(table, otherwise: random)
  }

  /// The state machine of full-snapshot commands over the reference model:
  /// a command is chosen among those meaningful for the current snapshot,
  /// its ids drawn as indices into the live (or absent) ids; a share
  /// `invalidShare` of commands is deliberately invalid (unknown ids,
  /// duplicates, destination in argument, move onto itself).
  public static func machine(universe: Universe, invalidShare: Double)
    -> StateMachine<ModelSnapshot<Int, Int>, FullCommand>
  {
    StateMachine(
      initial: { ModelSnapshot<Int, Int>() },
      command: { snapshot in
        Gen { source in
          FullCommandDrawer(snapshot: snapshot, universe: universe, source: source)
            .draw(invalidShare: invalidShare)
        }
      },
      next: { snapshot, command in try? command.apply(to: &snapshot) })
  }
}
