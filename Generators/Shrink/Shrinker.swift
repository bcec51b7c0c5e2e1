/// Shrinks a failing case by editing its choice sequence (Hypothesis's
/// approach, MacIver and Donaldson 2020): every candidate is a sequence
/// that is simpler in shortlex order (shorter, or as long and
/// lexicographically smaller), and it is accepted only when the property
/// still fails on what the generator decodes from it. The result therefore
/// never grows and never passes.
///
/// Passes, repeated until a full round changes nothing or the budget is
/// spent: delete spans (whole commands, elements, subtrees), delete blocks
/// of 8/4/2/1 choices, zero spans, binary-search each choice toward 0, lower
/// equal choices together, swap neighbouring sibling spans and choices into
/// sorted order. At a fixpoint, one more pass changes one of the first
/// choices (a boundary-table pick, a layout choice) while deleting the first
/// spans of the sibling run after it: a different start state that makes
/// setup commands unnecessary is shorter overall. Deterministic: the same start and property give the same
/// result unless the time budget cuts it short.
public struct Shrinker {
  /// Runs the property on a candidate sequence: the consumed choices and
  /// spans when it still fails, `nil` when it passes or decodes to no case.
  public typealias Test = ([UInt64]) -> ShrinkAttempt?

  /// The limits of one shrink.
  public var budget: ShrinkBudget

  /// Creates a shrinker with `budget`.
  public init(budget: ShrinkBudget = ShrinkBudget()) {
    self.budget = budget
  }

  /// Shrinks `start`, a failing case, with `test`.
  public func shrink(_ start: ShrinkAttempt, test: @escaping Test) -> ShrinkResult {
    var state = ShrinkState(best: start, budget: budget, test: test)
    state.run()
    return ShrinkResult(
      attempt: state.best, originalCount: start.choices.count, calls: state.calls,
      improvements: state.improvements, seconds: state.elapsed,
      budgetExhausted: state.exhausted)
  }
}

/// The mutable state of one shrink and its passes.
private struct ShrinkState {
  var best: ShrinkAttempt
  let budget: ShrinkBudget
  let test: Shrinker.Test
  var calls = 0
  var improvements = 0
  var exhausted = false
  var tried = Set<[UInt64]>()
  let clock = ContinuousClock()
  let started: ContinuousClock.Instant

  init(best: ShrinkAttempt, budget: ShrinkBudget, test: @escaping Shrinker.Test) {
    self.best = best
    self.budget = budget
    self.test = test
    started = clock.now
  }

  var elapsed: Double {
    let duration = clock.now - started
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
  }

  mutating func run() {
    while !exhausted {
      let before = best.choices
      deleteSpans()
      deleteBlocks()
      zeroSpans()
      minimizeChoices()
      lowerEqualChoices()
      sortNeighbours()
      if before == best.choices {
        raiseAndDelete()
        if before == best.choices { return }
      }
    }
  }

  /// Runs `candidate` if it is simpler and untried; adopts it when it still
  /// fails with a simpler consumed sequence.
  @discardableResult
  mutating func consider(_ candidate: [UInt64]) -> Bool {
    if exhausted { return false }
    guard ShrinkAttempt.shortlexLess(candidate, best.choices) else { return false }
    guard tried.insert(candidate).inserted else { return false }
    if calls >= budget.maxCalls || elapsed >= budget.maxSeconds {
      exhausted = true
      return false
    }
    calls += 1
    guard let result = test(candidate), result.isSimpler(than: best.choices) else {
      return false
    }
    best = result
    improvements += 1
    return true
  }

  // MARK: Passes

  mutating func deleteSpans() {
    var index = 0
    while index < best.spans.count, !exhausted {
      let span = best.spans[index]
      if span.count > 0, span.end <= best.choices.count {
        var candidate = best.choices
        candidate.removeSubrange(span.start..<span.end)
        if consider(candidate) { continue }
      }
      index += 1
    }
  }

  mutating func deleteBlocks() {
    for size in [8, 4, 2, 1] {
      var start = best.choices.count - size
      while start >= 0, !exhausted {
        if start + size <= best.choices.count {
          var candidate = best.choices
          candidate.removeSubrange(start..<(start + size))
          consider(candidate)
        }
        start -= 1
      }
    }
  }

  mutating func zeroSpans() {
    var index = 0
    while index < best.spans.count, !exhausted {
      let span = best.spans[index]
      index += 1
      guard span.end <= best.choices.count,
        best.choices[span.start..<span.end].contains(where: { $0 != 0 })
      else { continue }
      var candidate = best.choices
      for position in span.start..<span.end { candidate[position] = 0 }
      consider(candidate)
    }
  }

  mutating func minimizeChoices() {
    var position = 0
    while position < best.choices.count, !exhausted {
      lower([position])
      position += 1
    }
  }

  mutating func lowerEqualChoices() {
    var groups: [UInt64: [Int]] = [:]
    for (position, value) in best.choices.enumerated() where value > 0 {
      groups[value, default: []].append(position)
    }
    for value in groups.keys.sorted(by: >) where !exhausted {
      guard let positions = groups[value], positions.count > 1 else { continue }
      guard positions.allSatisfy({ $0 < best.choices.count && best.choices[$0] == value })
      else { continue }
      lower(positions)
      lowerPairs(positions, value: value)
    }
  }

  /// Lowers pairs of equal choices together: the values of two elements
  /// that must stay equal while a third choice (a length flag) holds the
  /// same value.
  mutating func lowerPairs(_ positions: [Int], value: UInt64) {
    guard positions.count > 2 else { return }
    let limited = positions.prefix(16)
    for (offset, first) in limited.enumerated() where !exhausted {
      for second in limited.dropFirst(offset + 1) where !exhausted {
        guard second < best.choices.count, best.choices[first] == value,
          best.choices[second] == value
        else { continue }
        lower([first, second])
      }
    }
  }

  /// Binary-searches the smallest common value of the choices at
  /// `positions` (all equal) that keeps the case failing.
  mutating func lower(_ positions: [Int]) {
    guard let first = positions.first, first < best.choices.count else { return }
    let value = best.choices[first]
    guard value > 0 else { return }
    func with(_ newValue: UInt64, _ choices: [UInt64]) -> [UInt64] {
      var candidate = choices
      for position in positions where position < candidate.count {
        candidate[position] = newValue
      }
      return candidate
    }
    if consider(with(0, best.choices)) { return }
    if value <= 16 {
      for smaller in 1..<value where !exhausted {
        if consider(with(smaller, best.choices)) { return }
      }
      return
    }
    var low: UInt64 = 0
    var high = value
    while low + 1 < high, !exhausted {
      let middle = low + (high - low) / 2
      let snapshot = best.choices
      if consider(with(middle, snapshot)) {
        guard positions.allSatisfy({ $0 < best.choices.count && best.choices[$0] == middle })
        else { return }
        high = middle
      } else {
        low = middle
      }
    }
  }

  /// Changes each of the first 8 choices to any smaller value or to a value
  /// up to 8 larger while deleting the first 1…8 spans of the first run of
  /// sibling spans after it (same label and depth: commands, elements).
  mutating func raiseAndDelete() {
    var position = 0
    while position < min(8, best.choices.count), !exhausted {
      let siblings = siblingRun(after: position)
      if !siblings.isEmpty {
        let current = best.choices[position]
        let lower = (0..<min(current, 16)).map { $0 }
        let higher = (1...8).map { current &+ $0 }.filter { $0 > current }
        for value in lower + higher where !exhausted {
          if tryRaise(position, to: value, deleting: siblings) { break }
        }
      }
      position += 1
    }
  }

  private mutating func tryRaise(_ position: Int, to value: UInt64, deleting siblings: [ChoiceSpan])
    -> Bool
  {
    for count in 1...min(8, siblings.count) where !exhausted {
      var candidate = best.choices
      candidate[position] = value
      for span in siblings.prefix(count).reversed() {
        candidate.removeSubrange(span.start..<span.end)
      }
      if consider(candidate) { return true }
    }
    return false
  }

  /// The first run of consecutive non-empty spans with the same label and
  /// depth that starts after `position`.
  private func siblingRun(after position: Int) -> [ChoiceSpan] {
    guard let first = best.spans.first(where: { $0.start > position && $0.count > 0 }) else {
      return []
    }
    var run = [first]
    while let last = run.last,
      let next = best.spans.first(where: {
        $0.start == last.end && $0.depth == first.depth && $0.label == first.label && $0.count > 0
      })
    {
      run.append(next)
    }
    return run
  }

  mutating func sortNeighbours() {
    var index = 0
    while index + 1 < best.spans.count, !exhausted {
      let a = best.spans[index]
      index += 1
      guard let b = best.spans.first(where: { $0.start == a.end && $0.depth == a.depth }),
        b.label == a.label, b.end <= best.choices.count, a.count > 0, b.count > 0
      else { continue }
      var candidate = Array(best.choices[..<a.start])
      candidate += best.choices[b.start..<b.end]
      candidate += best.choices[a.start..<a.end]
      candidate += best.choices[b.end...]
      consider(candidate)
    }
    var position = 0
    while position + 1 < best.choices.count, !exhausted {
      if best.choices[position] > best.choices[position + 1] {
        var candidate = best.choices
        candidate.swapAt(position, position + 1)
        consider(candidate)
      }
      position += 1
    }
  }
}
