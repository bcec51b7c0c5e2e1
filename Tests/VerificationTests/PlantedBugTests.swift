import Foundation
import Generators
import SnapshotCore
import SnapshotModel
import Testing
import Verification

/// The engine finds planted bugs and shrinks them to minimal scripts.
@Suite struct PlantedBugTests {
  static let offByOne = Property(
    "planted.fullSnapshot.crossSectionMoveAfter",
    generator: FullScript.generator(),
    labels: { script in script.commands.map(\.operation) },
    observations: { script in script.commands.map { Observation("command", $0.operation) } },
    render: { $0.swiftTest(named: "crossSectionMoveAfter", candidate: "OffByOneMoveSnapshot") },
    check: { $0.differential(against: OffByOneMoveSnapshot.self) })

  static let subtreeInsert = Property(
    "planted.sectionSnapshot.insertAfterSubtree",
    generator: SectionScript.generator(),
    labels: { script in script.commands.map(\.operation) },
    render: { $0.swiftTest(named: "insertAfterSubtree", candidate: "SubtreeInsertSnapshot") },
    check: { $0.differential(against: SubtreeInsertSnapshot.self) })

  @Test(arguments: Array(UInt64(1)...6))
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
    #expect(failure.shrinkSeconds < 5)
  }

  @Test(arguments: Array(UInt64(1)...6))
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
    #expect(failure.shrinkSeconds < 5)
  }
}
