import Generators
import SnapshotCore
import SnapshotModel
import Testing

@testable import Verification

/// A check that reads a case's labels off its run on the reference gives
/// exactly the labels the property's own description computes by running
/// the case again, so statistics and coverage do not depend on which of the
/// two a runner used (the fuzz command's workers describe a case before
/// checking it; the in-process runner after).
@Suite struct CheckedLabelsTests {
  /// Every catalog property whose check describes its cases, over many
  /// cases.
  @Test func checkedDescriptionsAreTheDescribedOnes() {
    var describing = 0
    for property in Catalog.all {
      var given = 0
      for seed in 0..<60 as Range<UInt64> {
        let run = property.run(seed: seed, size: Int(seed % 100), caseIndex: Int(seed))
        guard let checked = run.checkedDescription else { continue }
        given += 1
        #expect(
          checked == run.generated.describe(),
          "\(property.name), seed \(seed): the description read off the check differs")
      }
      if property.part == .dataSource {
        // Only a step left undecided, or a divergence, makes the check
        // leave the description to the property.
        #expect(given >= 50, "\(property.name) described \(given) of 60 cases")
      }
      if given > 0 { describing += 1 }
    }
    #expect(describing >= 15)
  }

  /// A labelling that skips a step is caught: its labels differ from the
  /// description's on some case (the planted bug: the first reference step
  /// is not classified).
  @Test func aDataSourceLabellingThatSkipsAStepDiffers() {
    let universe = FullScript.Universe(sections: 4, items: 30)
    let generator = DataSourceScript.generator(
      maxCommands: 16, universe: universe, invalidShare: 0.2, edgeShare: 0.15)
    let scripts = (0..<40 as Range<UInt64>).compactMap {
      try? generator.generate(ChoiceSource(seed: $0, size: 60))
    }
    let sections = universe.sections
    let differing = scripts.filter { script in
      var labelling = DataSourceSession.Labelling(script: script, sections: sections)
      let log = HandlerLog()
      var dataSource = ModelDataSource<Int, Int>()
      log.configure(&dataSource, script)
      for (index, command) in script.commands.enumerated() {
        let before = dataSource
        log.calls = []
        let result = Result { () throws(SnapshotError) in try command.perform(on: &dataSource) }
        if index > 0 {
          labelling.record(command, before: before, after: dataSource, result, log: log)
        }
      }
      return labelling.labels != DataSourceSession.labels(script, sections: sections)
    }
    #expect(!differing.isEmpty)
  }
}
