import Foundation
import Generators
import Verification

/// The `FuzzTarget` over a list of `FuzzProperty` values, built on the
/// property-testing engine: per-case seeds and sizes as `Runner` computes
/// them, replay tokens, the choice-sequence shrinker and the corpus.
///
/// Case `k` of a run with seed `s` is seeded by
/// `SplitMix64.caseSeed(runSeed: s, caseIndex: k)`, exactly as `swift test`
/// seeds it, so a token or a seed found by either replays in the other.
public struct PropertyTarget: FuzzTarget {
  /// The properties, sorted by name.
  public let properties: [FuzzProperty]

  /// Creates a target; later duplicates of a name are dropped.
  public init(_ properties: [FuzzProperty]) {
    var unique: [FuzzProperty] = []
    for property in properties where !unique.contains(where: { $0.name == property.name }) {
      unique.append(property)
    }
    self.properties = unique.sorted { $0.name < $1.name }
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

  public func tag(of property: String) -> String? { self.property(property)?.tag }

  public func expectsTrap(_ property: String) -> Bool {
    self.property(property)?.expectsTrap ?? false
  }

  public func generate(property name: String, seed: UInt64, index: Int) -> FuzzCase? {
    guard let property = property(name) else { return nil }
    let source = ChoiceSource(
      seed: SplitMix64.caseSeed(runSeed: seed, caseIndex: index),
      size: Self.size(ofOrdinal: index), caseIndex: index)
    let generated = property.generate(source)
    return makeCase(property, generated, choices: source.choices, spans: source.spans)
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
    return replay(property, choices: parsed.choices)
  }

  public func decode(property name: String, bytes: [UInt8]) throws(FuzzInputError) -> FuzzCase {
    guard let property = property(name) else {
      throw .malformed("unknown property '\(name)'")
    }
    return replay(property, choices: bytes.map(UInt64.init))
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
    guard let script = entry.script else { return replay(property, choices: entry.choices) }
    guard let generated = property.decodeScript(script) else {
      throw .malformed("\(path): its script does not decode to a case of '\(entry.property)'")
    }
    let fromChoices = replay(property, choices: entry.choices)
    return FuzzCase(
      property: property.name, token: entry.token,
      statistics: statistics(generated),
      check: { outcome(property, generated) },
      swiftCode: { generated.value.map(property.render) ?? "// no case" },
      shrink: { fromChoices.shrink($0) })
  }

  public func recordInCorpus(_ failure: FuzzCase, message: String, seed: UInt64?, folder: String)
    throws(FuzzInputError) -> String
  {
    guard let parsed = try? ReplayToken.parse(failure.token),
      let property = property(parsed.property)
    else { throw .malformed("cannot record '\(failure.token)': not a catalog token") }
    let generated = property.generate(ChoiceSource(replaying: parsed.choices))
    let entry = CorpusEntry(
      property: property.name, choices: parsed.choices,
      script: generated.value.flatMap(property.script), message: message, seed: seed)
    do {
      return try Corpus(directory: URL(fileURLWithPath: folder)).write(entry).path
    } catch {
      throw .io(error.description)
    }
  }

  /// The failure message of an `expectsTrap` case that returned.
  public static let returnedInsteadOfTrapping = "expected a trap; the case returned normally"

  // MARK: Cases

  private func property(_ name: String) -> FuzzProperty? {
    properties.first { $0.name == name }
  }

  private func replay(_ property: FuzzProperty, choices: [UInt64]) -> FuzzCase {
    let source = ChoiceSource(replaying: choices)
    let generated = property.generate(source)
    return makeCase(property, generated, choices: source.choices, spans: source.spans)
  }

  private func makeCase(
    _ property: FuzzProperty, _ generated: FuzzProperty.Generated, choices: [UInt64],
    spans: [ChoiceSpan]
  ) -> FuzzCase {
    FuzzCase(
      property: property.name,
      token: ReplayToken(property: property.name, choices: choices).description,
      statistics: statistics(generated),
      check: { outcome(property, generated) },
      swiftCode: { generated.value.map(property.render) ?? "// no case" },
      shrink: { request in
        shrink(property, ShrinkAttempt(choices: choices, spans: spans), request)
      })
  }

  private func statistics(_ generated: FuzzProperty.Generated) -> CaseStatistics {
    CaseStatistics(
      labels: generated.labels,
      samples: generated.observations.map { CaseStatistics.Sample($0.histogram, $0.bucket) })
  }

  private func outcome(_ property: FuzzProperty, _ generated: FuzzProperty.Generated) -> CaseOutcome
  {
    guard let value = generated.value else {
      return CaseOutcome(status: .discard, message: generated.discardReason)
    }
    let result = property.check(value)
    if property.expectsTrap {
      if case .discard(let reason) = result {
        return CaseOutcome(status: .discard, message: reason)
      }
      return CaseOutcome(
        status: .fail, message: Self.returnedInsteadOfTrapping,
        rule: FailureKind(Self.returnedInsteadOfTrapping))
    }
    switch result {
    case .pass:
      return .pass
    case .discard(let reason):
      return CaseOutcome(status: .discard, message: reason)
    case .fail(let message, let expected, let actual, _):
      let diff =
        expected.isEmpty && actual.isEmpty
        ? "" : LineDiff.render(expected: expected, actual: actual)
      return CaseOutcome(status: .fail, message: message, diff: diff, rule: result.failureKind)
    }
  }

  /// Shrinks with the engine's shrinker. For `.crash`, a candidate that
  /// returns is uninteresting: only a candidate that kills the process
  /// is, and the supervisor sees that through `willCheck`.
  private func shrink(_ property: FuzzProperty, _ start: ShrinkAttempt, _ request: ShrinkRequest)
    -> FuzzCase
  {
    var best = start.choices
    let shrinker = Shrinker(budget: ShrinkBudget(maxCalls: 200_000, maxSeconds: request.maxSeconds))
    let result = shrinker.shrink(start) { candidate in
      let source = ChoiceSource(replaying: candidate)
      let generated = property.generate(source)
      // Only a case simpler than the best is worth a check; in particular
      // a candidate that decodes back to the best itself (a crash, when
      // shrinking crashes) must not run again.
      guard generated.value != nil, ShrinkAttempt.shortlexLess(source.choices, best) else {
        return nil
      }
      let token = ReplayToken(property: property.name, choices: source.choices).description
      // A candidate that crashed an earlier worker of this shrink is not
      // this failure (its kind is a crash), and must not run again.
      guard !request.avoid.contains(token) else { return nil }
      request.willCheck(token)
      let verdict = outcome(property, generated)
      guard request.goal == .failure, verdict.status == .fail,
        request.rule == nil || verdict.rule == request.rule
      else { return nil }
      if ShrinkAttempt.shortlexLess(source.choices, best) {
        best = source.choices
        request.didImprove(ReplayToken(property: property.name, choices: best).description)
      }
      return ShrinkAttempt(choices: source.choices, spans: source.spans)
    }
    return replay(property, choices: result.attempt.choices)
  }
}
