import Generators
import SnapshotCore

extension CatalogBuilder {
  /// `expansion.`: the B.4 rules on the implementation's section snapshot
  /// (without the rules of calls it lacks: `insertSnapshot`,
  /// `replaceChildren`).
  var expansionProperties: [any VisitableProperty] {
    [
      expansionProperty(
        .editsElsewhere,
        coverage: ["collapse over expanded descendant", "delete of expanded subtree"]),
      expansionProperty(.droppedOnDelete, coverage: ["re-added after delete"]),
      expansionProperty(
        .ancestorCollapse,
        coverage: ["collapse over expanded descendant", "expand of collapsed item"]),
      expansionProperty(.snapshotOf, coverage: ["extract with flags"]),
    ]
      + (hasCapabilities(for: "expansion.insertSnapshot")
        ? [expansionProperty(.insertSnapshot, coverage: ["insert snapshot with flags"])] : [])
      + (hasCapabilities(for: "expansion.replaceChildren")
        ? [expansionProperty(.replaceChildren, coverage: ["replace children with flags"])] : [])
  }

  /// A property checking one rule after every command of a random script
  /// the implementation accepts.
  func expansionProperty(
    _ rule: ExpansionAudit<SectionSnapshot>.Rule, coverage labels: [String]
  ) -> any VisitableProperty {
    let name = "expansion.\(rule.rawValue)"
    let (typeName, identifiers) = (
      implementation.sectionSnapshotTypeName, implementation.identifiers
    )
    let universe = Self.sectionUniverse
    return Property(
      name, generator: Self.sectionScripts.supported(by: SectionSnapshot.capabilities),
      coverage: labels.map { .cover(minimumShare: 0.05, $0) }
        .reachable(CoverageRequirement.unreachable(SectionSnapshot.capabilities)),
      labels: { $0.catalogLabels },
      observations: { $0.observations },
      render: {
        $0.stepwiseSwiftTest(
          named: name, candidate: typeName, universe: universe, identifiers: identifiers,
          capabilities: SectionSnapshot.capabilities)
      },
      check: { script in
        var tree: SectionSnapshot = script.initial.build()
        for (index, command) in script.commands.enumerated() {
          let before = tree
          let extracted: SectionSnapshot?
          do throws(SnapshotError) {
            extracted = try command.apply(to: &tree)
          } catch {
            continue
          }
          let audit = ExpansionAudit(
            before: before, command: command, after: tree, extracted: extracted)
          if let problem = audit.violation(of: rule) {
            return .fail(
              message: "step \(index) `\(command.swiftCall(on: "t"))`: \(problem)",
              expected: StateText.section(before, universe: universe),
              actual: StateText.section(tree, universe: universe))
          }
        }
        return .pass
      }
    )
  }
}
