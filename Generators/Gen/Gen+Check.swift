extension Gen {
  /// Runs `fails` on the value that `choices` decode to.
  /// - Returns: the consumed choices and spans, and whether the value
  ///   fails (`false` too when the choices decode to no value: a discard).
  public func evaluate(
    _ choices: [UInt64], fails: (Value) -> Bool
  ) -> (attempt: ShrinkAttempt, fails: Bool) {
    let source = ChoiceSource(replaying: choices)
    let failed = (try? generate(source)).map(fails) ?? false
    return (ShrinkAttempt(choices: source.choices, spans: source.spans), failed)
  }

  /// Shrinks the failing case `start` and decodes the result.
  ///
  /// - Parameters:
  ///   - start: a case on which `fails` returns `true`.
  ///   - budget: the limits of the shrink.
  ///   - fails: whether a value fails the property (`true` = counterexample).
  /// - Returns: the simplest failing value found, typed, with the shrink's
  ///   result; `nil` when `start` does not decode to a value.
  public func shrink(
    _ start: ShrinkAttempt, budget: ShrinkBudget = ShrinkBudget(),
    fails: @escaping (Value) -> Bool
  ) -> Shrunk<Value>? {
    let result = Shrinker(budget: budget).shrink(start) { choices in
      self.evaluate(choices, fails: fails)
    }
    guard let value = try? replay(result.attempt.choices).value else { return nil }
    return Shrunk(value: value, result: result)
  }

  /// Shrinks the failing case `start`, accepting only candidates that
  /// fail with `kind` (`failure` returns a candidate's kind, `nil` when
  /// it passes): a shrink that keeps the rule the case broke, so a severe
  /// failure never shrinks into a milder one.
  public func shrink(
    _ start: ShrinkAttempt, keeping kind: FailureKind, budget: ShrinkBudget = ShrinkBudget(),
    failure: @escaping (Value) -> FailureKind?
  ) -> Shrunk<Value>? {
    shrink(start, budget: budget) { failure($0) == kind }
  }

  /// Checks `cases` random values (seeded by `seed`, sizes ramping up over
  /// the first half of the run like the catalog runner's) and shrinks the
  /// first one that fails.
  ///
  /// Discarded cases do not count toward `cases`; the run stops after
  /// `10 * cases` generated values however many were discarded.
  /// - Parameters:
  ///   - seed: the run's seed; case `i` is seeded by
  ///     `SplitMix64.caseSeed(runSeed: seed, caseIndex: i)`.
  ///   - cases: how many values to check.
  ///   - budget: the limits of the shrink.
  ///   - fails: whether a value fails the property (`true` = counterexample).
  public func check(
    seed: UInt64, cases: Int = 100, budget: ShrinkBudget = ShrinkBudget(),
    fails: @escaping (Value) -> Bool
  ) -> CheckOutcome<Value> {
    check(seed: seed, cases: cases, maxKinds: 1, budget: budget) { fails($0) ? .failure : nil }
  }

  /// Checks `cases` random values like `check(seed:cases:budget:fails:)`,
  /// but tells failures apart by kind: it checks every case, keeps the
  /// first case of up to `maxKinds` distinct kinds (the most severe, then
  /// the earliest) and shrinks each while it keeps its kind. With
  /// `maxKinds` 1 it stops at the first failure, whatever its kind.
  /// - Parameters:
  ///   - seed: the run's seed; case `i` is seeded by
  ///     `SplitMix64.caseSeed(runSeed: seed, caseIndex: i)`.
  ///   - cases: how many values to check.
  ///   - maxKinds: how many distinct failure kinds to keep.
  ///   - budget: the limits of each shrink.
  ///   - failure: a value's failure kind, `nil` when it passes.
  public func check(
    seed: UInt64, cases: Int = 100, maxKinds: Int, budget: ShrinkBudget = ShrinkBudget(),
    failure: @escaping (Value) -> FailureKind?
  ) -> CheckOutcome<Value> {
    var outcome = CheckOutcome<Value>(cases: 0, discards: 0)
    var found = DistinctFailures<(Value, ShrinkAttempt)>(limit: maxKinds)
    let ramp = Swift.max(1, cases / 2)
    var index = 0
    while outcome.cases < cases, index < 10 * Swift.max(cases, 1) {
      let source = ChoiceSource(
        seed: SplitMix64.caseSeed(runSeed: seed, caseIndex: index),
        size: Swift.min(100, 1 + index * 100 / ramp), caseIndex: index)
      index += 1
      guard let value = try? generate(source) else {
        outcome.discards += 1
        continue
      }
      outcome.cases += 1
      guard let kind = failure(value) else { continue }
      found.offer(
        kind, caseIndex: index - 1,
        value: (value, ShrinkAttempt(choices: source.choices, spans: source.spans)))
      if maxKinds <= 1 { break }
    }
    outcome.failures = found.kept.map { entry in
      let (value, attempt) = entry.value
      return CheckOutcome.Failure(
        kind: entry.kind, caseIndex: entry.caseIndex, original: value,
        shrunk: shrink(attempt, keeping: entry.kind, budget: budget, failure: failure))
    }
    if let first = outcome.failures.first {
      outcome.caseIndex = first.caseIndex
      outcome.original = first.original
      outcome.shrunk = first.shrunk
    }
    return outcome
  }
}
