import Foundation
import Generators
import SnapshotCore
import SnapshotModel
import TestSupport
import Testing
import Verification

/// The engine finds planted bugs and shrinks them to minimal scripts.
@Suite struct PlantedBugTests {
  static let offByOne = Differentials.full(OffByOneMoveSnapshot.self).prefixed("planted.")

  static let subtreeInsert = Differentials.section(SubtreeInsertSnapshot.self).prefixed("planted.")

  @Test(arguments: Array(UInt64(1)...3))
  func sectionSnapshotInsertAfterShrinksToOneCommand(seed: UInt64) throws {
    let report = Runner(configuration: RunConfiguration(seed: seed, cases: 3_000))
      .run(Self.subtreeInsert)
    let failure = try #require(report.counterexample)
    let script = try #require(try failure.script?.decode(SectionScript.self))
    if seed == 1 { print(failure.report) }
    #expect(script.commands.count <= 3)
    #expect(script.commands.count == 1)
    #expect(script.initial.items.count <= 3)
    if seed == 1 {
      #expect(script.initial == Forest(roots: [.init(0, children: [.init(1)])]))
      #expect(script.commands == [.insert([2], .after(0))])
    }
  }

  @Test(arguments: Array(UInt64(1)...3))
  func fullSnapshotCrossSectionMoveShrinksToOneCommand(seed: UInt64) throws {
    let report = Runner(configuration: RunConfiguration(seed: seed, cases: 3_000))
      .run(Self.offByOne)
    let failure = try #require(report.counterexample)
    let script = try #require(try failure.script?.decode(FullScript.self))
    if seed == 1 { print(failure.report) }
    #expect(script.commands.count <= 3)
    #expect(script.commands.count == 1)
    #expect(script.initial.map(\.items) == [[0], [1]])
    #expect(script.commands == [.moveItem(0, .afterItem(1))])
  }
}
