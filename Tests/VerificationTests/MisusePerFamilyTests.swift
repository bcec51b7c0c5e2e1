import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import TestSupport
import Testing

@testable import Verification

/// Misuse declared per call family, each checked (issue 18): a family
/// declared `.throws` is handed its rejected calls and must throw the
/// model's error with the value unchanged; a family declared `.ignores` is
/// handed them and must return with the value exactly as it was; `.traps`
/// and `.unspecified` families are never handed them.
@Suite struct MisusePerFamilyTests {
  /// Traps on item and section misuse (never handed such a call), throws on
  /// marks, ignores deletes with a repeated id.
  static func mixed<Bug: MixedMisuseBug>(_ bug: Bug.Type) -> Implementation<
    MixedMisuseSnapshot<Bug>, ModelSectionSnapshot<Int>, NoDiffer<MixedMisuseSnapshot<Bug>>,
    ModelDataSource<Int, Int>
  > {
    Implementation(name: "mixed", snapshot: MixedMisuseSnapshot<Bug>.self, misuse: .traps) {
      NoDiffer<MixedMisuseSnapshot<Bug>>()
    }.misuse(.throws, for: .marks).misuse(.ignores, for: .deletions)
  }

  /// `full.differential` of `implementation`.
  static func differential<S, T, D, DS>(_ implementation: Implementation<S, T, D, DS>) throws
    -> AnyProperty
  {
    try #require(
      Catalog.property(named: "full.differential", for: implementation, families: [.full]))
  }

  /// Section 0 holding items 0 and 1, then `commands`.
  static func script(_ commands: [FullCommand]) -> FullScript {
    FullScript(initial: [FullScript.Layout(section: 0, items: [0, 1])], commands: commands)
  }

  /// A rejected call of each family: a repeated delete, a mark of a
  /// missing item, a repeated insert; then an accepted call.
  static let everyFamily = script([
    .deleteItems([1, 1]), .reloadItems([7]), .insertItems([5, 5], .beforeItem(0)),
    .deleteSections([0, 0]), .reloadItems([0]),
  ])

  /// The failure message of `script` on `property`, or `nil` if it passes.
  static func message(_ property: AnyProperty, _ script: FullScript) -> String? {
    guard let failure = property.check(script).failures.first else { return nil }
    return [failure.message, failure.expected, failure.actual].joined(separator: "\n")
  }

  // MARK: No false positive

  @Test func aTypeThatTrapsThrowsAndIgnoresByFamilyConforms() throws {
    let property = try Self.differential(Self.mixed(NoMixedMisuseBug.self))
    #expect(Self.message(property, Self.everyFamily) == nil)
    let result = Conformance.check(
      Self.mixed(NoMixedMisuseBug.self), families: [.full, .meta], includeContracts: true,
      seed: 0x5EED_F00D, cases: 60)
    #expect(result.hasNoFailure, "\(result.summary)")
  }

  @Test func aBackportIgnoringRepeatedDeletesConforms() throws {
    let property = try Self.differential(CapabilityFixtureTests.backport(NoBackportBug.self))
    #expect(Self.message(property, Self.everyFamily) == nil)
  }

  @Test func onlyCallsOfGuardedFamiliesAreCountedAsSkipped() throws {
    let property = try Self.differential(Self.mixed(NoMixedMisuseBug.self))
    let skipped = property.observations(of: Self.everyFamily).first {
      $0.histogram == Statistics.skippedCallsHistogram
    }
    // Of four rejected calls only the repeated insert (items trap) is kept
    // from the implementation; the delete, the marks and the section
    // delete are handed over.
    #expect(skipped == .value(Statistics.skippedCallsHistogram, 1))
  }

  // MARK: Planted bugs are found

  @Test func aThrowsFamilyThrowingTheWrongErrorIsCaught() throws {
    let property = try Self.differential(Self.mixed(MarksThrowWrongError.self))
    let message = try #require(Self.message(property, Self.everyFamily))
    #expect(message.contains("reloadItems([7])"), "\(message)")
    #expect(message.contains("There are currently no sections in the snapshot"), "\(message)")
  }

  @Test func aThrowsFamilyChangingTheValueIsCaught() throws {
    let property = try Self.differential(Self.mixed(MarksMarkBeforeThrowing.self))
    let message = try #require(Self.message(property, Self.script([.reloadItems([0, 7])])))
    #expect(message.contains("reloadItems([0, 7])"), "\(message)")
  }

  @Test func anIgnoresFamilyChangingTheValueIsCaught() throws {
    for property in [
      try Self.differential(Self.mixed(IgnoredDeleteDeletes.self)),
      try Self.differential(CapabilityFixtureTests.backport(BackportDeletesOnRepeat.self)),
    ] {
      let message = try #require(Self.message(property, Self.everyFamily))
      #expect(message.hasPrefix("after `c.deleteItems([1, 1])`"), "\(message)")
    }
  }

  @Test func anIgnoresFamilyThatThrowsIsCaught() throws {
    let property = try Self.differential(Self.mixed(IgnoredDeleteThrows.self))
    let message = try #require(Self.message(property, Self.everyFamily))
    #expect(message.contains("reaction to misuse: returns (declared .ignores)"), "\(message)")
  }

  @Test func theFuzzerFindsAMutatingIgnoredDelete() throws {
    let failure = try #require(
      CapabilityFixtureTests.failure(
        CapabilityFixtureTests.backport(BackportDeletesOnRepeat.self), "full.differential"))
    #expect(failure.report.contains("deleteItems"), "\(failure.report)")
  }
}

/// Traps on nothing here (its item and section misuse is never handed to
/// it), throws the engine's error on rejected marks, ignores a delete with
/// a repeated id. `Bug` plants a bug.
struct MixedMisuseSnapshot<Bug: MixedMisuseBug>: ForwardingFullSnapshot {
  var base = EngineSnapshot<Int, Int>()

  mutating func deleteItems(_ ids: [Int]) throws(SnapshotError) {
    guard ids.uniqued == ids else {
      if Bug.ignoredDeleteThrows { throw .duplicateInArgument(.item, ids.map(String.init)) }
      if Bug.ignoredDeleteDeletes { try base.deleteItems(ids.uniqued) }
      return
    }
    try base.deleteItems(ids)
  }
  mutating func deleteSections(_ ids: [Int]) throws(SnapshotError) {
    guard ids.uniqued == ids else { return }
    try base.deleteSections(ids)
  }
  mutating func reloadItems(_ ids: [Int]) throws(SnapshotError) {
    do throws(SnapshotError) {
      try base.reloadItems(ids)
    } catch {
      if Bug.marksThrowWrongError { throw .noSections }
      if Bug.marksBeforeThrowing {
        try? base.reloadItems(ids.uniqued.filter { base.indexOfItem($0) != nil })
      }
      throw error
    }
  }
}

/// A bug planted in `MixedMisuseSnapshot`.
protocol MixedMisuseBug: Sendable {
  /// A rejected mark throws `.noSections`.
  static var marksThrowWrongError: Bool { get }
  /// A rejected mark marks the present ids, then throws.
  static var marksBeforeThrowing: Bool { get }
  /// An ignored repeated delete deletes the ids.
  static var ignoredDeleteDeletes: Bool { get }
  /// An ignored repeated delete throws.
  static var ignoredDeleteThrows: Bool { get }
}

extension MixedMisuseBug {
  static var marksThrowWrongError: Bool { false }
  static var marksBeforeThrowing: Bool { false }
  static var ignoredDeleteDeletes: Bool { false }
  static var ignoredDeleteThrows: Bool { false }
}

/// No bug.
enum NoMixedMisuseBug: MixedMisuseBug {}
/// A rejected mark throws the wrong error.
enum MarksThrowWrongError: MixedMisuseBug { static var marksThrowWrongError: Bool { true } }
/// A rejected mark changes the marks before throwing.
enum MarksMarkBeforeThrowing: MixedMisuseBug { static var marksBeforeThrowing: Bool { true } }
/// An ignored delete deletes.
enum IgnoredDeleteDeletes: MixedMisuseBug { static var ignoredDeleteDeletes: Bool { true } }
/// An ignored delete throws.
enum IgnoredDeleteThrows: MixedMisuseBug { static var ignoredDeleteThrows: Bool { true } }
