import Generators
import SnapshotCore
import SnapshotModel

extension CatalogBuilder {
  /// The data-source differential of the implementation's data source.
  typealias DataSourceDifferential = Differential<
    DataSourceReference, DataSource, DataSourceCommand, DataSourceReturn, DataSourceState
  >

  /// The generator of the `datasource.`, `reorder.` and data-source
  /// `expansion.` properties.
  static var dataSourceScripts: Gen<DataSourceScript> {
    DataSourceScript.generator(
      maxCommands: 16, universe: dataSourceUniverse, invalidShare: 0.2, edgeShare: 0.15
    ).supported(
      by: DataSource.Snapshot.capabilities, sections: DataSource.SectionSnapshot.capabilities)
  }

  /// The invalid and edge user actions every run must reach.
  static var userActionCoverage: [String] {
    [
      "tap on hidden row", "tap on row of another section", "tap on absent id",
      "tap in unknown section", "drag onto itself", "drop below collapsed parent",
      "drag from a path that is not a row",
    ]
  }

  /// The handlers left out that every run must exercise.
  static var handlerCoverage: [String] {
    [
      "expand without shouldExpandItem", "expand without willExpandItem",
      "expand without snapshotForExpandingParent", "collapse without shouldCollapseItem",
      "collapse without willCollapseItem", "drag without canReorderItem",
      "drag without willReorder", "drag without didReorder",
    ]
  }

  /// `datasource.`: the implementation's data source against the model.
  var dataSourceProperties: [AnyProperty] {
    [
      dataSourceProperty(
        "datasource.differential",
        coverage: ["apply(_:to:)", "apply(_:contents:)", "expand toggle", "collapse toggle"]
          + Self.userActionCoverage, rules: [.changesetCorrect], states: .everyStep),
      dataSourceProperty(
        "datasource.handlerOrder",
        coverage: ["expand toggle", "collapse toggle", "userReorder(from:to:)"]
          + Self.handlerCoverage, comparing: DataSourceComparison(handlers: true)),
      dataSourceProperty(
        "datasource.refresh",
        coverage: [
          "content change with reload style", "content change with reconfigure style",
          "reload mark", "reconfigure mark", "expand toggle", "collapse toggle",
        ], rules: [.refreshExact]),
      dataSourceProperty(
        "datasource.minimalMoves", coverage: ["apply(_:contents:)"], rules: [.minimalMoves],
        tag: .contract),
      dataSourceProperty(
        "datasource.visibleRows", coverage: ["apply(_:to:)"], rules: [.visibleRows]),
      dataSourceProperty(
        "datasource.vetoes", coverage: ["vetoed toggle", "vetoed expand", "ignored toggle"],
        rules: [.vetoesChangeNothing]),
      dataSourceProperty(
        "datasource.lazyChildren",
        coverage: ["lazy children loaded", "lazy children replaced existing"],
        rules: [.lazyChildren]),
      dataSourceProperty(
        "datasource.rebase",
        coverage: [
          "stored tree kept by full apply", "stored tree rebased by full apply",
          "stored tree dropped by full apply",
        ], rules: [.storedTreesRebased], tag: .contract),
    ]
  }

  /// The data-source rules of the `expansion.` family (B.5, D).
  var dataSourceExpansionProperties: [AnyProperty] {
    [
      dataSourceProperty(
        "expansion.applyThenSnapshotFor", family: .expansion, coverage: ["apply(_:to:)"],
        rules: [.applyThenSnapshotFor]),
      dataSourceProperty(
        "expansion.userCollapseExpand", family: .expansion,
        coverage: ["collapse toggle", "collapse over expanded descendant"],
        rules: [.userCollapseExpand]),
      dataSourceProperty(
        "expansion.toggleChangeset", family: .expansion,
        coverage: ["expand toggle", "collapse toggle"], rules: [.toggleChangeset], tag: .contract),
    ]
  }

  /// `reorder.`: user drags.
  var reorderProperties: [AnyProperty] {
    [
      dataSourceProperty(
        "reorder.transaction", family: .reorder,
        coverage: ["cross-section drag", "drag of a parent"],
        comparing: DataSourceComparison(transactions: true), tag: .contract),
      dataSourceProperty(
        "reorder.differencesApply", family: .reorder,
        coverage: ["cross-section drag", "drag of a parent"], rules: [.differencesApply]),
      dataSourceProperty(
        "reorder.refused", family: .reorder, coverage: ["refused drag"],
        rules: [.refusedChangesNothing]),
      dataSourceProperty(
        "reorder.subtreeCarried", family: .reorder, coverage: ["drag of a parent"],
        rules: [.subtreeCarried]),
    ]
  }

  /// The type names a rendered data-source test declares.
  var dataSourceTestTypes: DataSourceTestTypes {
    DataSourceTestTypes(
      dataSource: implementation.dataSourceTypeName,
      snapshot: implementation.dataSourceSnapshotTypeName,
      sectionSnapshot: implementation.dataSourceSectionSnapshotTypeName,
      sectionCapabilities: DataSource.SectionSnapshot.capabilities)
  }

  /// A data-source property: the script run on the implementation's data
  /// source beside the reference (`comparing` what it names beyond
  /// outcomes and states), with `rules` audited on every judged step, the
  /// states compared as `states` says (every step for the differential,
  /// at the end for a property of its own rule). A required property
  /// judges only what the spec does not decide itself.
  func dataSourceProperty(
    _ name: String, family: Catalog.Family = .datasource, coverage: [String],
    comparing: DataSourceComparison = DataSourceComparison(),
    rules: [DataSourceSession.Rule] = [], tag: PropertyTag = .required,
    states: DataSourceDifferential.StateComparison = .atEnd
  ) -> AnyProperty {
    let builder = self
    let sections = Self.dataSourceUniverse.sections
    let decided = tag == .required
    return Property(
      name, generator: Self.dataSourceScripts,
      coverage: coverage.map { .cover(minimumShare: 0.01, $0) }
        .reachable(CoverageRequirement.unreachable(DataSource.Snapshot.capabilities)),
      describe: { script in
        CaseDescription(
          labels: DataSourceSession.labels(script, sections: sections),
          observations: builder.dataSourceObservations(script))
      },
      render: { script, failure in
        builder.dataSourceTest(
          name, script, failure, comparing: comparing, rules: rules, decided: decided)
      },
      describingCheck: { script, context in
        let checked = builder.runDataSource(
          script, context, comparing: comparing, rules: rules, decided: decided, states: states)
        // A policy that keeps calls back counts them on a run of its own:
        // such a case is described apart, once it is recorded.
        guard builder.policy.handsOverEverything, let labels = checked.labels else {
          return (.from(checked.run.failures), nil)
        }
        return (
          .from(checked.run.failures),
          CaseDescription(labels: labels, observations: builder.dataSourceObservations(script))
        )
      }
    ).declared(family: family, part: .dataSource, tag: tag, budget: 250).eraseToAnyProperty()
  }

  /// The histogram samples of a data-source case.
  func dataSourceObservations(_ script: DataSourceScript) -> [Observation] {
    script.observations + skippedCalls(script)
  }

  /// Records, per case, how many calls Apple rejects the check keeps from
  /// the data source (their reaction is declared `.traps` or
  /// `.unspecified`), counted on a run of the reference alone; nothing for
  /// a data source that is handed every call.
  func skippedCalls(_ script: DataSourceScript) -> [Observation] {
    guard !policy.handsOverEverything else { return [] }
    let logs = (HandlerLog(), HandlerLog())
    var reference = DataSourceReference()
    logs.0.configure(&reference.model, script)
    var candidate = ModelDataSource<Int, Int>()
    logs.1.configure(&candidate, script)
    let runner = Differential<
      DataSourceReference, ModelDataSource<Int, Int>, DataSourceCommand, DataSourceReturn,
      DataSourceState
    >.dataSource(
      universe: Self.dataSourceUniverse, comparing: DataSourceComparison(), logs: logs,
      script: script, types: dataSourceTestTypes, policy: policy, literals: literals,
      context: .none, decided: true)
    let run = runner.build(script.commands, reference: reference, candidate: candidate)
    return [.value(Statistics.skippedCallsHistogram, run.skippedCalls)]
  }

  /// The data-source differential of the implementation's data source.
  func dataSourceRunner(
    _ script: DataSourceScript, _ context: CheckContext, comparing: DataSourceComparison,
    logs: (HandlerLog, HandlerLog), decided: Bool
  ) -> Differential<
    DataSourceReference, DataSource, DataSourceCommand, DataSourceReturn, DataSourceState
  > {
    .dataSource(
      universe: Self.dataSourceUniverse, comparing: comparing, logs: logs, script: script,
      types: dataSourceTestTypes, policy: policy, literals: literals, context: context,
      decided: decided)
  }

  /// Runs `script` on a configured reference and the implementation's data
  /// source, auditing `rules` on the candidate at every judged step (the
  /// content it should hold before the step is the reference's); with
  /// the case's labels (`DataSourceSession.labels`) read off the
  /// reference's steps when every step was judged in order, else `nil`.
  func runDataSource(
    _ script: DataSourceScript, _ context: CheckContext = .none,
    comparing: DataSourceComparison, rules: [DataSourceSession.Rule], decided: Bool,
    states: DataSourceDifferential.StateComparison = .everyStep
  )
    -> (
      run: Differential<
        DataSourceReference, DataSource, DataSourceCommand, DataSourceReturn, DataSourceState
      >.Run,
      labels: [String]?
    )
  {
    let logs = (HandlerLog(), HandlerLog())
    var reference = DataSourceReference()
    logs.0.configure(&reference.model, script)
    var candidate = DataSource()
    logs.1.configure(&candidate, script)
    let sections = Self.dataSourceUniverse.sections
    let literals = literals
    let ids = IdentifierText(section: literals.section, item: literals.item)
    var labelling = DataSourceSession.Labelling(script: script, sections: sections)
    var runner = dataSourceRunner(
      script, context, comparing: comparing, logs: logs, decided: decided)
    runner.observeReference = { labelling.record($0, log: logs.0) }
    let run = runner.run(
      script.commands, reference: reference, candidate: candidate, states: states
    ) { step in
      // Only calls the reference accepts (a rejected call is the
      // differential's to judge).
      guard !rules.isEmpty, case .returned(let returned) = step.actual,
        case .returned = step.expected, let outcome = returned.outcome
      else { return [] }
      var audit = DataSourceAudit(
        before: step.candidateBefore, after: step.candidate, command: step.command,
        log: logs.1, sections: sections, literals: literals)
      audit.script = script
      audit.contents = step.referenceBefore.model.contentMap
      audit.record(.success(outcome), labelling: false)
      let problems = audit.problems(rules)
      guard !problems.isEmpty else { return [] }
      let call = step.command.swiftCall(on: "d", argument: "arg\(step.index)", ids: ids)
      return rules.compactMap { rule in
        problems[rule].map { problem in
          Failure(
            kind: FailureKind(
              .call(part: ImplementationParts.dataSource.name, operation: step.command.operation),
              severity: rule == .changesetCorrect
                ? audit.diffAudit?.update.failureKind?.severity ?? .wrong : .wrong),
            step: step.index, observable: "rule \(rule.rawValue)",
            message: "after `\(call)`: \(problem)",
            test: step.command.argumentStatements(
              "arg\(step.index)", snapshotType: dataSourceTestTypes.snapshot,
              sectionSnapshotType: dataSourceTestTypes.sectionSnapshot,
              itemType: literals.itemType, ids: ids)
              + audit.test(rule, call: call, argument: "arg\(step.index)"),
            rule: Documentation.dataSource)
        }
      }
    }
    return (run, labelling.labels(of: script.commands.count))
  }

  /// The rendered test of a data-source failure: the data source with the
  /// script's settings and handlers (logging their calls when the handler
  /// order is compared), then the calls as the check made them, ending at
  /// the failure.
  func dataSourceTest(
    _ name: String, _ script: DataSourceScript, _ failure: Failure?,
    comparing: DataSourceComparison, rules: [DataSourceSession.Rule], decided: Bool
  ) -> String {
    // Which calls the check handed over, read from a run of the reference
    // alone: rendering never runs the implementation.
    let logs = (HandlerLog(), HandlerLog())
    let runner = Differential<
      DataSourceReference, ModelDataSource<Int, Int>, DataSourceCommand, DataSourceReturn,
      DataSourceState
    >.dataSource(
      universe: Self.dataSourceUniverse, comparing: comparing, logs: logs, script: script,
      types: dataSourceTestTypes, policy: policy, literals: literals, context: .none,
      decided: decided)
    var reference = DataSourceReference()
    logs.0.configure(&reference.model, script)
    var candidate = ModelDataSource<Int, Int>()
    logs.1.configure(&candidate, script)
    let run = runner.run(script.commands, reference: reference, candidate: candidate)
    let ids = IdentifierText(section: literals.section, item: literals.item)
    let logged = comparing.handlers && failure != nil
    var body = logged ? ["var log: [String] = []"] : []
    body.append("var d = \(implementation.dataSourceTypeName)()")
    body += script.settingStatements(
      on: "d", log: logged ? "log" : nil, itemType: literals.itemType, ids: ids)
    body += runner.statements(script.commands, run, endingAt: failure)
    if logged { body.append("_ = log") }
    return packaged(name, body, failure)
  }
}
