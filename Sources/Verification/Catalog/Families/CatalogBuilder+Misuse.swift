import Generators
import SnapshotCore
import SnapshotModel

extension CatalogBuilder {
  /// `misuse.`: for a `.traps` implementation, a call Apple rejects must
  /// trap. Each case builds a state on the raw (unguarded) implementation
  /// with the calls the reference model accepts, then makes the first call
  /// it rejects (or, when the script has none, `deleteItems([0, 0])` /
  /// `delete([id not in the tree])` / a drag from a path that is not a
  /// row). These properties expect a trap: the
  /// fuzz command runs them in child processes; in-process runners skip
  /// them. Empty for other implementations.
  ///
  /// Per call family (`MisuseFamily`): only the families declared `.traps`
  /// are checked; a rejected call of another family is skipped (not made,
  /// as the guard does), and a property with no trapping family is absent.
  var misuseProperties: [any VisitableProperty] {
    let traps = implementation.trappingFamilies
    let full = traps.isDisjoint(with: [.itemMutations, .sectionMutations, .deletions, .marks])
    return (full ? [] : [misuseTrapsFull])
      + (traps.contains(.sectionSnapshotMutations) ? [misuseTrapsSection] : [])
  }

  /// The `misuse.` property on the data source, rendered with the
  /// implementation's identifiers: for a `.traps` implementation that hands
  /// in a data source of its own (the reference one, used when it hands in
  /// none, throws).
  var misuseDataSourceProperties: [any VisitableProperty] {
    guard implementation.trappingFamilies.contains(.dataSourceActions),
      DataSource.self != ModelDataSource<Int, Int>.self
    else {
      return []
    }
    return [misuseTrapsDataSource]
  }

  /// `misuse.traps.full`: a rejected full-snapshot call traps.
  var misuseTrapsFull: any VisitableProperty {
    let universe = Self.fullUniverse
    let (typeName, rewrite) = (implementation.snapshotTypeName, implementation.renderIdentifiers)
    let traps = implementation.trappingFamilies
    // A call each family always rejects, for scripts without a rejected
    // call of a trapping family.
    let fallbacks: [(MisuseFamily, FullCommand, SnapshotError)] = [
      (.deletions, .deleteItems([0, 0]), .duplicateInArgument(.item, ["0"])),
      (.itemMutations, .insertItems([0, 0], .beforeItem(0)), .duplicateInArgument(.item, ["0"])),
      (.sectionMutations, .appendSections([0, 0]), .duplicateInArgument(.section, ["0"])),
      (.marks, .reloadItems([0, 0]), .duplicateInArgument(.item, ["0"])),
    ]
    let fallback = fallbacks.first { traps.contains($0.0) } ?? fallbacks[0]
    return Self.misuseTraps(
      "misuse.traps.full",
      generator: FullScript.generator(maxCommands: 12, universe: universe, invalidShare: 0.3)
        .supported(by: Snapshot.capabilities),
      labels: { $0.catalogLabels },
      render: {
        rewrite(
          $0.misuseSwiftTest(named: "misuse.traps.full", candidate: typeName, fallback: fallback.1))
      },
      start: { _ -> (ModelReference.Snapshot, Snapshot) in (ModelReference.Snapshot(), Snapshot())
      }, commands: \.allCommands,
      fallback: (fallback.1, fallback.2),
      traps: { traps.contains($0.misuseFamily) },
      apply: { (command, model) throws(SnapshotError) in try command.apply(to: &model) },
      perform: { command, raw in try? command.apply(to: &raw) },
      call: { $0.swiftCall(on: "c") })
  }

  /// `misuse.traps.section`: a rejected section-snapshot call traps.
  var misuseTrapsSection: any VisitableProperty {
    let universe = Self.sectionUniverse
    let (typeName, rewrite) = (
      implementation.sectionSnapshotTypeName, implementation.renderIdentifiers
    )
    let fallback = SectionCommand.delete([universe])
    return Self.misuseTraps(
      "misuse.traps.section",
      generator: SectionScript.generator(maxCommands: 12, universe: universe, invalidShare: 0.3)
        .supported(by: SectionSnapshot.capabilities),
      labels: { $0.catalogLabels },
      render: {
        rewrite(
          $0.misuseSwiftTest(named: "misuse.traps.section", candidate: typeName, fallback: fallback)
        )
      },
      start: { script -> (ModelReference.SectionSnapshot, SectionSnapshot) in
        (script.initial.build(), script.initial.build())
      }, commands: \.commands,
      fallback: (fallback, .deleteMissing(String(universe))),
      apply: { (command, model) throws(SnapshotError) in _ = try command.apply(to: &model) },
      perform: { command, raw in _ = try? command.apply(to: &raw) },
      call: { $0.swiftCall(on: "c") })
  }

  /// `misuse.traps.datasource`: a rejected data-source call (a drag from
  /// or to a path that is not a row, lazy children the tree rejects) traps.
  /// The session's settings and handlers are installed on both data
  /// sources first.
  var misuseTrapsDataSource: any VisitableProperty {
    let (types, identifiers, call) = (dataSourceTestTypes, implementation.identifiers, callText)
    let sections = Self.dataSourceUniverse.sections
    let nowhere = ItemPath(section: 1_000, item: 0)
    return Self.misuseTraps(
      "misuse.traps.datasource",
      generator: DataSourceScript.generator(
        maxCommands: 12, universe: Self.dataSourceUniverse, invalidShare: 0.3, edgeShare: 0.3
      ).supported(by: DataSource.Snapshot.capabilities),
      labels: {
        DataSourceSession($0, as: ModelDataSource<Int, Int>.self, sections: sections, rules: [])
          .labels
      },
      render: { script in
        script.swiftTest(
          named: "misuse.traps.datasource", types: types, sections: sections,
          identifiers: identifiers)
      },
      start: { script -> (ModelDataSource<Int, Int>, DataSource) in
        var (model, raw) = (ModelDataSource<Int, Int>(), DataSource())
        script.configure(&model)
        script.configure(&raw)
        return (model, raw)
      }, commands: \.commands,
      fallback: (
        DataSourceCommand.userReorder(from: nowhere, to: nowhere), .indexPathOutOfRange(nowhere)
      ),
      apply: { (command, model) throws(SnapshotError) in try command.perform(on: &model) },
      perform: { command, raw in _ = try? command.perform(on: &raw) },
      call: call)
  }

  /// A `misuse.traps.` property: each case builds a state on the raw
  /// implementation (`Raw`) with the script's commands the reference model
  /// (`Model`) accepts, then makes the first one it rejects, or `fallback`
  /// (a call it always rejects, with its error) when there is none; the
  /// case passes only by trapping there. Rejected calls `traps` says no to
  /// (their family ignores or throws) are skipped.
  static func misuseTraps<Script: Codable & Sendable, Command, Model, Raw>(
    _ name: String, generator: Gen<Script>,
    labels: @escaping @Sendable (Script) -> [String],
    render: @escaping @Sendable (Script) -> String,
    start: @escaping @Sendable (Script) -> (Model, Raw),
    commands: @escaping @Sendable (Script) -> [Command],
    fallback: (command: Command, error: SnapshotError),
    traps: @escaping @Sendable (Command) -> Bool = { _ in true },
    apply: @escaping @Sendable (Command, inout Model) throws(SnapshotError) -> Void,
    perform: @escaping @Sendable (Command, inout Raw) -> Void,
    call: @escaping @Sendable (Command) -> String
  ) -> any VisitableProperty where Command: Sendable {
    var property = Property(name, generator: generator, labels: labels, render: render) { script in
      var (model, raw) = start(script)
      for command in commands(script) {
        do throws(SnapshotError) {
          try apply(command, &model)
        } catch {
          // A rejected call of a family that does not trap is not made.
          guard traps(command) else { continue }
          return didNotTrap(call(command), error) { perform(command, &raw) }
        }
        perform(command, &raw)
      }
      return didNotTrap(call(fallback.command), fallback.error) { perform(fallback.command, &raw) }
    }
    property.expectsTrap = true
    return property
  }

  /// Makes the rejected `call`; reaching the end means it did not trap.
  static func didNotTrap(_ call: String, _ error: SnapshotError, _ perform: () -> Void)
    -> PropertyResult
  {
    perform()
    return .fail(
      message:
        "`\(call)` returned, but Apple rejects it (\(StateText.identifiers.error(error))) and the "
        + "implementation declares .traps",
      expected: "trap", actual: "returned")
  }
}
