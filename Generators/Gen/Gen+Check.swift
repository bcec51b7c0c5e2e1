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
    var outcome = CheckOutcome<Value>(cases: 0, discards: 0)
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
      guard fails(value) else { continue }
      outcome.caseIndex = index - 1
      outcome.original = value
      outcome.shrunk = shrink(
        ShrinkAttempt(choices: source.choices, spans: source.spans), budget: budget, fails: fails)
      return outcome
    }
    return outcome
  }
}
