import Generators
import SnapshotCore
import SnapshotModel

extension CatalogBuilder {
  /// `misuse.`: for an implementation that declares calls Apple rejects to
  /// trap, such a call must trap. Each case builds a state on the
  /// implementation with the calls the reference model accepts, then makes
  /// the first one it rejects whose reaction is declared `.traps` (or, when
  /// the script has none, a call each family always rejects). These
  /// properties expect a trap: the fuzz command runs them in child
  /// processes; in-process runners skip them.
  var misuseProperties: [AnyProperty] {
    [misuseTrapsFull, misuseTrapsSection, misuseTrapsDataSource]
  }

  /// `misuse.traps.full`: a rejected full-snapshot call traps.
  var misuseTrapsFull: AnyProperty {
    let universe = Self.fullUniverse
    let policy = policy
    let literals = literals
    let ids = IdentifierText(section: literals.section, item: literals.item)
    let type = implementation.snapshotTypeName
    let builder = self
    // A call each family always rejects, for scripts without a rejected
    // call that traps.
    let fallbacks: [(MisuseFamily, FullCommand, SnapshotError)] = [
      (.deletions, .deleteItems([0, 0]), .duplicateInArgument(.item, ["0"])),
      (.itemMutations, .insertItems([0, 0], .beforeItem(0)), .duplicateInArgument(.item, ["0"])),
      (.sectionMutations, .appendSections([0, 0]), .duplicateInArgument(.section, ["0"])),
      (.marks, .reloadItems([0, 0]), .duplicateInArgument(.item, ["0"])),
    ]
    let fallback =
      fallbacks.first { policy.behavior(for: $0.0, rejectedWith: $0.2) == .traps } ?? fallbacks[0]
    return Self.misuseTraps(
      "misuse.traps.full",
      generator: FullScript.generator(maxCommands: 12, universe: universe, invalidShare: 0.3)
        .supported(by: Snapshot.capabilities),
      labels: { $0.catalogLabels },
      start: { _ in (ReferenceSnapshot(), Snapshot()) }, commands: \.allCommands,
      fallback: (fallback.1, fallback.2),
      traps: { policy.behavior(for: $0.misuseFamily, rejectedWith: $1) == .traps },
      apply: { (command, model) throws(SnapshotError) in try command.apply(to: &model) },
      perform: { command, raw in try? command.apply(to: &raw) },
      call: { $0.swiftCall(on: "c", ids: ids) }, prefix: \.statement,
      declaration: ["var c = \(type)()"], arguments: { _ in [] }, part: .snapshot,
      operation: \.operation, literals: literals, builder: builder)
  }

  /// `misuse.traps.section`: a rejected section-snapshot call traps.
  var misuseTrapsSection: AnyProperty {
    let universe = Self.sectionUniverse
    let policy = policy
    let literals = literals
    let ids = IdentifierText(section: literals.section, item: literals.item)
    let type = implementation.sectionSnapshotTypeName
    let fallback = SectionCommand.delete([universe])
    return Self.misuseTraps(
      "misuse.traps.section",
      generator: SectionScript.generator(maxCommands: 12, universe: universe, invalidShare: 0.3)
        .supported(by: SectionSnapshot.capabilities),
      labels: { $0.catalogLabels },
      start: { _ in (ReferenceSectionSnapshot(), SectionSnapshot()) }, commands: \.allCommands,
      fallback: (fallback, .deleteMissing(String(universe))),
      traps: { policy.behavior(for: .sectionSnapshotMutations, rejectedWith: $1) == .traps },
      apply: { (command, model) throws(SnapshotError) in _ = try command.apply(to: &model) },
      perform: { command, raw in _ = try? command.apply(to: &raw) },
      call: { $0.swiftCall(on: "c", argument: "arg", ids: ids) }, prefix: \.statement,
      declaration: ["var c = \(type)()"],
      arguments: { command in
        command.forest?.swiftStatements(declaring: "arg", type: type, ids: ids) ?? []
      }, part: .sectionSnapshot, operation: \.operation, literals: literals, builder: self)
  }

  /// `misuse.traps.datasource`: a rejected data-source call (a drag from
  /// or to a path that is not a row, lazy children the tree rejects) traps.
  /// The session's settings and handlers are installed on both data
  /// sources first.
  var misuseTrapsDataSource: AnyProperty {
    let policy = policy
    let literals = literals
    let ids = IdentifierText(section: literals.section, item: literals.item)
    let types = dataSourceTestTypes
    let nowhere = ItemPath(section: 1_000, item: 0)
    let sections = Self.dataSourceUniverse.sections
    let type = implementation.dataSourceTypeName
    return Self.misuseTraps(
      "misuse.traps.datasource",
      generator: DataSourceScript.generator(
        maxCommands: 12, universe: Self.dataSourceUniverse, invalidShare: 0.3, edgeShare: 0.3
      ).supported(
        by: DataSource.Snapshot.capabilities, sections: DataSource.SectionSnapshot.capabilities),
      labels: { DataSourceSession.labels($0, sections: sections) },
      start: { script -> (ModelDataSource<Int, Int>, DataSource) in
        var (model, raw) = (ModelDataSource<Int, Int>(), DataSource())
        script.configure(&model)
        script.configure(&raw)
        return (model, raw)
      }, commands: \.commands,
      fallback: (
        DataSourceCommand.userReorder(from: nowhere, to: nowhere), .indexPathOutOfRange(nowhere)
      ),
      traps: { policy.behavior(for: .dataSourceActions, rejectedWith: $1) == .traps },
      apply: { (command, model) throws(SnapshotError) in try command.perform(on: &model) },
      perform: { command, raw in _ = try? command.perform(on: &raw) },
      call: { $0.swiftCall(on: "d", argument: "arg", ids: ids) }, prefix: \.statement,
      declaration: ["var d = \(type)()"],
      arguments: { command in
        command.argumentStatements(
          "arg", snapshotType: types.snapshot, sectionSnapshotType: types.sectionSnapshot,
          itemType: literals.itemType, ids: ids)
      }, part: .dataSource, operation: \.operation, literals: literals, builder: self,
      settings: { script in
        script.settingStatements(on: "d", log: nil, itemType: literals.itemType, ids: ids)
      })
  }

  /// A `misuse.traps.` property: each case builds a state on the
  /// implementation (`Raw`) with the script's commands the reference model
  /// (`Model`) accepts, then makes the first one it rejects that `traps`
  /// says traps, or `fallback` (a call it always rejects, with its error)
  /// when there is none; the case passes only by trapping there. Rejected
  /// calls of reactions other than `.traps` are not made.
  static func misuseTraps<Script: Codable & Sendable, Command: Sendable, Model, Raw>(
    _ name: String, generator: Gen<Script>,
    labels: @escaping @Sendable (Script) -> [String],
    start: @escaping @Sendable (Script) -> (Model, Raw),
    commands: @escaping @Sendable (Script) -> [Command],
    fallback: (command: Command, error: SnapshotError),
    traps: @escaping @Sendable (Command, SnapshotError) -> Bool,
    apply: @escaping @Sendable (Command, inout Model) throws(SnapshotError) -> Void,
    perform: @escaping @Sendable (Command, inout Raw) -> Void,
    call: @escaping @Sendable (Command) -> String,
    prefix: @escaping @Sendable (Command) -> StatementPrefix,
    declaration: [String],
    arguments: @escaping @Sendable (Command) -> [String],
    part: ImplementationParts, operation: @escaping @Sendable (Command) -> String,
    literals: Literals, builder: CatalogBuilder,
    settings: @escaping @Sendable (Script) -> [String] = { _ in [] }
  ) -> AnyProperty {
    /// The calls made, the rejected call that must trap and its error.
    @Sendable func plan(_ script: Script) -> (
      made: [Command], rejected: Command, error: SnapshotError
    ) {
      var (model, _) = start(script)
      var made: [Command] = []
      for command in commands(script) {
        do throws(SnapshotError) {
          try apply(command, &model)
          made.append(command)
        } catch {
          if traps(command, error) { return (made, command, error) }
        }
      }
      return (made, fallback.command, fallback.error)
    }
    return Property(
      name, generator: generator, labels: labels,
      render: { script, failure in
        let (made, rejected, error) = plan(script)
        // The rejected call must trap: an error it throws instead is
        // swallowed, so the child process ends normally and the exit
        // test fails.
        let swallowing = prefix(rejected).text(swallowingErrors: true)
        let body =
          declaration + settings(script)
          + made.flatMap { arguments($0) + [prefix($0).text() + call($0)] } + arguments(rejected)
          + [
            "\(swallowing)\(call(rejected))  // Apple rejects it: \(literals.userError(error))"
          ]
        return builder.packaged(name, body, failure, expectsTrap: true)
      },
      check: { script, context in
        let (made, rejected, error) = plan(script)
        var (_, raw) = start(script)
        for (index, command) in made.enumerated() {
          context.willCall(part.name, operation(command), index)
          perform(command, &raw)
          context.didCall()
        }
        context.willCall(part.name, operation(rejected), made.count)
        perform(rejected, &raw)
        context.didCall()
        return .from([
          Failure(
            kind: FailureKind(.call(part: part.name, operation: operation(rejected))),
            step: made.count, observable: "trap",
            message: "`\(call(rejected))` returned, but Apple rejects it "
              + "(\(literals.userError(error))) and the implementation declares .traps",
            expected: "trap", actual: "returned", rule: Documentation.misuse)
        ])
      }
    ).declared(
      family: .misuse, part: part, needs: .trapping(part.misuseFamilies), budget: 100,
      expectsTrap: true
    ).eraseToAnyProperty()
  }
}

extension ImplementationParts {
  /// The call families of the part's calls.
  var misuseFamilies: [MisuseFamily] {
    switch self {
    case .snapshot: return [.itemMutations, .sectionMutations, .deletions, .marks]
    case .sectionSnapshot: return [.sectionSnapshotMutations]
    case .dataSource: return [.dataSourceActions]
    default: return []
    }
  }
}
