import Generators
import SnapshotCore
import SnapshotModel

extension CatalogBuilder {
  /// `diff.`: the implementation's changesets (plain or staged) through
  /// `BatchInterpreter`. `diff.roundTrip`, `diff.refresh`, `diff.empty` and
  /// `diff.model` are Apple-required; `diff.minimalMoves`,
  /// `diff.refreshExact` and `diff.batchShape` are this engine's contract.
  var diffProperties: [any VisitableProperty] {
    [
      diffProperty("diff.roundTrip") {
        $0.verdict($0.roundTripProblems, "changeset is incorrect", kind: $0.roundTripKind)
      },
      diffProperty("diff.minimalMoves", .contract) { audit in
        guard audit.update.isCorrect else { return .pass }
        return audit.verdict(audit.minimalityProblems, "changeset is not move-minimal")
      },
      diffProperty("diff.refresh") { audit in
        guard audit.update.violations.isEmpty else { return .pass }
        return audit.refreshVerdict(exact: false, "wrong reloads or reconfigures")
      },
      diffProperty("diff.refreshExact", .contract) { audit in
        guard audit.update.violations.isEmpty else { return .pass }
        return audit.refreshVerdict(
          exact: true, "not exactly the changed and marked items refreshed")
      },
      diffProperty("diff.batchShape", .contract) { audit in
        guard audit.update.isCorrect else { return .pass }
        return audit.verdict(
          audit.shapeProblems, "changeset is not one structural batch plus refreshes")
      },
      diffEmpty,
      diffModel,
      diffEntryPoints,
    ] + diffEngineProperties
  }

  static var diffCoverage: [CoverageRequirement] {
    [
      .cover(minimumShare: 0.2, "cross-section move"),
      .cover(minimumShare: 0.05, "section move"),
      .cover(minimumShare: 0.15, "reorder within section"),
      .cover(minimumShare: 0.05, "section delete"),
      .cover(minimumShare: 0.05, "section insert"),
      .cover(minimumShare: 0.2, "content change"),
      .cover(minimumShare: 0.05, "reload mark"),
      .cover(minimumShare: 0.05, "reconfigure mark"),
    ]
  }

  /// A property over the changeset from old to new; the implementation's
  /// own snapshots are checked for corruption first.
  func diffProperty(
    _ name: String, _ tag: PropertyTag = .required,
    _ verdict: @escaping @Sendable (DiffAudit<Snapshot>) -> PropertyResult
  ) -> any VisitableProperty {
    let implementation = implementation
    return Property(
      name, generator: DiffCase.generator().supported(by: Snapshot.capabilities),
      coverage: Self.diffCoverage.reachable(CoverageRequirement.unreachable(Snapshot.capabilities)),
      labels: { $0.labels },
      observations: { $0.script.observations },
      render: { $0.swiftTest(named: name, implementation: implementation) },
      check: { diffCase in
        if let ours = OurLayerCheck.verdict(Snapshot.self) { return ours }
        let old: Snapshot = diffCase.old()
        let new: Snapshot = diffCase.new()
        if let corrupt = SnapshotCorruption.verdict(old, new, of: diffCase) { return corrupt }
        let options = diffCase.options(old: old, new: new)
        var audit = DiffAudit(implementation.makeDiffer(), old: old, new: new, options: options)
        // A type that cannot say what it marked: the refresh rule expects
        // the reference's marks after the same calls.
        audit.expectMarks(of: diffCase.new())
        return verdict(audit)
      }
    ).tagged(tag)
  }

  /// `diff.empty`: `diff(a, a)` is empty for an unmarked `a` with unchanged
  /// content; `a` is checked for corruption first, as in every `diff.`
  /// property.
  var diffEmpty: any VisitableProperty {
    let implementation = implementation
    return Property(
      "diff.empty", generator: DiffCase.generator().supported(by: Snapshot.capabilities),
      labels: { $0.labels },
      render: { $0.swiftTest(named: "diff.empty", implementation: implementation, same: true) },
      check: { diffCase in
        var snapshot: Snapshot = diffCase.new()
        snapshot.removeAllMarks()
        if let corrupt = SnapshotCorruption.verdict(snapshot, snapshot, of: diffCase) {
          return corrupt
        }
        let options = diffCase.options(old: snapshot, new: snapshot)
        let unchanged = DiffOptions<Int>(
          oldContent: options.oldContent, newContent: options.oldContent,
          contentUpdate: diffCase.style)
        let audit = DiffAudit(
          implementation.makeDiffer(), old: snapshot, new: snapshot, options: unchanged)
        guard audit.staged.isEmpty else {
          return .fail(
            message: "diff(a, a) is not empty", expected: audit.expectedText,
            actual: audit.actualText, kind: FailureKind("diff(a, a) is not empty"))
        }
        return .pass
      }
    )
  }

  /// `diff.model`: the model's naive diff round-trips and refreshes exactly
  /// too.
  var diffModel: any VisitableProperty {
    Property(
      "diff.model", generator: DiffCase.generator().supported(by: Snapshot.capabilities),
      labels: { $0.labels },
      render: { $0.swiftTest(named: "diff.model", implementation: .model) },
      check: { diffCase in
        let old: ModelReference.Snapshot = diffCase.old()
        let new: ModelReference.Snapshot = diffCase.new()
        let options = diffCase.options(old: old, new: new)
        let changeset = ModelReference.Differ().changeset(from: old, to: new, options: options)
        let audit = DiffAudit(old: old, new: new, options: options, changeset: changeset)
        return audit.verdict(
          audit.roundTripProblems + audit.refreshProblems(exact: true),
          "model changeset is incorrect")
      }
    )
  }
}

extension DiffCase {
  /// The case as a Swift Testing function against the implementation's
  /// types, in the user's literals: build old and new, diff, replay through
  /// `BatchInterpreter`, and what the property compares on top
  /// (`expectations`); `meta.reverse` diffs new (marks removed) back to
  /// old, `meta.compose` diffs old to new and new to the third snapshot.
  func swiftTest<S, SS, D, DS>(
    named name: String, implementation: Implementation<S, SS, D, DS>, same: Bool = false
  ) -> String {
    let type = implementation.snapshotTypeName
    let differ = "\(implementation.differTypeName)()"
    let meta = name == "meta.reverse" || name == "meta.compose"
    var body = FullScript(initial: script.initial, commands: []).swiftStatements(on: "old")
    // `var` only for what is mutated: a pasted test compiles without warnings.
    body.insert("\(body.isEmpty ? "let" : "var") old = \(type)()", at: 0)
    body.append((script.commands.isEmpty && !same && !meta ? "let" : "var") + " new = old")
    body += script.commands.map { ($0.canThrow ? "try " : "") + $0.swiftCall(on: "new") }
    if same || meta { body.append("new.removeAllMarks()") }
    switch name {
    case "meta.reverse":
      body.append(
        "let reverse = BatchInterpreter.replay(\(differ).stagedChangeset(from: new, to: old), from: new, to: old)"
      )
      body.append("#expect(reverse.isCorrect, \"\\(reverse.problems)\")")
    case "meta.compose":
      var model: ModelReference.Snapshot = self.new()
      model.removeAllMarks()
      let calls = further.filter { (try? $0.apply(to: &model)) != nil }.map {
        ($0.canThrow ? "try " : "") + $0.swiftCall(on: "third")
      }
      body.append("\(calls.isEmpty ? "let" : "var") third = new")
      body += calls
      body.append(
        "let first = BatchInterpreter.replay(\(differ).stagedChangeset(from: old, to: new), from: old, to: new)"
      )
      body.append("#expect(first.isCorrect, \"a→b: \\(first.problems)\")")
      body.append(
        "let second = BatchInterpreter.replay(\(differ).stagedChangeset(from: new, to: third), from: new, to: third)"
      )
      body.append("#expect(second.isCorrect, \"b→c: \\(second.problems)\")")
    case _ where same:
      // The same snapshot on both sides: no content to compare.
      body.append("let changeset = \(differ).changeset(from: new, to: new)")
      body.append("#expect(changeset.isEmpty, \"\\(changeset)\")")
    default:
      body.append("var oldContent: ContentMap<Int> = [:]")
      body.append("for item in old.itemIdentifiers { oldContent[item] = 0 }")
      body.append("var newContent: ContentMap<Int> = [:]")
      body.append(
        "for item in new.itemIdentifiers { newContent[item] = \(SwiftCode.list(changed)).contains(item) ? 1 : 0 }"
      )
      body.append(
        "let options = DiffOptions(oldContent: oldContent, newContent: newContent, contentUpdate: .\(style.rawValue))"
      )
      body.append(
        "let changeset = \(differ).stagedChangeset(from: old, to: new, options: options)")
      body.append("let update = BatchInterpreter.replay(changeset, from: old, to: new)")
      body.append("#expect(update.isCorrect, \"\\(update.problems)\")")
      body += expectations(name)
    }
    return implementation.renderIdentifiers(SwiftCode.test(named: name, body: body))
  }

  /// The property-specific expectations of a rendered test, computed on the
  /// reference model: the minimal move counts, or the refreshed ids.
  func expectations(_ name: String) -> [String] {
    let old: ModelReference.Snapshot = self.old()
    let new: ModelReference.Snapshot = self.new()
    switch name {
    case "diff.minimalMoves":
      let minimal = MinimalMoves(from: old, to: new)
      return [
        "#expect(changeset.sectionMoveCount == \(minimal.sectionMoves))",
        "#expect(changeset.itemMoveCount == \(minimal.itemMoves))",
      ]
    case "diff.refresh", "diff.refreshExact":
      let audit = DiffAudit(
        old: old, new: new, options: options(old: old, new: new),
        changeset: ModelReference.Differ().changeset(
          from: old, to: new, options: options(old: old, new: new)))
      return [
        "#expect(update.reloadedItems.sorted() == \(audit.update.reloadedItems.sorted()))",
        "#expect(update.reconfiguredItems.sorted() == \(audit.update.reconfiguredItems.sorted()))",
        "#expect(update.reloadedSections.sorted() == \(audit.update.reloadedSections.sorted()))",
      ]
    case "diff.entryPoints":
      return [
        "let validated = BatchInterpreter.validate(changeset, sections: old.sectionIdentifiers, items: old.layout.map(\\.items))",
        "#expect(validated.violations == update.violations)",
        "#expect(validated.resultItems == update.resultItems)",
        "#expect(validated.itemOrigins == update.itemOrigins)",
      ]
    default: return []
    }
  }
}

extension CatalogBuilder {
  /// `diff.entryPoints`: the reference interpreter's entry points agree on
  /// the implementation's changeset (staged replay over snapshots,
  /// `validate` over plain arrays, plain `replay` and `violations(of:)`),
  /// and the provenance of a correct replay names each carried section's
  /// and item's own old position, `.moved` exactly for the first batch's
  /// move sources. A failure means the reference itself is broken.
  var diffEntryPoints: any VisitableProperty {
    let implementation = implementation
    return Property(
      "diff.entryPoints", generator: DiffCase.generator().supported(by: Snapshot.capabilities),
      labels: { $0.labels },
      observations: { $0.script.observations },
      render: { $0.swiftTest(named: "diff.entryPoints", implementation: implementation) },
      check: { diffCase in
        let old: Snapshot = diffCase.old()
        let new: Snapshot = diffCase.new()
        if let corrupt = SnapshotCorruption.verdict(old, new, of: diffCase) { return corrupt }
        let options = diffCase.options(old: old, new: new)
        let audit = InterpreterAudit(
          implementation.makeDiffer(), old: old, new: new, options: options)
        let problems = audit.problems
        guard !problems.isEmpty else { return .pass }
        return .fail(
          message: "reference interpreter broken: " + problems.joined(separator: "; "),
          expected: DiffAudit<Snapshot>.layoutText(old), actual: "\(audit.staged)",
          kind: FailureKind("reference interpreter broken"))
      }
    )
  }
}
