import Generators
import SnapshotCore

extension CatalogBuilder {
  /// `expansion.`: the B.4 rules on the implementation's section snapshot,
  /// then the data-source rules of the family (B.5, D).
  var expansionProperties: [AnyProperty] {
    [
      expansionProperty(
        .editsElsewhere,
        coverage: ["collapse over expanded descendant", "delete of expanded subtree"]),
      expansionProperty(.droppedOnDelete, coverage: ["re-added after delete"]),
      expansionProperty(
        .ancestorCollapse,
        coverage: ["collapse over expanded descendant", "expand of collapsed item"]),
      expansionProperty(.snapshotOf, coverage: ["extract with flags"]),
      expansionProperty(
        .insertSnapshot, coverage: ["insert snapshot with flags"], needs: [.insertSnapshot]),
      expansionProperty(
        .replaceChildren, coverage: ["replace children with flags"], needs: [.replaceChildren]),
    ] + dataSourceExpansionProperties
  }

  /// A property checking one B.4 rule after every command of a random
  /// script, on the state the implementation holds (the states are
  /// compared after the last step, and a case where they differ is run
  /// step by step, so a wrong answer is reported as the call's too).
  func expansionProperty(
    _ rule: ExpansionAudit<SectionSnapshot>.Rule, coverage labels: [String],
    needs: SectionSnapshotCapabilities = []
  ) -> AnyProperty {
    let name = "expansion.\(rule.rawValue)"
    let builder = self
    let literals = literals
    let ids = IdentifierText(section: literals.section, item: literals.item)
    return Property(
      name, generator: Self.sectionScripts.supported(by: SectionSnapshot.capabilities),
      coverage: Self.sectionCoverage(labels.map { (0.05, $0) }),
      render: { builder.sectionTest(name, $0, $1) },
      check: { script, context in
        let run = builder.runSection(script, context, states: .atEnd) { step in
          // Only calls the reference accepts: a rejected call a lenient
          // type ignores (or a throwing type refuses) changes nothing, and
          // its reaction is the differential's to judge.
          guard case .returned(let returned) = step.actual, case .returned = step.expected else {
            return []
          }
          let extracted: SectionSnapshot?
          if returned != nil, case .snapshot(let parent, let including) = step.command {
            extracted = try? step.candidateBefore.snapshot(of: parent, includingParent: including)
          } else {
            extracted = nil
          }
          let audit = ExpansionAudit(
            before: step.candidateBefore, command: step.command, after: step.candidate,
            extracted: extracted, literals: literals)
          guard let violation = audit.violation(of: rule) else { return [] }
          let call = step.command.swiftCall(on: "c", argument: "arg\(step.index)", ids: ids)
          let arguments =
            step.command.forest?.swiftStatements(
              declaring: "arg\(step.index)", type: builder.implementation.sectionSnapshotTypeName,
              ids: ids) ?? []
          return [
            Failure(
              kind: FailureKind(
                .call(
                  part: ImplementationParts.sectionSnapshot.name,
                  operation: violation.operation ?? step.command.operation)),
              step: step.index, observable: "expansion rule \(rule.rawValue)",
              message: "after `\(call)`: \(violation.message)",
              test: arguments + [step.command.statementPrefix + call]
                + violation.expectations,
              rule: Documentation.expansion)
          ]
        }
        return .from(run.failures)
      }
    ).described { $0.catalogDescription }.declared(
      family: .expansion, part: .sectionSnapshot, needs: .sectionSnapshot(needs), budget: 500
    ).eraseToAnyProperty()
  }
}
