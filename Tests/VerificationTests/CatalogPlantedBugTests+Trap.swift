import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import TestSupport
import Testing
import Verification

/// The user's case that showed start layouts shrinking less than scripts:
/// a trap-style (`.traps`) implementation whose `deleteItems` hits a
/// planted `precondition` when it deletes an item with two or more items
/// before it in its section. It shrank to 3 commands but kept a start
/// layout of 12 items (a boundary layout the shrinker could not cut).
///
/// A trap runs only in child processes (the fuzz command), so this suite
/// plants the in-process equivalent: the same condition throws instead of
/// trapping. The guard hands the implementation only calls the reference
/// model accepts, so the throw fails the case exactly where the trap
/// would, and the shrinker sees the same pass/fail answers.
extension CatalogPlantedBugTests {
  /// `deleteItems` fails (throws, in place of a `precondition`) when an
  /// item it deletes has at least two items before it in its section.
  struct MidSectionDeleteFails: ForwardingFullSnapshot {
    var base = EngineSnapshot<Int, Int>()

    mutating func deleteItems(_ ids: [Int]) throws(SnapshotError) {
      for id in ids {
        guard let section = base.sectionIdentifier(containingItem: id),
          let position = (try? base.itemIdentifiers(inSection: section))?.firstIndex(of: id)
        else { continue }
        if position >= 2 { throw .itemNotFound(String(id)) }
      }
      try base.deleteItems(ids)
    }
  }

  @Test func aTrappingDeleteShrinksToAStartOfThreeItems() throws {
    let bug = Implementation(
      name: "deleteItems precondition", snapshot: MidSectionDeleteFails.self,
      sectionSnapshot: EngineSection.self, misuse: .traps
    ) { LayoutDiffer<MidSectionDeleteFails>() }
    let failure = try #require(Self.failure(bug, "full.differential"))
    let size = try Self.start(failure)
    #expect(size.commands <= 3, "\(failure.report)")
    #expect(size.items <= 3, "\(failure.report)")
    #expect(size.sections <= 1, "\(failure.report)")
  }
}
