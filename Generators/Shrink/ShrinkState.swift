/// The mutable state of one shrink: the best case so far, the budget, and
/// the candidates already tried. The passes are in `ShrinkState+Passes`.
struct ShrinkState {
  var best: ShrinkAttempt
  let budget: ShrinkBudget
  let evaluate: Shrinker.Evaluate
  let passes: Set<ShrinkPass>
  var calls = 0
  var improvements = 0
  var exhausted = false
  var tried = Set<[UInt64]>()
  var known = ChoiceTrie()
  let clock = ContinuousClock()
  let started: ContinuousClock.Instant

  init(
    best: ShrinkAttempt, budget: ShrinkBudget, passes: Set<ShrinkPass>,
    evaluate: @escaping Shrinker.Evaluate
  ) {
    self.best = best
    self.passes = passes
    self.budget = budget
    self.evaluate = evaluate
    started = clock.now
    known.record(best.choices, failed: true)
  }

  var elapsed: Double {
    let parts = (clock.now - started).components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
  }

  /// The passes in rounds: the cheap ones until they change nothing, then
  /// the expensive ones, back to the cheap ones after any success.
  mutating func run() {
    while !exhausted {
      let before = best.choices
      run(ShrinkPass.cheap)
      if before != best.choices { continue }
      run(ShrinkPass.whenStuck)
      if before != best.choices { continue }
      run(ShrinkPass.last)
      if before == best.choices { return }
    }
  }

  private mutating func run(_ tier: [ShrinkPass]) {
    for pass in tier where passes.contains(pass) && !exhausted {
      switch pass {
      case .deleteSpans: deleteSpans()
      case .zeroSpans: zeroSpans()
      case .replaceWithDescendants: replaceWithDescendants()
      case .lowerEqualChoices: lowerEqualChoices()
      case .minimizeChoices: minimizeChoices()
      case .movePairs: movePairs()
      case .sortNeighbours: sortNeighbours()
      case .deleteChoices: deleteChoices()
      case .deleteSingleChoices: deleteSingleChoices()
      case .lowerAndDelete: lowerAndDelete()
      case .deleteAndShift: deleteAndShift()
      case .raiseAndDelete: raiseAndDelete()
      case .copySiblings: copySiblings()
      }
    }
  }

  /// Runs `candidate` if it is simpler, untried, and does not decode to a
  /// case already run; adopts it when it still fails with a simpler consumed
  /// sequence.
  @discardableResult
  mutating func consider(_ candidate: [UInt64]) -> Bool {
    if exhausted { return false }
    var candidate = candidate
    while candidate.last == 0 { candidate.removeLast() }
    guard ShrinkAttempt.shortlexLess(candidate, best.choices) else { return false }
    guard known.outcome(of: candidate) == nil, tried.insert(candidate).inserted else {
      return false
    }
    if calls >= budget.maxCalls || elapsed >= budget.maxSeconds {
      exhausted = true
      return false
    }
    calls += 1
    guard let (result, fails) = evaluate(candidate) else { return false }
    known.record(result.choices, failed: fails)
    guard fails, result.isSimpler(than: best.choices) else { return false }
    best = result
    improvements += 1
    return true
  }

  /// The largest `n` for which `accept(n)` holds, assuming `accept(0)`
  /// does: probes 1, 2, 3, 4, then doubles, then bisects (Hypothesis's
  /// `find_integer`), so a run of `n` successes costs O(log n) calls.
  mutating func findInteger(_ accept: (inout ShrinkState, Int) -> Bool) -> Int {
    for n in 1...4 {
      if exhausted || !accept(&self, n) { return n - 1 }
    }
    var low = 4
    var high = 8
    while !exhausted, accept(&self, high) {
      low = high
      guard high < Int.max / 2 else { return low }
      high *= 2
    }
    while low + 1 < high, !exhausted {
      let middle = low + (high - low) / 2
      if accept(&self, middle) { low = middle } else { high = middle }
    }
    return low
  }

  /// The spans of the run of consecutive non-empty siblings (same label
  /// and depth, each starting where the previous ends) that begins with
  /// span `index`.
  func siblingRun(from index: Int) -> [ChoiceSpan] {
    let first = best.spans[index]
    var run = [first]
    var end = first.end
    var next = index + 1
    while next < best.spans.count, best.spans[next].start <= end {
      let span = best.spans[next]
      if span.start == end, span.depth == first.depth, span.label == first.label, span.count > 0 {
        run.append(span)
        end = span.end
      }
      next += 1
    }
    return run
  }
}
