/// Shrinks a failing case by editing its choice sequence (Hypothesis's
/// approach, MacIver and Donaldson 2020): every candidate is a sequence
/// that is simpler in shortlex order (shorter, or as long and
/// lexicographically smaller), and it is accepted only when the property
/// still fails on what the generator decodes from it. The result therefore
/// never grows and never passes.
///
/// Passes (`ShrinkPass`), cheapest and most productive first, repeated
/// until a full round changes nothing or the budget is spent:
///
/// 1. delete spans (commands, elements, subtrees), growing each successful
///    deletion over the following sibling spans (probe 1, 2, 3, 4, then
///    doubling, then bisection: Hypothesis's `find_integer`); elements of a
///    list that may have reached its bound are first deleted with the stop
///    choice such a list never drew inserted after them;
/// 2. zero spans; replace a span by a nested span with the same label (a
///    subtree by one of its subtrees);
/// 3. lower equal choices together, then each choice: 0, 1, then one step
///    down, and only after a step succeeds the big jumps (halving, then
///    subtracting with the same adaptive probe), so a choice at its minimum
///    costs four calls; when a step of 1 no longer fails, step 4 from that
///    choice runs before a step of 2 (a choice that keeps its distance to another);
/// 4. move value between two nearby choices (lower one, raise or lower
///    the other by as much: keeps a sum or a difference), a step first and
///    then the same big jumps on the room left;
/// 5. swap neighbouring sibling spans and choices into sorted order, and
///    delete adjacent pairs of choices (joins two lists into one);
///
/// when those are stuck: lower a count while deleting as many spans after
/// it, delete a span while lowering an index in each following sibling,
/// and delete single choices (a flag or continue choice that no span
/// covers alone); and last: change one of the first choices (a
/// boundary-table pick, a layout choice) while deleting the first spans
/// after it and then the spans after those, even a lone one (a different
/// start state that makes setup commands unnecessary); and replace a step
/// of a script (a list element around its command) by a copy of the
/// shorter step before it, with one or two of its choices raised by 1 (the
/// earlier command repeated with other arguments, in place of a command of
/// another kind).
///
/// A candidate that decodes to a case already run (it starts with that
/// case's consumed choices) is not run again. Deterministic: the same start
/// and property give the same result unless the time budget cuts it short.
public struct Shrinker {
  /// Runs the property on a candidate sequence: the consumed choices and
  /// spans when it still fails, `nil` when it passes or decodes to no case.
  public typealias Test = ([UInt64]) -> ShrinkAttempt?

  /// Runs the property on a candidate sequence: the consumed choices and
  /// spans and whether the case still fails, or `nil` when the choices
  /// decode to no case and what they consumed is unknown. Knowing what a
  /// passing candidate consumed lets the shrinker skip every later
  /// candidate that decodes to the same case.
  public typealias Evaluate = ([UInt64]) -> (attempt: ShrinkAttempt, fails: Bool)?

  /// The limits of one shrink.
  public var budget: ShrinkBudget

  /// The passes that run (all of them; tests switch single passes off to
  /// show what each one achieves).
  var passes: Set<ShrinkPass> = Set(ShrinkPass.allCases)

  /// Creates a shrinker with `budget`.
  public init(budget: ShrinkBudget = ShrinkBudget()) {
    self.budget = budget
  }

  /// Shrinks `start`, a failing case, with `test`.
  public func shrink(_ start: ShrinkAttempt, test: @escaping Test) -> ShrinkResult {
    shrink(start, evaluate: { choices in test(choices).map { ($0, true) } })
  }

  /// Shrinks `start`, a failing case, with `evaluate`.
  public func shrink(_ start: ShrinkAttempt, evaluate: @escaping Evaluate) -> ShrinkResult {
    var state = ShrinkState(best: start, budget: budget, passes: passes, evaluate: evaluate)
    state.run()
    return ShrinkResult(
      attempt: state.best, originalCount: start.choices.count, calls: state.calls,
      improvements: state.improvements, seconds: state.elapsed,
      budgetExhausted: state.exhausted)
  }
}
