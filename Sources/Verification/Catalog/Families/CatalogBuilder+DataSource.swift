import Generators
import SnapshotCore
import SnapshotModel

extension CatalogBuilder {
  /// The section-id universe of data-source sessions.
  static var dataSourceUniverse: FullScript.Universe { FullScript.Universe(sections: 4, items: 30) }

  /// The generator of the `datasource.` and `reorder.` families.
  static var dataSourceScripts: Gen<DataSourceScript> {
    DataSourceScript.generator(
      maxCommands: 16, universe: dataSourceUniverse, invalidShare: 0.2, edgeShare: 0.15)
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
  var dataSourceProperties: [any VisitableProperty] {
    [
      dataSourceDifferential,
      dataSourceHandlerOrder,
      dataSourceRule(
        "datasource.refresh", .refreshExact,
        coverage: [
          "content change with reload style", "content change with reconfigure style",
          "reload mark", "reconfigure mark", "expand toggle", "collapse toggle",
        ]),
      dataSourceRule(
        "datasource.minimalMoves", .minimalMoves, coverage: ["apply(_:contents:)"],
        checks: DataSourceRenderedChecks(minimalMoves: true), tag: .contract),
      dataSourceRule("datasource.visibleRows", .visibleRows, coverage: ["apply(_:to:)"]),
      dataSourceRule(
        "datasource.vetoes", .vetoesChangeNothing,
        coverage: ["vetoed toggle", "vetoed expand", "ignored toggle"]),
      dataSourceRule(
        "datasource.lazyChildren", .lazyChildren,
        coverage: ["lazy children loaded", "lazy children replaced existing"]),
      dataSourceRule(
        "datasource.rebase", .storedTreesRebased,
        coverage: [
          "stored tree kept by full apply", "stored tree rebased by full apply",
          "stored tree dropped by full apply",
        ]),
    ]
  }

  /// The data-source rules of the `expansion.` family (B.5, D).
  var dataSourceExpansionProperties: [any VisitableProperty] {
    [
      dataSourceRule(
        "expansion.applyThenSnapshotFor", .applyThenSnapshotFor, coverage: ["apply(_:to:)"]),
      dataSourceRule(
        "expansion.userCollapseExpand", .userCollapseExpand,
        coverage: ["collapse toggle", "collapse over expanded descendant"],
        checks: DataSourceRenderedChecks(collapseExpandProbe: true)),
      dataSourceRule(
        "expansion.toggleChangeset", .toggleChangeset,
        coverage: ["expand toggle", "collapse toggle"]
      ).tagged(.contract),
    ]
  }

  /// `reorder.`: user drags.
  var reorderProperties: [any VisitableProperty] {
    [
      reorderTransaction,
      dataSourceRule(
        "reorder.differencesApply", .differencesApply,
        coverage: ["cross-section drag", "drag of a parent"]),
      dataSourceRule("reorder.refused", .refusedChangesNothing, coverage: ["refused drag"]),
      dataSourceRule(
        "reorder.subtreeCarried", .subtreeCarried, coverage: ["drag of a parent"]),
    ]
  }

  func dataSourceProperty(
    _ name: String, coverage labels: [String],
    checks: DataSourceRenderedChecks = DataSourceRenderedChecks(), tag: PropertyTag = .required,
    check: @escaping @Sendable (DataSourceScript) -> PropertyResult
  ) -> any VisitableProperty {
    let (types, identifiers) = (dataSourceTestTypes, implementation.identifiers)
    let sections = Self.dataSourceUniverse.sections
    return Property(
      name, generator: Self.dataSourceScripts.supported(by: DataSource.Snapshot.capabilities),
      coverage: labels.map { .cover(minimumShare: 0.01, $0) }
        .reachable(CoverageRequirement.unreachable(DataSource.Snapshot.capabilities)),
      labels: { script in
        DataSourceSession(script, as: ModelDataSource<Int, Int>.self, sections: sections, rules: [])
          .labels
      },
      observations: { $0.observations },
      render: { script in
        script.swiftTest(
          named: name, types: types, sections: sections, checks: checks, identifiers: identifiers)
      },
      check: check
    ).tagged(tag)
  }

  /// The type names a rendered data-source test declares.
  var dataSourceTestTypes: DataSourceTestTypes {
    DataSourceTestTypes(
      dataSource: implementation.dataSourceTypeName,
      snapshot: implementation.dataSourceSnapshotTypeName,
      sectionSnapshot: implementation.dataSourceSectionSnapshotTypeName,
      sectionCapabilities: DataSource.SectionSnapshot.capabilities)
  }

  /// A command as the call failure messages name, written with the
  /// implementation's identifier literals (`d.userToggle("i3", in: "s1")`).
  var callText: @Sendable (DataSourceCommand) -> String {
    let identifiers = implementation.identifiers
    return { Self.call($0, identifiers: identifiers) }
  }

  static func call<Map: IdentifierMapping>(_ command: DataSourceCommand, identifiers: Map.Type)
    -> String
  {
    DataSourceLiterals<Map>().call(command, argument: "arg")
  }

  /// A rule checked on the implementation's data source alone, after every
  /// command.
  func dataSourceRule(
    _ name: String, _ rule: DataSourceSession.Rule, coverage: [String],
    checks: DataSourceRenderedChecks = DataSourceRenderedChecks(), tag: PropertyTag = .required
  ) -> any VisitableProperty {
    let sections = Self.dataSourceUniverse.sections
    let call = callText
    return dataSourceProperty(name, coverage: coverage, checks: checks, tag: tag) { script in
      let session = DataSourceSession(
        script, as: DataSource.self, sections: sections, rules: [rule])
      for (index, step) in session.steps.enumerated() {
        if let problem = step.problems[rule] {
          return .fail(
            message: "step \(index) `\(call(script.commands[index]))`: \(problem)",
            actual: step.state, kind: FailureKind("rule \(rule.rawValue)"))
        }
      }
      return .pass
    }
  }

  /// A comparison of the model's and the implementation's sessions, step by
  /// step, on the texts `select` picks.
  func dataSourceComparison(
    _ name: String, coverage: [String], what: String,
    _ select: @escaping @Sendable (DataSourceSession.Step) -> String
  ) -> any VisitableProperty {
    let sections = Self.dataSourceUniverse.sections
    let (call, typeName) = (callText, implementation.dataSourceTypeName)
    let reading = DataSource.SectionSnapshot.capabilities
    return dataSourceProperty(name, coverage: coverage) { script in
      let model = DataSourceSession(
        script, as: ModelDataSource<Int, Int>.self, sections: sections, rules: [],
        reading: reading)
      let other = DataSourceSession(
        script, as: DataSource.self, sections: sections, rules: [], reading: reading)
      for (index, (left, right)) in zip(model.steps, other.steps).enumerated() {
        if select(left) != select(right) {
          return .fail(
            message:
              "step \(index) `\(call(script.commands[index]))`: model and \(typeName) differ in \(what)",
            expected: select(left), actual: select(right), kind: FailureKind("differs in \(what)"))
        }
      }
      return .pass
    }
  }

  /// `datasource.differential`: after every command (full and section
  /// applies, user toggles with vetoes and lazy children, user drags), the
  /// implementation returned the same kind of outcome or error as the model
  /// and holds the same `snapshot()` and `snapshot(for:)` of every section;
  /// every changeset it returned passes the differ's round-trip audit
  /// (batch rules, round trip, identity, refreshes only in a reload-only
  /// batch) from `snapshot()` before to the snapshot applied. The
  /// reference data source's own invariants hold after every command (a
  /// violation fails as "reference model broken").
  var dataSourceDifferential: any VisitableProperty {
    dataSourceDifferential(reference: ModelDataSource<Int, Int>.self)
  }

  /// `datasource.differential` judged against `reference` (the model; a
  /// test plants a broken reference here to see it reported as such).
  func dataSourceDifferential<Reference: DataSourceProtocol>(reference: Reference.Type)
    -> any VisitableProperty where Reference.Section == Int, Reference.Item == Int
  {
    let sections = Self.dataSourceUniverse.sections
    let (call, typeName) = (callText, implementation.dataSourceTypeName)
    let reading = DataSource.SectionSnapshot.capabilities
    return dataSourceProperty(
      "datasource.differential",
      coverage: ["apply(_:to:)", "apply(_:contents:)", "expand toggle", "collapse toggle"]
        + Self.userActionCoverage
    ) { script in
      let model = DataSourceSession(
        script, as: reference, sections: sections, rules: [], reading: reading)
      let other = DataSourceSession(
        script, as: DataSource.self, sections: sections, rules: [.changesetCorrect],
        reading: reading)
      for (index, (left, right)) in zip(model.steps, other.steps).enumerated() {
        guard left.referenceBroken.isEmpty else {
          return .fail(
            message: "step \(index) `\(call(script.commands[index]))`: reference model broken: "
              + left.referenceBroken.joined(separator: "; "),
            kind: FailureKind("reference model broken"))
        }
        let expected = "\(left.outcome)\n\(left.state)"
        let actual = "\(right.outcome)\n\(right.state)"
        if expected != actual {
          return .fail(
            message:
              "step \(index) `\(call(script.commands[index]))`: model and \(typeName) differ",
            expected: expected, actual: actual,
            kind: StateText.mismatchKind(expected: expected, actual: actual))
        }
        if let problem = right.problems[.changesetCorrect] {
          return .fail(
            message: "step \(index) `\(call(script.commands[index]))`: \(problem)", actual: actual,
            kind: FailureKind("rule \(DataSourceSession.Rule.changesetCorrect.rawValue)"))
        }
      }
      return .pass
    }
  }

  /// `datasource.handlerOrder`: the handlers run in the documented order
  /// (the model's), with the same arguments.
  var dataSourceHandlerOrder: any VisitableProperty {
    dataSourceComparison(
      "datasource.handlerOrder",
      coverage: ["expand toggle", "collapse toggle", "userReorder(from:to:)"]
        + Self.handlerCoverage,
      what: "handler calls"
    ) { $0.log.joined(separator: "\n") }
  }

  /// `reorder.transaction`: a drag produces the model's transaction (global
  /// difference, section transactions, last section first).
  var reorderTransaction: any VisitableProperty {
    dataSourceComparison(
      "reorder.transaction", coverage: ["cross-section drag", "drag of a parent"],
      what: "the drag's transaction"
    ) { "\($0.outcome)\n\($0.transaction)" }
  }
}
