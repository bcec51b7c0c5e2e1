import Generators
import SnapshotCore
import SnapshotModel
import TestSupport
import Testing
import Verification

/// The catalog's diff cases decode from any choice sequence to a case that
/// keeps their promise, no invalid command, and that the choices it
/// consumed replay to exactly (GeneratorsTests' `GeneratorTotalityTests`
/// check the generators it is built from the same way).
@Suite struct DiffCaseGeneratorTests {
  /// 2,000 sequences: mixed random values of random lengths, all zeros,
  /// all maxima, and cases the generator recorded with a span deleted,
  /// zeroed or halved (as the shrinker edits them).
  static func sequences() -> [[UInt64]] {
    var rng = Xoshiro256StarStar(seed: 11)
    let recorded = (0..<40).compactMap { index -> ChoiceSource? in
      let source = ChoiceSource(
        seed: SplitMix64.caseSeed(runSeed: 11, caseIndex: index), size: min(100, index * 5),
        caseIndex: index)
      return (try? DiffCase.generator().generate(source)).map { _ in source }
    }
    return (0..<2_000).map { index in
      let length = Int(rng.next(upTo: 600))
      switch index % 5 {
      case 0:
        return (0..<length).map { _ in
          [0, rng.next(upTo: 3), rng.next(upTo: 100), rng.next()][Int(rng.next(upTo: 3))]
        }
      case 1: return Array(repeating: 0, count: length)
      case 2: return Array(repeating: .max, count: length)
      default:
        let base = recorded[Int(rng.next(upTo: UInt64(recorded.count - 1)))]
        var choices = base.choices
        let span = base.spans[Int(rng.next(upTo: UInt64(base.spans.count - 1)))]
        switch rng.next(upTo: 2) {
        case 0: choices.removeSubrange(span.start..<span.end)
        case 1: for position in span.start..<span.end { choices[position] = 0 }
        default: for position in span.start..<span.end { choices[position] /= 2 }
        }
        return choices
      }
    }
  }

  @Test func diffCasesDecodeToValidCommandsFromAnyChoices() {
    let generator = DiffCase.generator()
    var decoded = 0
    var problems: [String] = []
    for (index, choices) in Self.sequences().enumerated() {
      guard let first = try? generator.replay(choices) else { continue }
      decoded += 1
      let diffCase = first.value
      func apply(_ commands: [FullCommand], to model: inout ModelSnapshot<Int, Int>) {
        for command in commands {
          do throws(SnapshotError) { try command.apply(to: &model) } catch {
            problems.append("#\(index): `\(command.swiftCall(on: "s"))` throws \(error)")
          }
        }
      }
      var model = diffCase.old(as: ModelSnapshot<Int, Int>.self)
      apply(diffCase.script.commands, to: &model)
      model.removeAllMarks()
      apply(diffCase.further, to: &model)
      if model != diffCase.third(as: ModelSnapshot<Int, Int>.self) {
        problems.append("#\(index): the third snapshot differs from the steps")
      }
      let again = try? generator.replay(first.choices)
      if again?.value != diffCase || again?.choices != first.choices {
        problems.append("#\(index): its consumed choices do not replay to it")
      }
    }
    #expect(problems.isEmpty, "\(problems.prefix(3))")
    #expect(decoded >= 1_800)
  }
}
