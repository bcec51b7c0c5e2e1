import Foundation
import Generators
import SnapshotModel
import Testing

/// Generation throughput: 50-command scripts on a ~50-item snapshot.
/// Prints cases per second (meaningful in a release build:
/// `swift test -c release --filter GenerationSpeedTests`).
@Suite struct GenerationSpeedTests {
  static let universe = FullScript.Universe(sections: 6, items: 60)
  static let start: [FullScript.Layout] = (0..<5).map { section in
    FullScript.Layout(section: section, items: Array((section * 10)..<(section * 10 + 10)))
  }
  static let scripts = Gen<FullScript> { source throws(GenerationError) in
    var state = FullScript(initial: start, commands: []).start(as: ModelSnapshot<Int, Int>.self)
    let commands = try FullScript.machine(universe: universe, invalidShare: 0.1)
      .generateCommands(source, from: &state, count: 50...50)
    return FullScript(initial: start, commands: commands)
  }

  @Test func fiftyCommandScriptsOnFiftyItems() throws {
    let clock = ContinuousClock()
    let started = clock.now
    var generated = 0
    var commands = 0
    while clock.now - started < .seconds(2) {
      let source = ChoiceSource(seed: SplitMix64.caseSeed(runSeed: 1, caseIndex: generated))
      commands += try Self.scripts.generate(source).commands.count
      generated += 1
    }
    #expect(commands == 50 * generated)
    let sizes = try (0..<20).map { index in
      try Self.scripts.generate(
        ChoiceSource(seed: SplitMix64.caseSeed(runSeed: 1, caseIndex: index))
      )
      .finalModel.numberOfItems
    }
    let items = sizes.reduce(0, +) * generated / sizes.count
    let seconds =
      Double((clock.now - started).components.seconds)
      + Double((clock.now - started).components.attoseconds) * 1e-18
    print(
      "generation speed: \(Int(Double(generated) / seconds)) cases/s "
        + "(50 commands on 50 items; mean final size \(items / max(1, generated)) items)")
    #expect(generated > 0)
  }
}
