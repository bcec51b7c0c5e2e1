import Generators
import SnapshotCore

extension CatalogBuilder {
  /// `misuse.`: for a `.traps` implementation, a call Apple rejects must
  /// trap. Each case builds a state on the raw (unguarded) implementation
  /// with the calls the reference model accepts, then makes the first call
  /// it rejects (or, when the script has none, `deleteItems([0, 0])` /
  /// `delete([id not in the tree])`). These properties expect a trap: the
  /// fuzz command runs them in child processes; in-process runners skip
  /// them. Empty for other implementations.
  var misuseProperties: [any VisitableProperty] {
    guard implementation.misuse == .traps else { return [] }
    return [misuseTrapsFull, misuseTrapsSection]
  }

  /// `misuse.traps.full`: a rejected full-snapshot call traps.
  var misuseTrapsFull: any VisitableProperty {
    let universe = Self.fullUniverse
    let typeName = implementation.snapshotTypeName
    var property = Property(
      "misuse.traps.full",
      generator: FullScript.generator(maxCommands: 12, universe: universe, invalidShare: 0.3),
      labels: { $0.catalogLabels },
      render: { $0.swiftTest(named: "misuse.traps.full", candidate: typeName) },
      check: { script in
        var model = ModelReference.Snapshot()
        var raw = Snapshot()
        for command in script.allCommands {
          do throws(SnapshotError) {
            try command.apply(to: &model)
          } catch {
            return Self.didNotTrap(command.swiftCall(on: "c"), error) { try? command.apply(to: &raw) }
          }
          try? command.apply(to: &raw)
        }
        let fallback = FullCommand.deleteItems([0, 0])
        return Self.didNotTrap(fallback.swiftCall(on: "c"), .duplicateInArgument(.item, ["0"])) {
          try? fallback.apply(to: &raw)
        }
      }
    )
    property.expectsTrap = true
    return property
  }

  /// `misuse.traps.section`: a rejected section-snapshot call traps.
  var misuseTrapsSection: any VisitableProperty {
    let universe = Self.sectionUniverse
    let typeName = implementation.sectionSnapshotTypeName
    var property = Property(
      "misuse.traps.section",
      generator: SectionScript.generator(maxCommands: 12, universe: universe, invalidShare: 0.3),
      labels: { $0.catalogLabels },
      render: { $0.swiftTest(named: "misuse.traps.section", candidate: typeName) },
      check: { script in
        var model: ModelReference.SectionSnapshot = script.initial.build()
        var raw: SectionSnapshot = script.initial.build()
        for command in script.commands {
          do throws(SnapshotError) {
            _ = try command.apply(to: &model)
          } catch {
            return Self.didNotTrap(command.swiftCall(on: "c"), error) { _ = try? command.apply(to: &raw) }
          }
          _ = try? command.apply(to: &raw)
        }
        let fallback = SectionCommand.delete([universe])
        return Self.didNotTrap(fallback.swiftCall(on: "c"), .deleteMissing(String(universe))) {
          _ = try? fallback.apply(to: &raw)
        }
      }
    )
    property.expectsTrap = true
    return property
  }

  /// Makes the rejected `call`; reaching the end means it did not trap.
  static func didNotTrap(_ call: String, _ error: SnapshotError, _ perform: () -> Void)
    -> PropertyResult
  {
    perform()
    return .fail(
      message: "`\(call)` returned, but Apple rejects it (\(error)) and the implementation declares .traps",
      expected: "trap", actual: "returned")
  }
}
