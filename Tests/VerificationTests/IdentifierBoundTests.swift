import Generators
import SnapshotCore
import SnapshotModel
import Testing

@testable import Verification

/// The ids a mapping's default inverse scans reach every id the catalog's
/// generators draw, bulk scenarios included: an id past the scan would
/// read back as no id, and a correct implementation over the user's ids
/// would fail (its errors and its ids would not map back to the
/// reference's).
@Suite struct IdentifierBoundTests {
  enum Tagged: IdentifierMapping {
    static func section(_ id: Int) -> String { "section-\(id)" }
    static func item(_ id: Int) -> Int { id * 10 }
  }

  @Test func bulkScriptsDrawIdsBelowTheBound() throws {
    let generator = FullScript.generator(
      maxCommands: 30, universe: FullScript.Universe(sections: 5, items: 30), invalidShare: 0.15,
      bulkShare: 1)
    var largest = 0
    for seed in 0..<300 as Range<UInt64> {
      let script = try generator.generate(ChoiceSource(seed: seed, size: 100))
      var model = script.start(as: ModelSnapshot<Int, Int>.self)
      largest = max(largest, model.itemIdentifiers.max() ?? 0)
      for command in script.commands {
        largest = max(largest, Self.ids(of: command).max() ?? 0)
        try? command.apply(to: &model)
        largest = max(largest, model.itemIdentifiers.max() ?? 0)
      }
    }
    // The scripts do reach past the bound this suite once had (512).
    #expect(largest >= 512)
    #expect(largest < FullScript.identifierBound)
  }

  @Test func theDefaultInverseAndErrorsReachTheBound() {
    let last = FullScript.identifierBound - 1
    #expect(Tagged.itemNumber(of: Tagged.item(last)) == last)
    #expect(Tagged.sectionNumber(of: Tagged.section(last)) == last)
    #expect(Tagged.itemNumber(of: Tagged.item(FullScript.identifierBound)) == nil)
    let thrown = SnapshotError.duplicateInArgument(.item, [SnapshotError.text(Tagged.item(last))])
    #expect(Tagged.catalogError(thrown) == .duplicateInArgument(.item, ["\(last)"]))
  }

  /// The item and section ids a command names.
  static func ids(of command: FullCommand) -> [Int] {
    switch command {
    case .appendItems(let items, let section): return items + (section.map { [$0] } ?? [])
    case .insertItems(let items, let anchor): return items + [anchor.item]
    case .deleteItems(let items), .reloadItems(let items), .reconfigureItems(let items):
      return items
    case .deleteAllItems: return []
    case .moveItem(let item, let anchor): return [item, anchor.item]
    case .appendSections(let sections), .deleteSections(let sections),
      .reloadSections(let sections):
      return sections
    case .insertSections(let sections, let anchor): return sections + [anchor.section]
    case .moveSection(let section, let anchor): return [section, anchor.section]
    }
  }
}

/// Maps item 300 to the same id as item 299: one-to-one over the small
/// universes, not over the ids of bulk scenarios.
enum LateCollidingIdentifiers: IdentifierMapping {
  static func section(_ id: Int) -> String { "s\(id)" }
  static func item(_ id: Int) -> String { id == 300 ? "299" : String(id) }
}

extension IdentifierBoundTests {
  @Test func aMappingThatCollidesPastTheSmallUniversesIsReported() {
    #expect(
      LateCollidingIdentifiers.mappingProblems() == [
        "items 299 and 300 both map to \"299\""
      ])
    #expect(StringIdentifiers.mappingProblems().isEmpty)
    #expect(UUIDIdentifiers.mappingProblems().isEmpty)
  }
}
