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
  /// Every catalog property whose check gives labels, over many cases.
  @Test func checkedLabelsAreTheDescribedOnes() {
    var labelling = 0
    for property in Catalog.all {
      var given = 0
      for seed in 0..<60 as Range<UInt64> {
        let run = property.run(seed: seed, size: Int(seed % 100), caseIndex: Int(seed))
        guard let checked = run.checkedLabels else { continue }
        given += 1
        #expect(
          checked == run.generated.labels,
          "\(property.name), seed \(seed): labels read off the check differ from the description's")
        #expect(run.describe().observations == run.generated.observations)
      }
      if property.family == .datasource || property.family == .reorder {
        // Only a step left undecided, or a divergence, makes the check
        // leave the labels to the description.
        #expect(given >= 50, "\(property.name) gave labels for \(given) of 60 cases")
      }
      if given > 0 { labelling += 1 }
    }
    #expect(labelling >= 12)
  }

  /// A labelling that skips a step is caught: its labels differ from the
  /// description's on some case (the planted bug: the first reference step
  /// is not classified).
  @Test func aLabellingThatSkipsAStepDiffers() {
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
