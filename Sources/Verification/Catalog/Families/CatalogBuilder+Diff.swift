import Generators
import SnapshotCore
import SnapshotModel

/// The snapshots of a diff case built on the implementation's type beside
/// the reference, and what the build found wrong with them.
struct BuiltDiffCase<Snapshot: SnapshotProtocol<Int, Int>> {
  var old: Snapshot
  var new: Snapshot
  /// The new snapshot without marks, after the case's further commands
  /// (built when asked for).
  var third: Snapshot?
  var referenceNew: ReferenceSnapshot
  var referenceThird: ReferenceSnapshot?
  /// The snapshot's failures while building: the differ is not judged
  /// over a snapshot that is already wrong.
  var failures: [Failure]
}

extension CatalogBuilder {
  /// `diff.`: the implementation's changesets (plain or staged) through
  /// `BatchInterpreter`. `diff.roundTrip`, `diff.refresh` and `diff.empty`
  /// are Apple-required; `diff.minimalMoves`, `diff.refreshExact` and
  /// `diff.batchShape` are this engine's contract; `diff.model` and
  /// `diff.entryPoints` check the suite's own reference.
  var diffProperties: [AnyProperty] {
    [
      diffProperty("diff.roundTrip") { audit, _ in
        audit.roundTrip("changeset is incorrect")
      },
      diffProperty("diff.minimalMoves", .contract) { audit, _ in
        .init(failure: audit.update.isCorrect ? audit.minimalityFailure : nil)
      },
      diffProperty("diff.refresh") { audit, _ in
        audit.update.violations.isEmpty
          ? audit.refresh(exact: false, "wrong reloads or reconfigures") : .init()
      },
      diffProperty("diff.refreshExact", .contract, budget: 300) { audit, _ in
        audit.update.violations.isEmpty
          ? audit.refresh(exact: true, "not exactly the changed and marked items refreshed")
          : .init()
      },
      diffProperty("diff.batchShape", .contract, budget: 300) { audit, _ in
        .init(failure: audit.update.isCorrect ? audit.shapeFailure : nil)
      },
      diffEmpty,
      diffStateless,
      diffModel,
      diffEntryPoints,
    ] + diffEngineProperties
  }

  /// The coverage of a diff property.
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
    ].reachable(CoverageRequirement.unreachable(Snapshot.capabilities))
  }

  /// The generator of diff cases, without calls or styles the snapshot
  /// lacks.
  static var diffCases: Gen<DiffCase> { DiffCase.generator().supported(by: Snapshot.capabilities) }

  /// Builds `diffCase`'s old and new snapshots (and, with `third`, the
  /// third) on the implementation's type beside the reference, reading
  /// the states at the end and step by step only when they differ.
  func build(_ diffCase: DiffCase, _ context: CheckContext = .none, third: Bool = false)
    -> BuiltDiffCase<Snapshot>
  {
    let runner = fullRunner(context)
    let setup = diffCase.script.setupCommands
    let start = runner.build(setup, reference: ReferenceSnapshot(), candidate: Snapshot())
    let edited = runner.build(
      diffCase.script.commands, reference: start.reference, candidate: start.candidate)
    var failures = start.failures + edited.failures.map { $0.shifted(by: setup.count) }
    var built = BuiltDiffCase(
      old: start.candidate, new: edited.candidate, third: nil, referenceNew: edited.reference,
      referenceThird: nil, failures: [])
    if third {
      var (reference, candidate) = (edited.reference, edited.candidate)
      reference.removeAllMarks()
      candidate.removeAllMarks()
      let further = runner.build(diffCase.further, reference: reference, candidate: candidate)
      failures += further.failures.map {
        $0.shifted(by: setup.count + diffCase.script.commands.count)
      }
      built.third = further.candidate
      built.referenceThird = further.reference
    }
    built.failures = failures
    return built
  }

  /// A property over the changeset from old to new: the snapshots are
  /// built and checked first (a snapshot's fault is the snapshot's), then
  /// `judge` rules on the differ's stages.
  func diffProperty(
    _ name: String, _ tag: PropertyTag = .required, budget: Int = 1_000,
    judge: @escaping @Sendable (DiffAudit<Snapshot>, DiffCase) -> DiffAudit<Snapshot>.Verdict
  ) -> AnyProperty {
    let builder = self
    return Property(
      name, generator: Self.diffCases, coverage: Self.diffCoverage,
      labels: { $0.labels },
      observations: { $0.script.observations },
      render: { builder.diffTest(name, $0, $1) },
      check: { diffCase, context in
        let built = builder.build(diffCase, context)
        guard built.failures.isEmpty else { return .from(built.failures) }
        let audit = builder.audit(diffCase, built)
        let verdict = judge(audit, diffCase)
        guard var failure = verdict.failure else { return verdict.result }
        failure.test =
          builder.replayLines(from: "old", to: "new", options: true, for: failure.test)
          + failure.test
        return .from([failure])
      }
    ).declared(family: .diff, part: .differ, tag: tag, budget: budget).eraseToAnyProperty()
  }

  /// The audit of the differ's stages from the built old snapshot to the
  /// new one, with the case's content maps and style.
  func audit(_ diffCase: DiffCase, _ built: BuiltDiffCase<Snapshot>) -> DiffAudit<Snapshot> {
    let options = diffCase.options(old: built.old, new: built.new)
    var audit = differAudit(old: built.old, new: built.new, options: options)
    // A type that cannot say what it marked: the refresh rule expects the
    // reference's marks after the same calls.
    audit.expectMarks(of: built.referenceNew)
    return audit
  }

  /// The audit of the implementation's differ from `old` to `new`, with
  /// its declared limits.
  func differAudit(
    _ differ: Differ? = nil, old: Snapshot, new: Snapshot, options: DiffOptions<Int>
  ) -> DiffAudit<Snapshot> {
    var audit = DiffAudit(
      differ ?? implementation.makeDiffer(), old: old, new: new, options: options,
      literals: literals, limits: implementation.differLimits)
    audit.differExpression = implementation.differExpression
    return audit
  }

  /// The statements of a rendered test that diffs `from` to `to` and
  /// replays the stages (`options`: with the case's content maps).
  /// (`replaying`: the replay's `update` too, for expectations that read
  /// it).
  func replayLines(from old: String, to new: String, options: Bool, replaying: Bool = true)
    -> [String]
  {
    let differ = implementation.differExpression
    let arguments = options ? ", options: options" : ""
    let changeset =
      "let changeset = \(differ).stagedChangeset(from: \(old), to: \(new)\(arguments))"
    guard replaying else { return [changeset] }
    return [changeset, "let update = BatchInterpreter.replay(changeset, from: \(old), to: \(new))"]
  }

  /// `replayLines` for expectations `test`, which may not read `update`.
  func replayLines(from old: String, to new: String, options: Bool, for test: [String])
    -> [String]
  {
    replayLines(
      from: old, to: new, options: options,
      replaying: test.contains { $0.contains("update.") || $0.contains("update,") })
  }

  /// The rendered test of a diff case's failure: a snapshot's failure as
  /// the build's calls on `c`; a differ's as old and new built, the
  /// options, the changeset replayed and the expectations on it.
  func diffTest(
    _ name: String, _ diffCase: DiffCase, _ failure: Failure?, third: Bool = false,
    unmarked: Bool = false, options: Bool = true
  ) -> String {
    // A snapshot's own call at fault (a wrong value or a trap while
    // building): the test builds it call by call; a differ's is judged on
    // the pair.
    if let failure, let part = failure.kind.culprit.part, part == ImplementationParts.snapshot.name
    {
      return buildTest(name, diffCase, failure)
    }
    var body = snapshotStatements(diffCase, third: third, unmarked: unmarked || third)
    if options { body.append(optionsStatement(diffCase)) }
    if let failure {
      body += failure.test
    } else {
      // A passing case: the pasted test asserts what passed (every
      // declared value is read).
      body += replayLines(from: "old", to: "new", options: options)
      body.append("#expect(update.isCorrect, \"\\(update.problems)\")")
      if third {
        let differ = implementation.differExpression
        body += [
          "let onward = BatchInterpreter.replay(\(differ).stagedChangeset(from: new, to: third), "
            + "from: new, to: third)",
          "#expect(onward.isCorrect, \"\\(onward.problems)\")",
        ]
      }
    }
    return packaged(name, body, failure)
  }

  /// The build's calls on `c`, as the check made them, ending at a
  /// snapshot's failure (read from a run of the reference alone).
  func buildTest(_ name: String, _ diffCase: DiffCase, _ failure: Failure) -> String {
    let commands = diffCase.script.allCommands
    var body = ["var c = \(implementation.snapshotTypeName)()"]
    if let step = failure.step, step >= commands.count {
      body += fullStatements(commands, endingAt: nil) + ["c.removeAllMarks()"]
      var start: ReferenceSnapshot = diffCase.new()
      start.removeAllMarks()
      body += fullStatements(
        diffCase.further, from: start, endingAt: failure.shifted(by: -commands.count))
    } else {
      body += fullStatements(commands, endingAt: failure)
    }
    return packaged(name, body, failure)
  }

  /// Statements building `old`, `new` (the old snapshot after the case's
  /// commands; with `unmarked`, its marks removed) and, with `third`,
  /// `third` (the new one without marks after the further commands), in
  /// the user's literals: `var` only for what is
  /// mutated, so a pasted test compiles without warnings.
  func snapshotStatements(_ diffCase: DiffCase, third: Bool, unmarked: Bool = false)
    -> [String]
  {
    let type = implementation.snapshotTypeName
    let ids = IdentifierText(section: literals.section, item: literals.item)
    let setup = diffCase.script.setupCommands
    let commands = diffCase.script.commands
    var body = ["\(setup.isEmpty ? "let" : "var") old = \(type)()"]
    body += setup.map { $0.statementPrefix + $0.swiftCall(on: "old", ids: ids) }
    body.append("\(commands.isEmpty && !unmarked ? "let" : "var") new = old")
    body += commands.map { $0.statementPrefix + $0.swiftCall(on: "new", ids: ids) }
    if unmarked { body.append("new.removeAllMarks()") }
    if third {
      body.append("\(diffCase.further.isEmpty ? "let" : "var") third = new")
      body += diffCase.further.map { $0.statementPrefix + $0.swiftCall(on: "third", ids: ids) }
    }
    return body
  }

  /// `let options = DiffOptions(…)`: the case's content maps (content 0
  /// for every old item, 1 for the changed ones in new) and style, in the
  /// user's literals.
  func optionsStatement(_ diffCase: DiffCase) -> String {
    let old: ReferenceSnapshot = diffCase.old()
    let new: ReferenceSnapshot = diffCase.new()
    let options = diffCase.options(old: old, new: new)
    func map(_ items: [Int], _ content: ContentMap<Int>) -> String {
      items.isEmpty
        ? "[:]"
        : "[" + items.map { "\(literals.item($0)): \(content[$0] ?? 0)" }.joined(separator: ", ")
          + "]"
    }
    return
      "let options = DiffOptions<\(literals.itemType)>(oldContent: \(map(old.itemIdentifiers, options.oldContent)), "
      + "newContent: \(map(new.itemIdentifiers, options.newContent)), contentUpdate: .\(diffCase.style.rawValue))"
  }

  /// `diff.empty`: `diff(a, a)` is empty for an unmarked `a` with unchanged
  /// content; `a` is checked first, as in every `diff.` property.
  var diffEmpty: AnyProperty {
    let builder = self
    return Property(
      "diff.empty", generator: Self.diffCases,
      labels: { $0.labels },
      render: { diffCase, failure in
        builder.diffTest("diff.empty", diffCase, failure, options: false)
      },
      check: { diffCase, context in
        let built = builder.build(diffCase, context)
        guard built.failures.isEmpty else { return .from(built.failures) }
        var snapshot = built.new
        snapshot.removeAllMarks()
        let options = diffCase.options(old: snapshot, new: snapshot)
        let unchanged = DiffOptions<Int>(
          oldContent: options.oldContent, newContent: options.oldContent,
          contentUpdate: diffCase.style)
        let audit = builder.differAudit(old: snapshot, new: snapshot, options: unchanged)
        guard !audit.staged.isEmpty else { return .pass }
        let kind =
          audit.update.failureKind ?? FailureKind(.differ(rule: "empty diff"), severity: .cosmetic)
        return .from([
          Failure(
            kind: kind, observable: "diff(a, a)", message: "diff(a, a) is not empty",
            expected: audit.expectedText, actual: audit.actualText,
            test: ["var same = new", "same.removeAllMarks()"]
              + builder.replayLines(from: "same", to: "same", options: false, replaying: false)
              + ["#expect(changeset.isEmpty, \"\\(changeset)\")"],
            rule: Documentation.emptyDiff)
        ])
      }
    ).declared(family: .diff, part: .differ).eraseToAnyProperty()
  }

  /// `diff.stateless`: a differ's changeset depends on its inputs alone:
  /// diffing b to c after the same differ diffed a to b gives the stages a
  /// fresh differ gives (a cache keyed too coarsely, or state carried from
  /// one call to the next, breaks it). The snapshots are checked first.
  var diffStateless: AnyProperty {
    let builder = self
    return Property(
      "diff.stateless", generator: Self.diffCases,
      labels: { $0.labels },
      render: { diffCase, failure in
        builder.diffTest("diff.stateless", diffCase, failure, third: true)
      },
      check: { diffCase, context in
        let built = builder.build(diffCase, context, third: true)
        guard built.failures.isEmpty, let third = built.third else {
          return .from(built.failures)
        }
        let options = diffCase.options(old: built.old, new: built.new)
        let used = builder.implementation.makeDiffer()
        _ = used.stagedChangeset(from: built.old, to: built.new, options: options)
        let afterAnother = used.stagedChangeset(from: built.new, to: third, options: DiffOptions())
        let fresh = builder.implementation.makeDiffer().stagedChangeset(
          from: built.new, to: third, options: DiffOptions())
        guard afterAnother != fresh else { return .pass }
        let differText = builder.implementation.differExpression
        return .from([
          Failure(
            kind: FailureKind(.differ(rule: "stateless")),
            observable: "diff(b, c) after diff(a, b)",
            message: "diffing b to c after diffing a to b gives other stages than a fresh differ",
            expected: "\(fresh)", actual: "\(afterAnother)",
            test: [
              "let differ = \(differText)",
              "_ = differ.stagedChangeset(from: old, to: new, options: options)",
              "#expect(differ.stagedChangeset(from: new, to: third) == \(differText).stagedChangeset(from: new, to: third))",
            ],
            rule: Documentation.stateless)
        ])
      }
    ).declared(family: .diff, part: .differ, budget: 300).eraseToAnyProperty()
  }

  /// `diff.model`: the reference model's naive diff round-trips and
  /// refreshes exactly too (a check of the suite itself: it judges no part
  /// of the implementation).
  var diffModel: AnyProperty {
    let literals = literals
    return Property(
      "diff.model", generator: DiffCase.generator(),
      labels: { $0.labels },
      render: { diffCase, _ in
        SwiftCode.test(
          named: "diff.model",
          body: ["// the reference model's own diff failed: report it to DiffableSuite"]
            + ["// case: \((try? JSONValue.encoding(diffCase).text) ?? "")"])
      },
      check: { diffCase, _ in
        Self.referenceDifferVerdict(ModelDiffer<Int, Int>(), diffCase, literals: literals)
      }
    ).declared(family: .diff, part: []).eraseToAnyProperty()
  }

  /// `diff.model`'s verdict on `differ` standing in for the reference's:
  /// its changeset must round-trip and refresh exactly; a failure is the
  /// suite's (`reference differ`).
  static func referenceDifferVerdict<R: DifferProtocol<ReferenceSnapshot>>(
    _ differ: R, _ diffCase: DiffCase, literals: Literals
  ) -> PropertyResult {
    let old: ReferenceSnapshot = diffCase.old()
    let new: ReferenceSnapshot = diffCase.new()
    let options = diffCase.options(old: old, new: new)
    let audit = DiffAudit(differ, old: old, new: new, options: options, literals: literals)
    guard
      let failure = audit.roundTripFailure("the model's changeset is incorrect")
        ?? audit.refreshFailure(exact: true, "the model's refreshes are not exact")
    else { return .pass }
    var broken = failure
    broken.kind = FailureKind(.suite("reference differ"))
    return .from([broken])
  }

  /// `diff.entryPoints`: the reference interpreter's entry points agree on
  /// the implementation's changeset (staged replay over snapshots,
  /// `validate` over plain arrays, plain `replay` and `violations(of:)`),
  /// and the provenance of a correct replay names each carried section's
  /// and item's own old position, `.moved` exactly for the first batch's
  /// move sources. A failure means the reference itself is broken.
  var diffEntryPoints: AnyProperty {
    let builder = self
    return Property(
      "diff.entryPoints", generator: Self.diffCases,
      labels: { $0.labels },
      observations: { $0.script.observations },
      render: { diffCase, failure in builder.diffTest("diff.entryPoints", diffCase, failure) },
      check: { diffCase, context in
        let built = builder.build(diffCase, context)
        guard built.failures.isEmpty else { return .from(built.failures) }
        let options = diffCase.options(old: built.old, new: built.new)
        let audit = InterpreterAudit(
          builder.implementation.makeDiffer(), old: built.old, new: built.new, options: options)
        let problems = audit.problems
        guard !problems.isEmpty else { return .pass }
        return .from([
          Failure(
            kind: FailureKind(.suite("reference interpreter")), observable: "entry points",
            message: "the reference interpreter is broken: " + problems.joined(separator: "; "),
            actual: "\(audit.staged)",
            test: builder.replayLines(from: "old", to: "new", options: true) + [
              "let validated = BatchInterpreter.validate(changeset, sections: old.sectionIdentifiers, items: old.layout.map(\\.items))",
              "#expect(validated.violations == update.violations)",
            ])
        ])
      }
    ).declared(family: .diff, part: .differ, budget: 300).eraseToAnyProperty()
  }
}

extension Failure {
  /// The same failure with its step moved by `offset` (a failure found
  /// in one part of a longer script).
  func shifted(by offset: Int) -> Failure {
    var moved = self
    moved.step = step.map { $0 + offset }
    return moved
  }
}
