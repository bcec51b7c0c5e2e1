import Generators

/// A type-erased `Property`, for catalogs and the fuzz command: run one case
/// from a seed or a choice sequence, shrink a failure, build its
/// counterexample and corpus entry, and replay a token or a corpus entry.
public struct AnyProperty: Sendable {
  /// The property's stable name.
  public let name: String
  /// The coverage requirements of a run.
  public let coverage: [CoverageRequirement]
  /// Apple-required semantics or this engine's contract.
  public let tag: PropertyTag
  /// Whether a case passes by trapping (run only in child processes).
  public let expectsTrap: Bool

  private let runSource: @Sendable (ChoiceSource) -> CaseRun
  private let generateOnly: @Sendable (ChoiceSource) -> Void
  private let runScript: @Sendable (JSONValue) -> Result<CaseRun, CorpusError>
  private let describe: @Sendable (CaseRun) -> (script: JSONValue?, swiftCode: String)

  /// Erases `property`.
  public init<Case>(_ property: Property<Case>) {
    name = property.name
    coverage = property.coverage
    tag = property.tag
    expectsTrap = property.expectsTrap
    runSource = { source in
      let value: Case
      do throws(GenerationError) {
        value = try property.generator.generate(source)
      } catch {
        return CaseRun(
          choices: source.choices, spans: source.spans,
          verdict: .discard(error.description), value: nil)
      }
      return AnyProperty.check(property, value, choices: source.choices, spans: source.spans)
    }
    generateOnly = { source in _ = try? property.generator.generate(source) }
    runScript = { json in
      do {
        let value = try json.decode(Case.self)
        return .success(AnyProperty.check(property, value, choices: [], spans: []))
      } catch {
        return .failure(.malformed(file: property.name, reason: "script: \(Corpus.reason(error))"))
      }
    }
    describe = { run in
      guard let value = run.value as? Case else { return (nil, "// no case") }
      return (try? JSONValue.encoding(value), property.render(value))
    }
  }

  private static func check<Case>(
    _ property: Property<Case>, _ value: Case, choices: [UInt64], spans: [ChoiceSpan]
  ) -> CaseRun {
    CaseRun(
      choices: choices, spans: spans, verdict: property.check(value),
      labels: property.labels(value), observations: property.observations(value), value: value)
  }

  // MARK: Running cases

  /// Runs one random case: seeded by `seed`, with the size hint `size` and
  /// the case's index in its run (boundary tables use it).
  public func run(seed: UInt64, size: Int = 100, caseIndex: Int? = nil) -> CaseRun {
    runSource(ChoiceSource(seed: seed, size: size, caseIndex: caseIndex))
  }

  /// The choices of a random case, generated but not checked: what a fuzz
  /// command records before running a case that might crash the process
  /// (replay it with `run(choices:)` or a token).
  public func generateChoices(seed: UInt64, size: Int = 100, caseIndex: Int? = nil) -> [UInt64] {
    let source = ChoiceSource(seed: seed, size: size, caseIndex: caseIndex)
    generateOnly(source)
    return source.choices
  }

  /// Runs the case that `choices` decodes to.
  public func run(choices: [UInt64]) -> CaseRun {
    runSource(ChoiceSource(replaying: choices))
  }

  /// Shrinks a failing case within `budget`, keeping its failure kind: a
  /// candidate counts as failing only when it fails with the same kind
  /// (so a severe failure never shrinks into a milder one).
  /// - Returns: the simplest failing case of that kind found and the
  ///   shrink's cost.
  public func shrink(_ failing: CaseRun, budget: ShrinkBudget = ShrinkBudget())
    -> (run: CaseRun, result: ShrinkResult)
  {
    let kind = failing.failureKind
    let result = Shrinker(budget: budget).shrink(failing.attempt) { choices in
      let run = self.run(choices: choices)
      return (run.attempt, run.verdict.isFailure && run.failureKind == kind)
    }
    let best = run(choices: result.attempt.choices)
    return best.verdict.isFailure && best.failureKind == kind ? (best, result) : (failing, result)
  }

  // MARK: Reporting

  /// The replay token of a case.
  public func token(for run: CaseRun) -> String {
    ReplayToken(property: name, choices: run.choices).description
  }

  /// The counterexample report of a failing case; its Swift test is
  /// named for the case's failure kind (`SwiftCode.named(_:for:)`).
  public func counterexample(
    for run: CaseRun, seed: UInt64? = nil, caseIndex: Int? = nil,
    shrink: ShrinkResult? = nil, corpusFile: String? = nil
  ) -> Counterexample {
    let (script, swiftCode) = describe(run)
    var message = ""
    var expected = ""
    var actual = ""
    if case .fail(let text, let left, let right, _) = run.verdict {
      message = text
      expected = left
      actual = right
    }
    let diff =
      expected.isEmpty && actual.isEmpty
      ? "" : LineDiff.render(expected: expected, actual: actual)
    return Counterexample(
      property: name, seed: seed, caseIndex: caseIndex, token: token(for: run),
      choices: run.choices, kind: run.failureKind, message: message, expected: expected,
      actual: actual, diff: diff,
      swiftCode: SwiftCode.named(swiftCode, for: run.failureKind), script: script,
      originalChoiceCount: shrink?.originalCount ?? run.choices.count,
      shrinkCalls: shrink?.calls ?? 0, shrinkSeconds: shrink?.seconds ?? 0,
      corpusFile: corpusFile)
  }

  /// The corpus entry of a failing case: its choices and its decoded case.
  public func corpusEntry(for run: CaseRun, seed: UInt64? = nil) -> CorpusEntry {
    var message = ""
    if case .fail(let text, _, _, _) = run.verdict { message = text }
    return CorpusEntry(
      property: name, choices: run.choices, script: describe(run).script, message: message,
      seed: seed)
  }

  // MARK: Replay

  /// Re-runs the case of a replay token.
  /// - Throws: `ReplayTokenError` when the token is malformed or names
  ///   another property.
  public func replay(token text: String) throws(ReplayTokenError) -> CaseRun {
    let token = try ReplayToken.parse(text)
    guard token.property == name else { throw .unknownProperty(token.property) }
    return run(choices: token.choices)
  }

  /// Re-runs a corpus entry: from its structured script when it has one
  /// (so it survives generator changes), else from its choices.
  /// - Throws: `CorpusError.malformed` when the entry is for another
  ///   property or its script does not decode to this property's case.
  public func replay(_ entry: CorpusEntry, file: String = "") throws(CorpusError) -> CaseRun {
    let label = file.isEmpty ? entry.fileName : file
    guard entry.property == name else {
      throw .malformed(
        file: label, reason: "entry is for property '\(entry.property)', not '\(name)'")
    }
    guard let script = entry.script else { return run(choices: entry.choices) }
    switch runScript(script) {
    case .success(var run):
      run.choices = entry.choices
      return run
    case .failure(.malformed(_, let reason)):
      throw .malformed(file: label, reason: reason)
    case .failure(let error):
      throw error
    }
  }
}
