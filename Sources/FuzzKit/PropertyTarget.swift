import Foundation
import Generators
import Verification

/// The `FuzzTarget` over a list of properties, built on the
/// property-testing engine: per-case seeds and sizes as `Runner` computes
/// them, replay tokens, the choice-sequence shrinker and the corpus.
///
/// Case `k` of a run with seed `s` is seeded by
/// `SplitMix64.caseSeed(runSeed: s, caseIndex: k)`, exactly as `swift test`
/// seeds it, so a token or a seed found by either replays in the other.
public struct PropertyTarget: FuzzTarget {
  /// The properties, sorted by name.
  public let properties: [AnyProperty]
  /// The properties' catalog skips, for the reports.
  public let skipped: [SkippedProperty]

  /// Creates a target; later duplicates of a name are dropped.
  public init(_ properties: [AnyProperty], skipped: [SkippedProperty] = []) {
    var unique: [AnyProperty] = []
    for property in properties where !unique.contains(where: { $0.name == property.name }) {
      unique.append(property)
    }
    self.properties = unique.sorted { $0.name < $1.name }
    self.skipped = skipped
  }

  /// A target over an implementation's catalog.
  public init(_ set: PropertySet) {
    self.init(set.properties, skipped: set.skipped)
  }

  /// The size hint of ordinal `k`: the `Runner` ramp over 200 cases
  /// (small first, the largest size from case 100 on), repeated, so a run
  /// of any length keeps returning to small cases.
  public static func size(ofOrdinal ordinal: Int) -> Int {
    RunConfiguration(cases: 200).size(ofCase: ordinal % 200)
  }

  public var propertyNames: [String] { properties.map(\.name) }

  public func coverageRequirements(of property: String) -> [(label: String, minimumShare: Double)] {
    self.property(property)?.coverage.map { ($0.label, $0.minimumShare) } ?? []
  }

  public func tag(of property: String) -> String? { self.property(property)?.tag.rawValue }

  public func expectsTrap(_ property: String) -> Bool {
    self.property(property)?.expectsTrap ?? false
  }

  public func generate(property name: String, seed: UInt64, index: Int) -> FuzzCase? {
    guard let property = property(name) else { return nil }
    let generated = property.generate(
      seed: SplitMix64.caseSeed(runSeed: seed, caseIndex: index),
      size: Self.size(ofOrdinal: index), caseIndex: index)
    return makeCase(property, generated)
  }

  public func decode(token: String) throws(FuzzInputError) -> FuzzCase {
    let parsed: ReplayToken
    do {
      parsed = try ReplayToken.parse(token)
    } catch {
      throw .malformed(error.description)
    }
    guard let property = property(parsed.property) else {
      throw .malformed(ReplayTokenError.unknownProperty(parsed.property).description)
    }
    guard parsed.catalog == property.catalog else {
      throw .malformed(
        ReplayTokenError.otherCatalog(token: parsed.catalog, here: property.catalog).description)
    }
    return makeCase(property, property.generate(choices: parsed.choices))
  }

  public func decode(property name: String, bytes: [UInt8]) throws(FuzzInputError) -> FuzzCase {
    guard let property = property(name) else {
      throw .malformed("unknown property '\(name)'")
    }
    return makeCase(property, property.generate(choices: bytes.map(UInt64.init)))
  }

  public func decodeCorpusEntry(at path: String) throws(FuzzInputError) -> FuzzCase {
    let entry: CorpusEntry
    do {
      entry = try Corpus.load(URL(fileURLWithPath: path))
    } catch {
      throw .malformed(error.description)
    }
    guard let property = property(entry.property) else {
      throw .malformed("\(path): entry names an unknown property '\(entry.property)'")
    }
    guard let script = entry.script else {
      return makeCase(property, property.generate(choices: entry.choices))
    }
    var generated: GeneratedCase
    do {
      generated = try property.decode(script: script, file: path)
    } catch {
      throw .malformed(error.description)
    }
    generated.choices = entry.choices
    // Checked and rendered from the script, shrunk from the choices. The
    // new case's closures capture `decoded` as a constant: capturing a
    // variable that is then assigned the new case would make them call
    // themselves.
    let fromChoices = makeCase(property, property.generate(choices: entry.choices))
    let decoded = makeCase(property, generated)
    return FuzzCase(
      property: decoded.property, token: decoded.token, statistics: decoded.statistics,
      check: { decoded.check($0) }, swiftCode: { decoded.swiftCode(for: $0) },
      shrink: { fromChoices.shrink($0) })
  }

  public func recordInCorpus(_ failure: FuzzCase, message: String, seed: UInt64?, folder: String)
    throws(FuzzInputError) -> String
  {
    guard let parsed = try? ReplayToken.parse(failure.token),
      let property = property(parsed.property)
    else { throw .malformed("cannot record '\(failure.token)': not a catalog token") }
    let generated = property.generate(choices: parsed.choices)
    let entry = CorpusEntry(
      property: property.name, choices: parsed.choices, script: property.script(of: generated),
      message: message, seed: seed, catalog: property.catalog)
    do {
      return try Corpus(directory: URL(fileURLWithPath: folder)).write(entry).path
    } catch {
      throw .io(error.description)
    }
  }

  /// The failure message of an `expectsTrap` case that returned.
  public static let returnedInsteadOfTrapping = "expected a trap; the case returned normally"

  // MARK: Cases

  private func property(_ name: String) -> AnyProperty? {
    properties.first { $0.name == name }
  }

  private func makeCase(_ property: AnyProperty, _ generated: GeneratedCase) -> FuzzCase {
    func statistics() -> CaseStatistics {
      let description = generated.describe()
      return CaseStatistics(
        labels: description.labels,
        samples: description.observations.map { CaseStatistics.Sample($0.histogram, $0.bucket) })
    }
    return FuzzCase(
      property: property.name,
      token: ReplayToken(
        property: property.name, catalog: property.catalog, choices: generated.choices
      ).description,
      statistics: statistics(),
      check: { context in Self.outcome(property, property.check(generated, context: context)) },
      swiftCode: { failure in
        property.swiftTest(for: generated, failure: failure.map(Self.failure))
      },
      shrink: { request in shrink(property, generated, request) })
  }

  /// A verdict as a worker reports it; for a property that expects a
  /// trap, a case that returned is the failure.
  static func outcome(_ property: AnyProperty, _ run: CaseRun) -> CaseOutcome {
    switch run.verdict {
    case .discard(let reason):
      return CaseOutcome(status: .discard, message: reason)
    case _ where property.expectsTrap:
      let failure = run.verdict.failures.first
      return CaseOutcome(failures: [
        CaseOutcome.Failure(
          rule: failure?.kind ?? FailureKind(returnedInsteadOfTrapping),
          message: failure?.message ?? returnedInsteadOfTrapping, step: failure?.step,
          test: failure?.test ?? [], link: failure?.rule)
      ])
    case .pass:
      return .pass
    case .limited(let limits):
      return CaseOutcome(status: .pass, limits: limits)
    case .failed(let failures):
      return CaseOutcome(failures: failures.map(caseFailure))
    }
  }

  /// A check's failure as a worker reports it.
  public static func caseFailure(_ failure: Verification.Failure) -> CaseOutcome.Failure {
    let diff =
      failure.expected.isEmpty && failure.actual.isEmpty
      ? "" : LineDiff.render(expected: failure.expected, actual: failure.actual)
    return CaseOutcome.Failure(
      rule: failure.kind, message: failure.message, diff: diff, step: failure.step,
      test: failure.test, link: failure.rule)
  }

  /// A reported failure as the property renders it.
  static func failure(_ failure: CaseOutcome.Failure) -> Verification.Failure {
    Verification.Failure(
      kind: failure.rule, step: failure.step, message: failure.message, test: failure.test,
      rule: failure.link)
  }

  /// Shrinks with the engine's shrinker. For `.crash`, a candidate that
  /// returns is uninteresting: only a candidate that kills the process
  /// is, and the supervisor sees that through `willCheck`.
  private func shrink(_ property: AnyProperty, _ start: GeneratedCase, _ request: ShrinkRequest)
    -> FuzzCase
  {
    var best = start.choices
    let shrinker = Shrinker(budget: ShrinkBudget(maxCalls: 200_000, maxSeconds: request.maxSeconds))
    let attempt = ShrinkAttempt(choices: start.choices, spans: start.spans)
    let result = shrinker.shrink(attempt) { candidate in
      let generated = property.generate(choices: candidate)
      // Only a case simpler than the best is worth a check; in particular
      // a candidate that decodes back to the best itself (a crash, when
      // shrinking crashes) must not run again.
      guard generated.decoded, ShrinkAttempt.shortlexLess(generated.choices, best) else {
        return nil
      }
      let token = ReplayToken(
        property: property.name, catalog: property.catalog, choices: generated.choices
      ).description
      // A candidate that crashed an earlier worker of this shrink is not
      // this failure (its kind is a crash), and must not run again.
      guard !request.avoid.contains(token) else { return nil }
      request.willCheck(token)
      let verdict = Self.outcome(property, property.check(generated, context: request.context))
      request.didCheck()
      guard request.goal == .failure, verdict.status == .fail,
        request.rule.map({ verdict.failure(of: $0) != nil }) ?? true
      else { return nil }
      if ShrinkAttempt.shortlexLess(generated.choices, best) {
        best = generated.choices
        request.didImprove(
          ReplayToken(property: property.name, catalog: property.catalog, choices: best)
            .description)
      }
      return ShrinkAttempt(choices: generated.choices, spans: generated.spans)
    }
    return makeCase(property, property.generate(choices: result.attempt.choices))
  }
}
