import Generators
import SnapshotCore

extension CatalogBuilder {
  /// `section.`: the implementation's section snapshot against the model.
  var sectionProperties: [AnyProperty] {
    [sectionDifferential, sectionSpecDecisions] + sectionEngineProperties
  }

  /// The generator of the `section.` and `expansion.` families.
  static var sectionScripts: Gen<SectionScript> {
    SectionScript.generator(maxCommands: 30, universe: sectionUniverse, invalidShare: 0.15)
  }

  /// The section-snapshot differential of the implementation's section
  /// snapshot (`decided`: only what the spec does not decide itself is
  /// judged).
  func sectionRunner(_ context: CheckContext = .none, decided: Bool = true)
    -> Differential<
      ReferenceSectionSnapshot, SectionSnapshot, SectionCommand, SectionState?, SectionState
    >
  {
    .section(
      absent: Self.sectionUniverse, policy: policy, literals: literals, context: context,
      sectionType: implementation.sectionSnapshotTypeName, decided: decided)
  }

  /// Runs `script` (its start forest's calls, then its commands) through
  /// the differential, with `audit` on every judged step; the states
  /// compared as `states` says (`Differential.StateComparison`).
  func runSection(
    _ script: SectionScript, _ context: CheckContext = .none, decided: Bool = true,
    states: Differential<
      ReferenceSectionSnapshot, SectionSnapshot, SectionCommand, SectionState?, SectionState
    >.StateComparison = .everyStep,
    audit: (
      (
        Differential<
          ReferenceSectionSnapshot, SectionSnapshot, SectionCommand, SectionState?, SectionState
        >.Step
      ) -> [Failure]
    )? = nil
  )
    -> Differential<
      ReferenceSectionSnapshot, SectionSnapshot, SectionCommand, SectionState?, SectionState
    >.Run
  {
    sectionRunner(context, decided: decided).run(
      script.allCommands, reference: ReferenceSectionSnapshot(), candidate: SectionSnapshot(),
      states: states, audit: audit)
  }

  /// The rendered test of a section script's failure.
  /// (read from a run of the reference alone, as `fullTest` does).
  func sectionTest(
    _ name: String, _ script: SectionScript, _ failure: Failure?, decided: Bool = true
  ) -> String {
    let runner = referenceOnlySectionRunner(decided: decided)
    let run = runner.run(
      script.allCommands, reference: ReferenceSectionSnapshot(),
      candidate: ReferenceSectionSnapshot())
    let body =
      ["var c = \(implementation.sectionSnapshotTypeName)()"]
      + runner.statements(script.allCommands, run, endingAt: failure)
    return packaged(name, body, failure)
  }

  /// The section differential with the reference on both sides: which
  /// calls the check hands over, read without running the implementation.
  func referenceOnlySectionRunner(decided: Bool) -> Differential<
    ReferenceSectionSnapshot, ReferenceSectionSnapshot, SectionCommand, SectionState?,
    SectionState
  > {
    .section(
      absent: Self.sectionUniverse, policy: policy, literals: literals, context: .none,
      sectionType: implementation.sectionSnapshotTypeName, decided: decided)
  }

  /// Records, per case, how many calls Apple rejects the check keeps from
  /// the section snapshot (see `skippedCalls(_:)` of full scripts).
  func skippedCalls(_ commands: [SectionCommand]) -> [Observation] {
    guard !policy.handsOverEverything else { return [] }
    let run = referenceOnlySectionRunner(decided: true).build(
      commands, reference: ReferenceSectionSnapshot(), candidate: ReferenceSectionSnapshot())
    return [.value(Statistics.skippedCallsHistogram, run.skippedCalls)]
  }

  /// The coverage of a section-snapshot script property, without labels
  /// of calls the section snapshot lacks.
  static func sectionCoverage(_ labels: [(Double, String)]) -> [CoverageRequirement] {
    labels.map { .cover(minimumShare: $0.0, $0.1) }
      .reachable(CoverageRequirement.unreachable(SectionSnapshot.capabilities))
  }

  /// `section.differential`: after every command of a random script (every
  /// operation of part B, valid and invalid), the model and the
  /// implementation threw the same error or none, agree on every query
  /// (derived views, per-id queries and errors, extracted snapshots), and
  /// the implementation reports no invariant violation.
  var sectionDifferential: AnyProperty {
    let builder = self
    return Property(
      "section.differential",
      generator: Self.sectionScripts.supported(by: SectionSnapshot.capabilities),
      coverage: Self.sectionCoverage([
        (0.3, "invalid command"), (0.05, "collapse over expanded descendant"),
        (0.1, "replace(childrenOf:using:)"), (0.1, "insert(snapshot:after:)"),
        (0.1, "snapshot(of:includingParent:)"), (0.05, "throws treeDuplicate"),
        (0.05, "throws parentNotFound"), (0.03, "throws insertDestinationNotFound"),
        (0.03, "throws deleteMissing"), (0.1, "empty argument"),
        (0.02, "empty argument, missing target"),
      ]),
      render: { builder.sectionTest("section.differential", $0, $1) },
      check: { script, context in .from(builder.runSection(script, context).failures) }
    ).described { script in
      var description = script.catalogDescription
      description.observations +=
        Self.skipObservations(
          steps: script.commands.count,
          perStep: CapabilitySkips.perStep(SectionSnapshot.capabilities))
        + builder.skippedCalls(script.allCommands)
      return description
    }.declared(family: .section, part: .sectionSnapshot, budget: 400).eraseToAnyProperty()
  }

  /// `section.specDecisions` (contract): `section.differential` with what
  /// the spec decides where Apple's behaviour is unconfirmed judged too:
  /// an inserted snapshot with nested children is grafted as it is,
  /// `replace(childrenOf:using:)` rejects ids found elsewhere in the tree,
  /// `visualDescription()` has UIKit's shape, `==` compares trees and
  /// flags.
  var sectionSpecDecisions: AnyProperty {
    let builder = self
    return Property(
      "section.specDecisions",
      generator: Self.sectionScripts.supported(by: SectionSnapshot.capabilities),
      coverage: Self.sectionCoverage([
        (0.1, "insert(snapshot:after:)"), (0.05, "throws treeDuplicate"),
      ]),
      render: { builder.sectionTest("section.specDecisions", $0, $1, decided: false) },
      check: { script, context in
        .from(builder.runSection(script, context, decided: false).failures)
      }
    ).described { $0.catalogDescription }
      .declared(family: .section, part: .sectionSnapshot, tag: .contract, budget: 400)
      .eraseToAnyProperty()
  }
}

extension SectionScript {
  /// The start forest's calls, then the commands: every call the
  /// differential makes.
  var allCommands: [SectionCommand] { initial.commands + commands }
}
