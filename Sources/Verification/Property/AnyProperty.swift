import Generators

/// A property with its case type erased: the one form runners, the fuzz
/// command and reports use. It carries every fact the typed property
/// declared, generates a case and checks it as two steps (so a worker can
/// announce a case before the code under test runs), shrinks a failure,
/// renders it, and replays tokens and corpus entries.
public struct AnyProperty: Sendable {
  /// The property's stable name.
  public private(set) var name: String
  /// The catalog family, `nil` for a property written outside the catalog.
  public let family: Catalog.Family?
  /// The part of an implementation it judges (empty for one of its own).
  public let part: ImplementationParts
  /// What the implementation must have for it to run.
  public let needs: PropertyNeeds
  /// Apple-required semantics or this engine's contract.
  public let tag: PropertyTag
  /// Cases per run in `swift test`.
  public let budget: Int
  /// Whether a case passes by trapping (run only in child processes).
  public let expectsTrap: Bool
  /// The coverage requirements of a run.
  public let coverage: [CoverageRequirement]
  /// The catalog the property belongs to (`CatalogID`): a replay token
  /// names it, so a token is never replayed on another implementation.
  public internal(set) var catalog: CatalogID

  private let generateCase: @Sendable (ChoiceSource) -> GeneratedCase
  private var checkCase:
    @Sendable (GeneratedCase, CheckContext) -> (
      verdict: PropertyResult, description: CaseDescription?
    )
  private let renderCase: @Sendable (GeneratedCase, Failure?) -> String
  private let encodeCase: @Sendable (GeneratedCase) -> JSONValue?
  private let decodeCase: @Sendable (JSONValue) -> (generated: GeneratedCase?, reason: String)

  /// Erases `property`.
  public init<Case>(_ property: Property<Case>) {
    name = property.name
    family = property.family
    part = property.part
    needs = property.needs
    tag = property.tag
    budget = property.budget
    expectsTrap = property.expectsTrap
    coverage = property.coverage
    catalog = CatalogID(name: "")
    let describe: @Sendable (Case, ChoiceSource?) -> GeneratedCase = { value, source in
      GeneratedCase(
        choices: source?.choices ?? [], spans: source?.spans ?? [], value: value,
        describer: { property.describe(value) })
    }
    generateCase = { source in
      do throws(GenerationError) {
        return describe(try property.generator.generate(source), source)
      } catch {
        return GeneratedCase(
          choices: source.choices, spans: source.spans, value: nil,
          discardReason: error.description)
      }
    }
    checkCase = { generated, context in
      guard let value = generated.value as? Case else {
        return (.discard(generated.discardReason ?? "no case"), nil)
      }
      return property.describingCheck?(value, context) ?? (property.check(value, context), nil)
    }
    renderCase = { generated, failure in
      guard let value = generated.value as? Case else { return "// no case" }
      return property.render(value, failure)
    }
    encodeCase = { generated in
      (generated.value as? Case).flatMap { try? JSONValue.encoding($0) }
    }
    decodeCase = { json in
      do {
        return (describe(try json.decode(Case.self), nil), "")
      } catch {
        return (nil, Corpus.reason(error))
      }
    }
  }

  // MARK: Cases

  /// Generates the case `source` decodes to, without checking it.
  public func generate(_ source: ChoiceSource) -> GeneratedCase { generateCase(source) }

  /// Generates a random case: seeded by `seed`, with the size hint `size`
  /// and the case's index in its run (boundary tables use it).
  public func generate(seed: UInt64, size: Int = 100, caseIndex: Int? = nil) -> GeneratedCase {
    generateCase(ChoiceSource(seed: seed, size: size, caseIndex: caseIndex))
  }

  /// Generates the case `choices` decode to.
  public func generate(choices: [UInt64]) -> GeneratedCase {
    generateCase(ChoiceSource(replaying: choices))
  }

  /// Checks a generated case (a discard when it did not decode).
  public func check(_ generated: GeneratedCase, context: CheckContext = .none) -> CaseRun {
    let checked = checkCase(generated, context)
    var run = CaseRun(generated: generated, verdict: checked.verdict)
    run.checkedDescription = checked.description
    return run
  }

  /// Runs one random case.
  public func run(seed: UInt64, size: Int = 100, caseIndex: Int? = nil) -> CaseRun {
    check(generate(seed: seed, size: size, caseIndex: caseIndex))
  }

  /// Runs the case that `choices` decode to.
  public func run(choices: [UInt64], context: CheckContext = .none) -> CaseRun {
    check(generate(choices: choices), context: context)
  }

  /// The case's structured form, for the corpus.
  public func script(of generated: GeneratedCase) -> JSONValue? { encodeCase(generated) }

  /// The case a structured form decodes to.
  /// - Throws: `CorpusError.malformed` when it is not this property's case.
  public func decode(script: JSONValue, file: String) throws(CorpusError) -> GeneratedCase {
    let decoded = decodeCase(script)
    guard let generated = decoded.generated else {
      throw .malformed(file: file, reason: "script: \(decoded.reason)")
    }
    return generated
  }

  /// The same property named `prefix` + its name, so the catalogs of
  /// several implementations can run in one fuzz executable (names are
  /// unique there, and appear in tokens, reports and corpus entries).
  public func prefixed(_ prefix: String) -> AnyProperty {
    var renamed = self
    renamed.name = prefix + name
    return renamed
  }

  /// The same property failing every case with `failure` (a problem of
  /// the suite's own setup, reported on each property it stops).
  func failing(with failure: Failure) -> AnyProperty {
    var failing = self
    failing.checkCase = { generated, _ in
      (generated.decoded ? .from([failure]) : .discard(generated.discardReason ?? "no case"), nil)
    }
    return failing
  }

  // MARK: Shrinking

  /// Shrinks a failing case within `budget`, keeping the failure of
  /// `kind` (default: its most severe): a candidate counts as failing only
  /// when one of its failures has that kind, so a failure never shrinks
  /// into another one.
  /// - Returns: the simplest failing case of that kind found and the
  ///   shrink's cost.
  public func shrink(
    _ failing: CaseRun, keeping kind: FailureKind? = nil, budget: ShrinkBudget = ShrinkBudget()
  ) -> (run: CaseRun, result: ShrinkResult) {
    guard let kind = kind ?? failing.verdict.failureKind else {
      return (
        failing,
        ShrinkResult(
          attempt: failing.attempt, originalCount: failing.choices.count, calls: 0,
          improvements: 0, seconds: 0, budgetExhausted: false)
      )
    }
    let result = Shrinker(budget: budget).shrink(failing.attempt) { choices in
      let run = self.run(choices: choices)
      return (run.attempt, run.verdict.failureKinds.contains(kind))
    }
    let best = run(choices: result.attempt.choices)
    return best.verdict.failureKinds.contains(kind) ? (best, result) : (failing, result)
  }

  // MARK: Reporting

  /// The replay token of a case.
  public func token(for run: CaseRun) -> String {
    ReplayToken(property: name, catalog: catalog, choices: run.choices).description
  }

  /// The Swift test of a case's failure (`nil`: the case as a whole),
  /// named for the failure's kind.
  public func swiftTest(for generated: GeneratedCase, failure: Failure?) -> String {
    SwiftCode.named(renderCase(generated, failure), for: failure?.kind)
  }

  /// The counterexample report of the failure of `kind` (default: the
  /// most severe) of a failing case.
  public func counterexample(
    for run: CaseRun, kind: FailureKind? = nil, seed: UInt64? = nil, caseIndex: Int? = nil,
    shrink: ShrinkResult? = nil, corpusFile: String? = nil
  ) -> Counterexample {
    let failure = kind.flatMap(run.verdict.failure(of:)) ?? run.verdict.failures.first
    let diff =
      failure.map { LineDiff.render(expected: $0.expected, actual: $0.actual) } ?? ""
    return Counterexample(
      property: name, seed: seed, caseIndex: caseIndex, token: token(for: run),
      choices: run.choices, kind: failure?.kind, message: failure?.message ?? "",
      expected: failure?.expected ?? "", actual: failure?.actual ?? "", diff: diff,
      swiftCode: swiftTest(for: run.generated, failure: failure),
      script: encodeCase(run.generated),
      originalChoiceCount: shrink?.originalCount ?? run.choices.count,
      shrinkCalls: shrink?.calls ?? 0, shrinkSeconds: shrink?.seconds ?? 0,
      corpusFile: corpusFile, step: failure?.step, rule: failure?.rule)
  }

  /// The corpus entry of a failing case: its choices and its decoded case.
  public func corpusEntry(for run: CaseRun, seed: UInt64? = nil) -> CorpusEntry {
    CorpusEntry(
      property: name, choices: run.choices, script: encodeCase(run.generated),
      message: run.verdict.failures.first?.message ?? "", seed: seed, catalog: catalog)
  }

  // MARK: Replay

  /// Re-runs the case of a replay token.
  /// - Throws: `ReplayTokenError` when the token is malformed, cut or
  ///   altered, names another property, or belongs to another catalog.
  public func replay(token text: String) throws(ReplayTokenError) -> CaseRun {
    let token = try ReplayToken.parse(text)
    guard token.property == name else { throw .unknownProperty(token.property) }
    guard token.catalog == catalog else {
      throw .otherCatalog(token: token.catalog, here: catalog)
    }
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
    var generated = try decode(script: script, file: label)
    generated.choices = entry.choices
    return check(generated)
  }
}

/// A generated case, not yet checked: its choices and spans, the value
/// (boxed; `nil` when the choices decoded to no case), and how to describe
/// it for statistics (computed only when asked: a shrink candidate never
/// is).
public struct GeneratedCase: @unchecked Sendable {
  /// The choices the generator consumed (empty when decoded from a
  /// corpus script).
  public var choices: [UInt64]
  /// The spans recorded over `choices`.
  public var spans: [ChoiceSpan]
  /// The case, boxed (`Case` is `Sendable` by `Property`'s constraint, so
  /// the box is too); read back by the property that made it.
  let value: Any?
  /// Why the choices decoded to no case.
  public var discardReason: String?
  /// The property's description of `value` (`nil`: nothing to describe).
  private let describer: (@Sendable () -> CaseDescription)?

  init(
    choices: [UInt64], spans: [ChoiceSpan], value: Any?, discardReason: String? = nil,
    describer: (@Sendable () -> CaseDescription)? = nil
  ) {
    self.choices = choices
    self.spans = spans
    self.value = value
    self.discardReason = discardReason
    self.describer = describer
  }

  /// The labels and histogram samples of the case (empty for a case that
  /// did not decode).
  /// - Complexity: that of the property's description, on each call (for
  ///   a catalog property, one run of the case on the reference model).
  public func describe() -> CaseDescription { describer?() ?? CaseDescription() }

  /// The labels of the case: `describe()`'s labels.
  public var labels: [String] { describe().labels }

  /// The histogram samples of the case: `describe()`'s observations.
  public var observations: [Observation] { describe().observations }

  /// Whether the choices decoded to a case.
  public var decoded: Bool { value != nil }
}
