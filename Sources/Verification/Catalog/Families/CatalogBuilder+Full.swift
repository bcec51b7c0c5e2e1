import Generators
import SnapshotCore

extension CatalogBuilder {
  /// `full.`: the implementation's full snapshot against the model.
  var fullProperties: [AnyProperty] {
    [fullDifferential, fullSpecDecisions, fullMarkOrder] + fullEngineProperties
  }

  /// The generator of `full.` scripts (every operation of part A, valid and
  /// invalid, and bulk scenarios), without calls the snapshot lacks.
  static var fullScripts: Gen<FullScript> {
    FullScript.generator(
      maxCommands: 30, universe: fullUniverse, invalidShare: 0.15, bulkShare: 0.06
    ).supported(by: Snapshot.capabilities)
  }

  /// The full-snapshot differential of the implementation's snapshot
  /// (`decided`: only what the spec does not decide itself is judged).
  func fullRunner(_ context: CheckContext = .none, decided: Bool = true)
    -> Differential<ReferenceSnapshot, Snapshot, FullCommand, Nothing, FullState>
  {
    .full(
      universe: Self.fullUniverse, policy: policy, literals: literals, context: context,
      decided: decided)
  }

  /// Runs `script` through the differential, with `audit` on every judged
  /// step; the states compared as `states` says
  /// (`Differential.StateComparison`).
  func runFull(
    _ script: FullScript, _ context: CheckContext = .none, decided: Bool = true,
    states: Differential<ReferenceSnapshot, Snapshot, FullCommand, Nothing, FullState>
      .StateComparison = .everyStep,
    audit: (
      (Differential<ReferenceSnapshot, Snapshot, FullCommand, Nothing, FullState>.Step)
        -> [Failure]
    )? = nil
  ) -> Differential<ReferenceSnapshot, Snapshot, FullCommand, Nothing, FullState>.Run {
    fullRunner(context, decided: decided).run(
      script.allCommands, reference: ReferenceSnapshot(), candidate: Snapshot(), states: states,
      audit: audit)
  }

  /// The rendered test of a full script's failure: the candidate built
  /// step by step as the check handled it, ending at the failure with
  /// expectations on what diverged.
  ///
  /// Which calls the check handed over is read from a run of the reference
  /// alone, so rendering never runs the implementation (the supervisor of
  /// a fuzz run renders a failure whose case traps).
  func fullTest(_ name: String, _ script: FullScript, _ failure: Failure?, decided: Bool = true)
    -> String
  {
    let body =
      ["var c = \(implementation.snapshotTypeName)()"]
      + fullStatements(script.allCommands, endingAt: failure, decided: decided)
    return packaged(name, body, failure)
  }

  /// The statements of `commands` on `c`, as the check handles them, ending
  /// at `failure`, read from a run of the reference alone.
  func fullStatements(
    _ commands: [FullCommand], from start: ReferenceSnapshot = ReferenceSnapshot(),
    endingAt failure: Failure?, decided: Bool = true
  ) -> [String] {
    let runner = Differential<ReferenceSnapshot, ReferenceSnapshot, FullCommand, Nothing, FullState>
      .full(
        universe: Self.fullUniverse, policy: policy, literals: literals, context: .none,
        decided: decided)
    let run = runner.run(commands, reference: start, candidate: start)
    return runner.statements(commands, run, endingAt: failure)
  }

  /// A rendered test as the user pastes it: named for the failure's kind,
  /// with its imports, generic over the user's types, in an exit test when
  /// the failure is a trap.
  func packaged(_ name: String, _ body: [String], _ failure: Failure?, expectsTrap: Bool = false)
    -> String
  {
    SwiftCode.packaged(
      SwiftCode.test(named: name, body: body), roles: roles, terms: implementation.terms,
      expectsTrap: expectsTrap, crashes: failure?.kind.severity == .trap && !expectsTrap)
  }

  /// The roles of the implementation's types in rendered tests.
  var roles: SwiftCode.TypeRoles {
    SwiftCode.TypeRoles(
      snapshot: implementation.snapshotTypeName,
      sectionSnapshot: implementation.sectionSnapshotTypeName,
      differ: implementation.differTypeName, dataSource: implementation.dataSourceTypeName,
      dataSourceSnapshot: implementation.dataSourceSnapshotTypeName,
      dataSourceSectionSnapshot: implementation.dataSourceSectionSnapshotTypeName)
  }

  /// Records, per case, how many calls Apple rejects the check keeps from
  /// the implementation (its reaction is declared `.traps` or
  /// `.unspecified`), counted on a run of the reference alone; nothing for
  /// an implementation that is handed every call.
  func skippedCalls(_ commands: [FullCommand]) -> [Observation] {
    guard !policy.handsOverEverything else { return [] }
    let runner = Differential<ReferenceSnapshot, ReferenceSnapshot, FullCommand, Nothing, FullState>
      .full(
        universe: Self.fullUniverse, policy: policy, literals: literals, context: .none,
        decided: true)
    let run = runner.build(commands, reference: ReferenceSnapshot(), candidate: ReferenceSnapshot())
    return [.value(Statistics.skippedCallsHistogram, run.skippedCalls)]
  }

  /// Records, per case of a script over `steps` steps, the checks the
  /// implementation's missing capabilities skip (nothing when it has them
  /// all).
  static func skipObservations(steps: Int, perStep: Int) -> [Observation] {
    perStep == 0 ? [] : [.value(Statistics.skippedChecksHistogram, steps * perStep)]
  }

  /// `full.differential`: after every command of a random script (every
  /// operation of part A, valid and invalid), the model and the
  /// implementation threw the same error or none, agree on every query
  /// (layout, counts, marks, per-id lookups and errors, items at paths,
  /// `==`), and the implementation reports no invariant violation.
  var fullDifferential: AnyProperty {
    let builder = self
    return Property(
      "full.differential", generator: Self.fullScripts,
      coverage: [
        .cover(minimumShare: 0.3, "invalid command"),
        .cover(minimumShare: 0.15, "cross-section move"),
        .cover(minimumShare: 0.1, "section move"),
        .cover(minimumShare: 0.1, "existing item moved by insert"),
        .cover(minimumShare: 0.05, "throws duplicateInArgument"),
        .cover(minimumShare: 0.05, "throws destinationNotFound"),
        .cover(minimumShare: 0.02, "throws moveOntoSelf"),
        .cover(minimumShare: 0.02, "throws reloadMissing"),
        .cover(minimumShare: 0.02, "throws sectionAlreadyExists"),
        .cover(minimumShare: 0.02, "throws sourceNotFound"),
        .cover(minimumShare: 0.02, "throws destinationInArgument"),
        .cover(minimumShare: 0.1, "empty argument"),
        .cover(minimumShare: 0.02, "empty argument, missing target"),
        .cover(minimumShare: 0.01, "bulk section"),
        .cover(minimumShare: 0.005, "bulk repeated id after deletes"),
        .cover(minimumShare: 0.005, "bulk move across groups"),
        .cover(minimumShare: 0.002, "bulk long run inserted"),
      ].reachable(CoverageRequirement.unreachable(Snapshot.capabilities)),
      labels: { $0.catalogLabels },
      observations: {
        $0.observations
          + Self.skipObservations(
            steps: $0.allCommands.count, perStep: CapabilitySkips.perStep(Snapshot.capabilities))
          + builder.skippedCalls($0.allCommands)
      },
      render: { builder.fullTest("full.differential", $0, $1) },
      check: { script, context in .from(builder.runFull(script, context).failures) }
    ).declared(family: .full, part: .snapshot, budget: 600).eraseToAnyProperty()
  }

  /// `full.specDecisions` (contract): `full.differential` with what the
  /// spec decides where Apple's behaviour is unconfirmed judged too:
  /// `reconfigureItems` rejects a repeated id, marks of deleted ids are
  /// dropped, an item marked both ways keeps both marks, `==` compares the
  /// layout and ignores marks.
  var fullSpecDecisions: AnyProperty {
    let builder = self
    return Property(
      "full.specDecisions", generator: Self.fullScripts,
      coverage: [
        .cover(minimumShare: 0.05, "reconfigureItems(_:)"),
        .cover(minimumShare: 0.05, "deleteAllItems"),
      ].reachable(CoverageRequirement.unreachable(Snapshot.capabilities)),
      labels: { $0.catalogLabels },
      observations: { $0.observations },
      render: { builder.fullTest("full.specDecisions", $0, $1, decided: false) },
      check: { script, context in
        .from(builder.runFull(script, context, decided: false).failures)
      }
    ).declared(family: .full, part: .snapshot, tag: .contract, budget: 600)
      .eraseToAnyProperty()
  }

  /// `full.markOrder` (contract): the mark getters list marks in
  /// first-mark order, as the model does. Apple's order is unconfirmed, so
  /// `full.differential` compares marks as sets; only implementations
  /// whose getters are arrays (`.orderedMarks`) run this.
  var fullMarkOrder: AnyProperty {
    let builder = self
    let literals = literals
    return Property(
      "full.markOrder",
      generator: FullScript.generator(
        maxCommands: 30, universe: Self.fullUniverse, invalidShare: 0.15
      ).supported(by: Snapshot.capabilities),
      labels: { $0.catalogLabels },
      render: { builder.fullTest("full.markOrder", $0, $1) },
      check: { script, context in
        let run = builder.runFull(script, context, states: .atEnd) { step in
          let expected = [
            step.reference.reloadedItems, step.reference.reconfiguredItems,
            step.reference.reloadedSections,
          ]
          let actual = [
            step.candidate.reloadedItems, step.candidate.reconfiguredItems,
            step.candidate.reloadedSections,
          ]
          guard expected != actual else { return [] }
          let names = [
            "reloadedItemIdentifiers", "reconfiguredItemIdentifiers", "reloadedSectionIdentifiers",
          ]
          let text = { (marks: [[Int]]) in
            zip(names, marks).map { "\($0): \(literals.items($1))" }.joined(separator: "\n")
          }
          let call = step.command.swiftCall(
            on: "c", ids: IdentifierText(section: literals.section, item: literals.item))
          return [
            Failure(
              kind: FailureKind(
                .call(part: ImplementationParts.snapshot.name, operation: step.command.operation),
                severity: .cosmetic),
              step: step.index, observable: "mark order",
              message: "after `\(call)` the marks are not in first-mark order",
              expected: text(expected), actual: text(actual),
              test: [step.command.statementPrefix + call]
                + zip(names, expected).map { "#expect(c.\($0) == \(literals.items($1)))" },
              rule: Documentation.markOrder)
          ]
        }
        return .from(run.failures)
      }
    ).declared(
      family: .full, part: .snapshot, needs: .snapshot([.readableMarks, .orderedMarks]),
      tag: .contract, budget: 1_000
    ).eraseToAnyProperty()
  }
}
