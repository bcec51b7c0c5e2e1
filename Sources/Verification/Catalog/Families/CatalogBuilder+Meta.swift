import Generators
import SnapshotCore
import SnapshotModel

extension CatalogBuilder {
  /// `meta.`: metamorphic relations of the differ, and value semantics.
  var metaProperties: [AnyProperty] {
    [metaReverse, metaCompose, metaValueSemanticsFull, metaValueSemanticsSection]
  }

  /// `meta.reverse`: `diff(b, a)` round-trips back to `a`; the snapshots
  /// are checked first.
  var metaReverse: AnyProperty {
    let builder = self
    return Property(
      "meta.reverse", generator: Self.diffCases, coverage: Self.diffCoverage,
      labels: { $0.labels },
      render: { diffCase, failure in
        builder.diffTest("meta.reverse", diffCase, failure, unmarked: true, options: false)
      },
      check: { diffCase, context in
        let built = builder.build(diffCase, context)
        guard built.failures.isEmpty else { return .from(built.failures) }
        var new = built.new
        new.removeAllMarks()
        let audit = builder.differAudit(old: new, new: built.old, options: DiffOptions())
        let verdict = audit.roundTrip("diff(b, a) does not round-trip")
        guard var failure = verdict.failure else { return verdict.result }
        failure.test =
          builder.replayLines(from: "new", to: "old", options: false, for: failure.test)
          + failure.test
        return .from([failure])
      }
    ).declared(family: .meta, part: .differ).eraseToAnyProperty()
  }

  /// `meta.compose`: performing `diff(a, b)` over `a`, then `diff(b, c)`
  /// over the result, ends at `c`; the three snapshots are checked first.
  var metaCompose: AnyProperty {
    let builder = self
    return Property(
      "meta.compose", generator: Self.diffCases, coverage: Self.diffCoverage,
      labels: { $0.labels },
      render: { diffCase, failure in
        // `third` only when the failing diff is b→c (a→b does not read it).
        let third = failure.map { $0.test.contains { $0.contains("third") } } ?? true
        return builder.diffTest(
          "meta.compose", diffCase, failure, third: third, unmarked: true, options: false)
      },
      check: { diffCase, context in
        let built = builder.build(diffCase, context, third: true)
        guard built.failures.isEmpty, let third = built.third else {
          return .from(built.failures)
        }
        var new = built.new
        new.removeAllMarks()
        let differ = builder.implementation.makeDiffer()
        let first = builder.differAudit(differ, old: built.old, new: new, options: DiffOptions())
        let second = builder.differAudit(differ, old: new, new: third, options: DiffOptions())
        var limits: [DifferLimit] = []
        for (audit, from, to, label) in [
          (first, "old", "new", "a→b"), (second, "new", "third", "b→c"),
        ] {
          let verdict = audit.roundTrip("composing a→b and b→c: \(label)")
          guard var failure = verdict.failure else {
            limits += verdict.limits
            continue
          }
          failure.test =
            builder.replayLines(from: from, to: to, options: false, for: failure.test)
            + failure.test
          return .from([failure])
        }
        return .from([], limits: limits)
      }
    ).declared(family: .meta, part: .differ).eraseToAnyProperty()
  }

  /// `meta.valueSemantics.full`: a copy taken before a command does not
  /// change when the original is mutated by it.
  var metaValueSemanticsFull: AnyProperty {
    let builder = self
    let universe = Self.fullUniverse
    let capabilities = Snapshot.capabilities
    let literals = literals
    let ids = IdentifierText(section: literals.section, item: literals.item)
    return Property(
      "meta.valueSemantics.full",
      generator: FullScript.generator(maxCommands: 30, universe: universe, invalidShare: 0.1)
        .supported(by: Snapshot.capabilities),
      labels: { $0.catalogLabels },
      render: { builder.fullTest("meta.valueSemantics.full", $0, $1) },
      check: { script, context in
        func read<S: SnapshotProtocol<Int, Int>>(_ snapshot: S) -> FullState {
          FullState(snapshot, universe: universe, capabilities: capabilities, asksMissing: false)
        }
        let run = builder.runFull(script, context, states: .atEnd) { step in
          let found = read(step.referenceBefore).divergences(
            from: read(step.candidateBefore), literals, variable: "copy")
          guard !found.isEmpty else { return [] }
          let call = step.command.swiftCall(on: "c", ids: ids)
          return [
            Failure(
              kind: FailureKind(
                .call(part: ImplementationParts.snapshot.name, operation: step.command.operation)),
              step: step.index, observable: "value semantics",
              message: "`\(call)` on the original changed a copy taken before it, in "
                + found.map(\.observable).joined(separator: ", "),
              expected: found.map { "\($0.observable): \($0.expected)" }.joined(separator: "\n"),
              actual: found.map { "\($0.observable): \($0.actual)" }.joined(separator: "\n"),
              test: ["let copy = c", step.command.statementPrefix + call]
                + found.prefix(3).flatMap(\.expectations),
              rule: Documentation.valueSemantics)
          ]
        }
        return .from(run.failures)
      }
    ).declared(family: .meta, part: .snapshot, budget: 600).eraseToAnyProperty()
  }

  /// `meta.valueSemantics.section`: the same for the section snapshot.
  var metaValueSemanticsSection: AnyProperty {
    let builder = self
    let capabilities = SectionSnapshot.capabilities
    let literals = literals
    let ids = IdentifierText(section: literals.section, item: literals.item)
    let type = implementation.sectionSnapshotTypeName
    return Property(
      "meta.valueSemantics.section",
      generator: Self.sectionScripts.supported(by: SectionSnapshot.capabilities),
      labels: { $0.catalogLabels },
      render: { builder.sectionTest("meta.valueSemantics.section", $0, $1) },
      check: { script, context in
        let run = builder.runSection(script, context, states: .atEnd) { step in
          let asked = SectionState.ids(
            step.referenceBefore.items, step.candidateBefore.items, absent: Self.sectionUniverse)
          let expected = SectionState(
            reference: step.referenceBefore, ids: asked, capabilities: capabilities,
            asksMissing: false, describe: literals.itemRelabeling)
          let copy = SectionState(
            step.candidateBefore, ids: asked, capabilities: capabilities, asksMissing: false,
            describe: nil)
          let found = expected.divergences(from: copy, literals, variable: "copy")
          guard !found.isEmpty else { return [] }
          let call = step.command.swiftCall(on: "c", argument: "arg\(step.index)", ids: ids)
          let arguments =
            step.command.forest?.swiftStatements(
              declaring: "arg\(step.index)", type: type, ids: ids)
            ?? []
          return [
            Failure(
              kind: FailureKind(
                .call(
                  part: ImplementationParts.sectionSnapshot.name,
                  operation: step.command.operation)),
              step: step.index, observable: "value semantics",
              message: "`\(call)` on the original changed a copy taken before it, in "
                + found.map(\.observable).joined(separator: ", "),
              test: arguments + ["let copy = c", step.command.statementPrefix + call]
                + found.prefix(3).flatMap(\.expectations),
              rule: Documentation.valueSemantics)
          ]
        }
        return .from(run.failures)
      }
    ).declared(family: .meta, part: .sectionSnapshot, budget: 300).eraseToAnyProperty()
  }
}
