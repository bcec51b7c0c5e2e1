import Foundation
import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import TestSupport
import Testing

@testable import Verification

/// Rendered tests and failure messages in the user's terms (issue 17,
/// items 5 and 6), on a user's trap-style `String`-id snapshot, a staged
/// differ and a trap-style data source (the `Fixtures`), each with one
/// planted bug per family: the failure names the user's types (never the
/// catalog's `Guarded…`/`Mapped…` wrappers) and shows `"s0"`/`"i0"`; the
/// rendered test of every family, compiled as the user pastes it (imports
/// included, warnings not suppressed), compiles without a warning, fails
/// on the buggy type and passes on the fixed one; a trap renders as an
/// exit test that fails while the code traps without ending the run.
@Suite(.serialized) struct RenderedUserTermsTests {
  /// One family's rendered test: on the buggy types and on the fixed ones.
  struct Rendered {
    var name: String
    var bug: String
    var fixed: String

    /// The same, `type` (a nested buggy type) written `StringDataSources.type`
    /// on the bug and `fixedType` when fixed.
    func replacingTypes(_ type: String, with fixedType: String) -> Rendered {
      Rendered(
        name: name, bug: bug.replacing("\(type).self", with: "StringDataSources.\(type).self"),
        fixed: fixed.replacing("\(type).self", with: "\(fixedType).self"))
    }
  }

  typealias Strings = StringIdentifiers
  static let seed: UInt64 = 0x5EED_7E12

  /// The user's types with the planted bugs of `flavor`, the differ
  /// `differ` and the data source `DS`, `.traps`.
  static func user<F: FixtureFlavor, D: DifferProtocol & Sendable, DS: DataSourceProtocol>(
    _ flavor: F.Type, differ: D, dataSource: DS.Type
  ) -> Implementation<
    MappedSnapshot<AppleStyleSnapshot<String, String, F>, Strings>,
    MappedSectionSnapshot<AppleStyleSectionSnapshot<String, F>, Strings>,
    MappedDiffer<D, Strings>, MappedDataSource<DS, Strings>
  >
  where D.Snapshot == AppleStyleSnapshot<String, String, F>, DS.Section == String, DS.Item == String
  {
    .mapped(
      name: "user", snapshot: AppleStyleSnapshot<String, String, F>.self,
      sectionSnapshot: AppleStyleSectionSnapshot<String, F>.self, dataSource: DS.self,
      identifiers: Strings.self, misuse: .traps
    ) { differ }
  }

  /// The user's types with `flavor`, the clean staged differ and data source.
  static func user<F: FixtureFlavor>(_ flavor: F.Type) -> Implementation<
    MappedSnapshot<AppleStyleSnapshot<String, String, F>, Strings>,
    MappedSectionSnapshot<AppleStyleSectionSnapshot<String, F>, Strings>,
    MappedDiffer<StagedDiffer<AppleStyleSnapshot<String, String, F>>, Strings>,
    MappedDataSource<TrappingDataSource<String, String>, Strings>
  > {
    user(flavor, differ: StagedDiffer(), dataSource: TrappingDataSource<String, String>.self)
  }

  /// The shrunk failure of `property` on `bug`.
  static func failure<S, T, D, DS>(
    _ bug: Implementation<S, T, D, DS>, _ property: String, cases: Int = 300
  ) throws -> Counterexample {
    let found = try #require(
      Catalog.property(named: property, for: bug), "no property \(property)")
    let configuration = RunConfiguration(
      seed: seed, cases: cases, shrinkBudget: ShrinkBudget(maxCalls: 300, maxSeconds: 5))
    return try #require(
      Runner(configuration: configuration).run(found).counterexample, "\(property) passed")
  }

  /// `code` on the fixed types: each buggy type name replaced.
  static func fixed(_ code: String) -> String {
    [
      ("TrappingReconfigureReloads", "Trapping"), ("TrappingCascadingCollapse", "Trapping"),
      ("TrappingLenientDelete", "Trapping"), ("TrappingReconfigureTraps", "Trapping"),
      ("StagedTwiceDiffer", "StagedDiffer"),
      ("TrappingForgetfulDataSource", "TrappingDataSource<String, String>"),
      ("TrappingSilentDragDataSource", "TrappingDataSource"),
    ].reduce(code) { $0.replacing($1.0, with: $1.1) }
  }

  static func rendered(_ name: String, _ code: String) -> Rendered {
    let renamed = { (suffix: String) in RenderedReproductionTests.renamed(code, to: name + suffix) }
    return Rendered(name: name, bug: renamed("OnBug"), fixed: fixed(renamed("OnFixed")))
  }

  /// Renders `value` with the property `name` of `implementation` and
  /// checks it.
  static func probe<Case: Encodable, S, T, D, DS>(
    _ value: Case, _ name: String, on implementation: Implementation<S, T, D, DS>
  ) throws -> (code: String, result: PropertyResult) {
    let property = try #require(Catalog.property(named: name, for: implementation))
    return (property.render(value), property.check(value))
  }

  // MARK: Messages

  @Test func aFailureNamesTheUsersTypesAndIdentifiers() throws {
    let failure = try Self.failure(Self.user(TrappingReconfigureReloads.self), "full.differential")
    #expect(
      failure.swiftCode.contains("AppleStyleSnapshot<String, String, TrappingReconfigureReloads>"),
      "\(failure.swiftCode)")
    for text in [failure.message, failure.diff, failure.swiftCode] {
      #expect(!text.contains("Mapped") && !text.contains("Guarded"), "\(text)")
    }
    #expect(failure.message.contains(#"reconfigureItems(["i"#), "\(failure.message)")
    #expect(failure.diff.contains(#"reconfigured ["i"#), "\(failure.diff)")
    #expect(!failure.diff.contains("reconfigured [0") && !failure.diff.contains("reconfigured [1"))
  }

  @Test func aDataSourceFailureNamesTheUsersTypeAndIdentifiers() throws {
    let forgetful = Self.user(
      Trapping.self, differ: StagedDiffer<AppleStyleSnapshot<String, String, Trapping>>(),
      dataSource: TrappingForgetfulDataSource.self)
    let failure = try Self.failure(forgetful, "datasource.differential")
    #expect(failure.message.contains(#"snapshot(for: "s"#), "\(failure.message)")
    #expect(failure.swiftCode.contains("TrappingForgetfulDataSource"), "\(failure.swiftCode)")
    #expect(failure.diff.contains(#"snapshot(for: "s"#), "\(failure.diff)")
    #expect(failure.diff.contains(#"item "i"#), "\(failure.diff)")
    #expect(
      !failure.diff.contains("snapshot(for: 0)") && !failure.diff.contains("item 0"),
      "\(failure.diff)")
  }

  @Test func errorsTranslateBothWays() {
    let error = SnapshotError.duplicateInArgument(.item, ["0", "3"])
    let user = StringIdentifiers.userError(error)
    #expect(user == .duplicateInArgument(.item, ["i0", "i3"]))
    #expect(StringIdentifiers.catalogError(user) == error)
    #expect(StringIdentifiers.userError(.sectionNotFound("2")) == .sectionNotFound("s2"))
  }

  @Test func importsNameTheModulesTheCodeNeeds() {
    var terms = UserTerms()
    terms.note(
      AppleStyleSnapshot<String, String, Trapping>.self,
      as: "AppleStyleSnapshot<String, String, Trapping>")
    terms.note(EngineSectionSnapshot<UUID>.self, as: "EngineSectionSnapshot<UUID>")
    #expect(terms.modules == ["Foundation", "SnapshotEngine", "TestSupport"])
    #expect(terms.userTypes == ["AppleStyleSnapshot<String, String, Trapping>"])
    #expect(
      terms.imports(for: "BatchInterpreter.replay(x)") == [
        "import Foundation", "import SnapshotCore", "import SnapshotEngine", "import SnapshotModel",
        "import Testing", "@testable import TestSupport",
      ])
  }

  // MARK: Rendered tests, compiled as pasted

  /// Every family's rendered test for a planted bug, compiled without
  /// suppressing warnings and run: none warns, each fails on its bug and
  /// passes on the fixed types; the crash test fails without ending the
  /// run.
  @Test func renderedTestsCompileWithoutWarningsFailOnTheBugAndPassWhenFixed() throws {
    var tests: [Rendered] = []
    tests.append(
      Self.rendered(
        "full",
        try Self.failure(Self.user(TrappingReconfigureReloads.self), "full.differential").swiftCode)
    )
    tests.append(
      Self.rendered(
        "section",
        try Self.failure(Self.user(TrappingCascadingCollapse.self), "section.differential")
          .swiftCode))
    tests.append(
      Self.rendered(
        "expansion",
        try Self.failure(
          Self.user(TrappingCascadingCollapse.self), "expansion.editsElsewhere", cases: 400
        ).swiftCode))
    let twice = Self.user(
      Trapping.self, differ: StagedTwiceDiffer<AppleStyleSnapshot<String, String, Trapping>>(),
      dataSource: TrappingDataSource<String, String>.self)
    tests.append(
      Self.rendered("diff", try Self.failure(twice, "diff.roundTrip", cases: 400).swiftCode))
    tests.append(
      Self.rendered("meta", try Self.failure(twice, "meta.reverse", cases: 400).swiftCode))
    let forgetful = Self.user(
      Trapping.self, differ: StagedDiffer<AppleStyleSnapshot<String, String, Trapping>>(),
      dataSource: TrappingForgetfulDataSource.self)
    tests.append(
      Self.rendered("datasource", try Self.failure(forgetful, "datasource.differential").swiftCode))
    // A throwing-style data source (its toggles and drags throw): the same
    // rendered shape compiles without a warning too.
    let throwing = Implementation.mapped(
      name: "throwing", snapshot: EngineSnapshot<String, String>.self,
      sectionSnapshot: EngineSectionSnapshot<String>.self,
      dataSource: StringDataSources.ForgetsSectionSnapshot.self,
      identifiers: Strings.self
    ) { EngineDiffer<String, String>() }
    tests.append(
      Self.rendered("throwing", try Self.failure(throwing, "datasource.differential").swiftCode)
        .replacingTypes("ForgetsSectionSnapshot", with: "EngineDataSource<String, String>"))
    let silent = Self.user(
      Trapping.self, differ: StagedDiffer<AppleStyleSnapshot<String, String, Trapping>>(),
      dataSource: TrappingSilentDragDataSource<String, String>.self)
    tests.append(
      Self.rendered("reorder", try Self.failure(silent, "reorder.transaction").swiftCode))
    // misuse: the rejected call returns instead of trapping.
    let misuse = try Self.probe(
      FullScript(initial: [.init(section: 0, items: [1])], commands: [.deleteItems([7])]),
      "misuse.traps.full",
      on: Self.user(TrappingLenientDelete.self))
    #expect(misuse.result.isFailure)
    tests.append(Self.rendered("misuse", misuse.code))
    // misuse on a data source: a throwing one declared `.traps` throws at
    // a drag from a row that does not exist instead of trapping.
    let throwsAtMisuse = Implementation.mapped(
      name: "throws", snapshot: EngineSnapshot<String, String>.self,
      sectionSnapshot: EngineSectionSnapshot<String>.self,
      dataSource: StringDataSources.ForgetsSectionSnapshot.self,
      identifiers: Strings.self, misuse: .traps
    ) { EngineDiffer<String, String>() }
    let drag = DataSourceScript(
      refusedReorders: [], vetoedToggles: [],
      commands: [
        .apply([.init(section: 0, items: [0, 1])], changed: []),
        .userReorder(from: ItemPath(section: 5, item: 0), to: ItemPath(section: 0, item: 0)),
      ])
    let misuseDataSource = try Self.probe(drag, "misuse.traps.datasource", on: throwsAtMisuse)
    #expect(misuseDataSource.result.isFailure)
    tests.append(
      Self.rendered("misuseDataSource", misuseDataSource.code)
        .replacingTypes("ForgetsSectionSnapshot", with: "TrappingDataSource<String, String>"))
    // A crash: the case's test as an exit test expecting success.
    let crash = try Self.probe(
      FullScript(initial: [.init(section: 0, items: [1, 2])], commands: [.reconfigureItems([2])]),
      "full.differential", on: Self.user(Trapping.self))
    #expect(!crash.result.isFailure)
    tests.append(
      Self.rendered(
        "crash",
        SwiftCode.crashTest(crash.code.replacing("Trapping>", with: "TrappingReconfigureTraps>"))))
    try RenderedReproductionTests.expectFailOnBugPassWhenFixed(
      tests.map { ($0.name, $0.bug, $0.fixed) })
  }
}
