import Generators
import SnapshotCore
import SnapshotModel

extension CatalogBuilder {
  /// `meta.`: metamorphic relations of the differ, and value semantics.
  var metaProperties: [any VisitableProperty] {
    [metaReverse, metaCompose, metaValueSemanticsFull, metaValueSemanticsSection]
  }

  /// `meta.reverse`: `diff(b, a)` round-trips back to `a`.
  var metaReverse: any VisitableProperty {
    let implementation = implementation
    return Property(
      "meta.reverse", generator: DiffCase.generator().supported(by: Snapshot.capabilities),
      coverage: Self.diffCoverage.reachable(CoverageRequirement.unreachable(Snapshot.capabilities)),
      labels: { $0.labels },
      render: { $0.swiftTest(named: "meta.reverse", implementation: implementation) },
      check: { diffCase in
        let old: Snapshot = diffCase.old()
        var new: Snapshot = diffCase.new()
        new.removeAllMarks()
        let audit = DiffAudit(
          implementation.makeDiffer(), old: new, new: old, options: DiffOptions())
        return audit.verdict(
          audit.roundTripProblems, "diff(b, a) does not round-trip", kind: audit.roundTripKind)
      }
    )
  }

  /// `meta.compose`: performing `diff(a, b)` over `a`, then `diff(b, c)`
  /// over the result, ends at `c`.
  var metaCompose: any VisitableProperty {
    let implementation = implementation
    return Property(
      "meta.compose", generator: DiffCase.generator().supported(by: Snapshot.capabilities),
      coverage: Self.diffCoverage.reachable(CoverageRequirement.unreachable(Snapshot.capabilities)),
      labels: { $0.labels },
      render: { $0.swiftTest(named: "meta.compose", implementation: implementation) },
      check: { diffCase in
        let a: Snapshot = diffCase.old()
        var b: Snapshot = diffCase.new()
        b.removeAllMarks()
        let c: Snapshot = diffCase.third()
        let differ = implementation.makeDiffer()
        let firstAudit = DiffAudit(
          old: a, new: b, options: DiffOptions(), staged: differ.stagedChangeset(from: a, to: b))
        let first = firstAudit.update
        var reached = ModelReference.Snapshot()
        try? reached.appendSections(first.resultSections)
        for (section, items) in zip(first.resultSections, first.resultItems) where !items.isEmpty {
          try? reached.appendItems(items, toSection: section)
        }
        let second = DiffAudit(
          old: reached, new: diffCase.third(as: ModelReference.Snapshot.self),
          options: DiffOptions(), staged: differ.stagedChangeset(from: b, to: c))
        // The reference interpreter's sentences, in the user's ids.
        let problems =
          firstAudit.roundTripProblems.map { "a→b: \($0)" }
          + second.roundTripProblems.map { "b→c: \($0)" }
        guard problems.isEmpty else {
          return .fail(
            message: "composing a→b and b→c does not end at c: "
              + problems.joined(separator: "; "),
            expected: "c: \(DiffAudit<Snapshot>.layoutText(c))",
            actual: "reached: \(second.shownUpdate.resultDescription)")
        }
        return .pass
      }
    )
  }

  /// `meta.valueSemantics.full`: a copy taken before any command, and the
  /// original when a copy is mutated, never change.
  var metaValueSemanticsFull: any VisitableProperty {
    let universe = Self.fullUniverse
    let (typeName, identifiers) = (implementation.snapshotTypeName, implementation.identifiers)
    return Property(
      "meta.valueSemantics.full",
      generator: FullScript.generator(maxCommands: 30, universe: universe, invalidShare: 0.1)
        .supported(by: Snapshot.capabilities),
      labels: { $0.catalogLabels },
      render: {
        $0.stepwiseSwiftTest(
          named: "meta.valueSemantics.full", candidate: typeName, universe: universe,
          identifiers: identifiers,
          copies: true, capabilities: Snapshot.capabilities)
      },
      check: { script in
        var snapshot = Snapshot()
        var hidden: [(copy: Snapshot, text: String, step: Int)] = []
        for (index, command) in script.allCommands.enumerated() {
          let text = StateText.full(snapshot, universe: universe)
          hidden.append((snapshot, text, index))
          var copy = snapshot
          try? command.apply(to: &copy)
          if StateText.full(snapshot, universe: universe) != text {
            return .fail(
              message:
                "step \(index) `\(command.swiftCall(on: "s"))` on a copy changed the original",
              expected: text, actual: StateText.full(snapshot, universe: universe))
          }
          snapshot = copy
        }
        for entry in hidden where StateText.full(entry.copy, universe: universe) != entry.text {
          return .fail(
            message: "the copy taken before step \(entry.step) changed",
            expected: entry.text, actual: StateText.full(entry.copy, universe: universe))
        }
        return .pass
      }
    )
  }

  /// `meta.valueSemantics.section`: the same for the section snapshot.
  var metaValueSemanticsSection: any VisitableProperty {
    let universe = Self.sectionUniverse
    let (typeName, identifiers) = (
      implementation.sectionSnapshotTypeName, implementation.identifiers
    )
    return Property(
      "meta.valueSemantics.section",
      generator: Self.sectionScripts.supported(by: SectionSnapshot.capabilities),
      labels: { $0.catalogLabels },
      render: {
        $0.stepwiseSwiftTest(
          named: "meta.valueSemantics.section", candidate: typeName, universe: universe,
          identifiers: identifiers, copies: true, capabilities: SectionSnapshot.capabilities)
      },
      check: { script in
        var tree: SectionSnapshot = script.initial.build()
        var hidden: [(copy: SectionSnapshot, text: String, step: Int)] = []
        for (index, command) in script.commands.enumerated() {
          let text = StateText.section(tree, universe: universe)
          hidden.append((tree, text, index))
          var copy = tree
          _ = try? command.apply(to: &copy)
          if StateText.section(tree, universe: universe) != text {
            return .fail(
              message:
                "step \(index) `\(command.swiftCall(on: "t"))` on a copy changed the original",
              expected: text, actual: StateText.section(tree, universe: universe))
          }
          tree = copy
        }
        for entry in hidden where StateText.section(entry.copy, universe: universe) != entry.text {
          return .fail(
            message: "the copy taken before step \(entry.step) changed",
            expected: entry.text, actual: StateText.section(entry.copy, universe: universe))
        }
        return .pass
      }
    )
  }
}
