import SnapshotCore
import SnapshotModel

extension SectionScript {
  /// Generates section-snapshot scripts: a start forest (boundary forests
  /// first: empty, one item, deep chain, wide roots, all collapsed, all
  /// expanded), then up to `maxCommands` commands chosen among those
  /// meaningful for the reference tree; a share `invalidShare` is
  /// deliberately invalid (missing parents or destinations, ids already in
  /// the tree, repeated ids).
  ///
  /// Item ids are `0..<n`, `n` growing with the size hint from 10 to
  /// `universe`.
  public static func generator(
    maxCommands: Int = 50, universe: Int = 40, invalidShare: Double = 0.1
  )
    -> Gen<SectionScript>
  {
    Gen.sized { size in
      let count = min(universe, 10 + size * max(0, universe - 10) / 100)
      let ids = Array(0..<count)
      let machine = SectionScript.machine(
        universe: count, invalidShare: invalidShare, boundaries: size >= FullScript.boundarySize)
      return Gen.primitive { source throws(GenerationError) in
        let initial = try Forest.generator(universe: ids, shape: Forest.Shape(maxNodes: count / 2))
          .generate(source, label: "setup")
        var state = initial.build(as: ModelSectionSnapshot<Int>.self)
        let commands = try machine.generateCommands(source, from: &state, count: 0...maxCommands)
        return SectionScript(initial: initial, commands: commands)
      }
    }
  }

  /// The state machine of section-snapshot commands over the reference
  /// model; with `boundaries`, invalid commands naming a missing parent or
  /// anchor sometimes take an empty list.
  public static func machine(universe: Int, invalidShare: Double, boundaries: Bool = false)
    -> StateMachine<ModelSectionSnapshot<Int>, SectionCommand>
  {
    StateMachine(
      initial: { ModelSectionSnapshot<Int>() },
      command: { tree in
        Gen.primitive { source throws(GenerationError) in
          var drawer = SectionCommandDrawer(tree: tree, universe: universe, source: source)
          drawer.boundaries = boundaries
          return try drawer.draw(invalidShare: invalidShare)
        }
      },
      next: { tree, command in _ = try? command.apply(to: &tree) })
  }
}
