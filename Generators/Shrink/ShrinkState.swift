/// The mutable state of one shrink: the best case so far, the budget, and
/// the candidates already tried. The passes are in `ShrinkState+Passes`.
import Foundation
let debugPasses = ProcessInfo.processInfo.environment["SHRINK_PASSES"] != nil
struct ShrinkState {
  var best: ShrinkAttempt
  let budget: ShrinkBudget
  let evaluate: Shrinker.Evaluate
  var calls = 0
  var improvements = 0
  var exhausted = false
  var tried = Set<[UInt64]>()
  var known = ChoiceTrie()
  var passCalls: [String: Int] = [:]
  let clock = ContinuousClock()
  let started: ContinuousClock.Instant

  init(best: ShrinkAttempt, budget: ShrinkBudget, evaluate: @escaping Shrinker.Evaluate) {
    self.best = best
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
      pass("deleteSpans") { $0.deleteSpans() }
      pass("zeroSpans") { $0.zeroSpans() }
      pass("replaceWithDescendants") { $0.replaceWithDescendants() }
      pass("lowerEqualChoices") { $0.lowerEqualChoices() }
      pass("minimizeChoices") { $0.minimizeChoices() }
      pass("movePairs") { $0.movePairs() }
      pass("sortNeighbours") { $0.sortNeighbours() }
      pass("deleteChoices") { $0.deleteChoices() }
      if before != best.choices { continue }
      pass("lowerAndDelete") { $0.lowerAndDelete() }
      pass("deleteAndShift") { $0.deleteAndShift() }
      if before != best.choices { continue }
      pass("raiseAndDelete") { $0.raiseAndDelete() }
      if before == best.choices { break }
    }
    if debugPasses { print("    passes:", passCalls.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")) }
  }

  mutating func pass(_ name: String, _ body: (inout ShrinkState) -> Void) {
    let before = calls
    body(&self)
    passCalls[name, default: 0] += calls - before
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
