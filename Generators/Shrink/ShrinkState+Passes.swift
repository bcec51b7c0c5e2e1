extension ShrinkState {
  // MARK: Deletion

  /// Deletes each span, and after a success as many of its following
  /// siblings as still fail (an adaptive probe, not one call per span).
  mutating func deleteSpans() {
    var index = 0
    while index < best.spans.count, !exhausted {
      let span = best.spans[index]
      guard span.count > 0, span.end <= best.choices.count else {
        index += 1
        continue
      }
      let run = siblingRun(from: index)
      let base = best.choices
      let full = mayBeFull(run)
      let deleted = findInteger { state, count in
        guard count <= run.count else { return false }
        var candidate = base
        if full { candidate.insert(0, at: run[run.count - 1].end) }
        candidate.removeSubrange(run[0].start..<run[count - 1].end)
        if full, state.consider(candidate) { return true }
        candidate = base
        candidate.removeSubrange(run[0].start..<run[count - 1].end)
        return state.consider(candidate)
      }
      if deleted == 0 { index += 1 }
    }
  }

  /// Whether `run` may be a list that reached its upper bound: its spans
  /// are list elements (`collect`'s `"element"`), the last one is not a
  /// stop choice (all zeros), and choices follow it. Such a list drew no
  /// stop choice, so once shorter it reads the next choice as "continue?":
  /// deleting its elements then also inserts that stop choice (a 0) where
  /// the list ends, which keeps everything after it aligned (a start
  /// layout holding every id of its universe, a full section list).
  func mayBeFull(_ run: [ChoiceSpan]) -> Bool {
    guard let last = run.last, last.label == "element", last.end < best.choices.count else {
      return false
    }
    return !isZero(last)
  }

  /// Deletes adjacent pairs of choices, from the end: joins two lists (a
  /// stop choice and the next continue choice).
  mutating func deleteChoices() {
    deleteChoices(size: 2)
  }

  /// Deletes single non-zero choices, from the end: drops a set flag or a
  /// continue choice that no span covers on its own (an element of a
  /// nested list whose span also holds its parent's draws), which can
  /// realign what follows so that a whole command becomes deletable. (A
  /// zero is a stop choice or an unset flag: pairs and spans delete those.)
  mutating func deleteSingleChoices() {
    deleteChoices(size: 1, nonZero: true)
  }

  /// Deletes each block of `size` adjacent choices, from the end; with
  /// `nonZero`, only blocks holding a non-zero choice.
  private mutating func deleteChoices(size: Int, nonZero: Bool = false) {
    var start = best.choices.count - size
    while start >= 0, !exhausted {
      if start + size <= best.choices.count,
        !nonZero || best.choices[start..<(start + size)].contains(where: { $0 != 0 })
      {
        var candidate = best.choices
        candidate.removeSubrange(start..<(start + size))
        consider(candidate)
      }
      start -= 1
    }
  }

  /// Sets every choice of a span to 0 (for a list element, truncates the
  /// list there).
  mutating func zeroSpans() {
    var index = 0
    while index < best.spans.count, !exhausted {
      let span = best.spans[index]
      index += 1
      guard span.count > 1, span.end <= best.choices.count,
        best.choices[span.start..<span.end].contains(where: { $0 != 0 })
      else { continue }
      var candidate = best.choices
      for position in span.start..<span.end { candidate[position] = 0 }
      consider(candidate)
    }
  }

  /// Replaces a span by one of the spans nested in it with the same label
  /// (at most two levels down), outermost span first and, for each, the
  /// smallest nested span first (the simplest replacement; ties in
  /// position order): a subtree by one of its subtrees, which deletion and
  /// zeroing cannot reach when the subtree's root is what the bug needs
  /// gone.
  mutating func replaceWithDescendants() {
    var index = 0
    while index < best.spans.count, !exhausted {
      let outer = best.spans[index]
      var replaced = false
      var inner = index + 1
      var nested: [ChoiceSpan] = []
      while inner < best.spans.count, best.spans[inner].start < outer.end {
        let span = best.spans[inner]
        inner += 1
        guard span.label == outer.label, span.depth > outer.depth, span.depth <= outer.depth + 2,
          span.end <= outer.end, span.count < outer.count,
          outer.end <= best.choices.count
        else { continue }
        nested.append(span)
      }
      for span in nested.sorted(by: { ($0.count, $0.start) < ($1.count, $1.start) })
      where !exhausted {
        var candidate = Array(best.choices[..<outer.start])
        candidate += best.choices[span.start..<span.end]
        candidate += best.choices[outer.end...]
        if consider(candidate) {
          replaced = true
          break
        }
      }
      if !replaced { index += 1 }
    }
  }

  // MARK: Values

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
      guard holds(value, at: positions) else { continue }
      lower(positions)
      lowerPairs(positions, value: value)
    }
  }

  /// Lowers pairs of equal choices together: the values of two elements
  /// that must stay equal while a third choice (a length flag) holds the
  /// same value.
  mutating func lowerPairs(_ positions: [Int], value: UInt64) {
    guard positions.count > 2, positions.count <= 6 else { return }
    let limited = positions
    for (offset, first) in limited.enumerated() where !exhausted {
      for second in limited.dropFirst(offset + 1) where !exhausted {
        guard holds(value, at: [first, second]) else { continue }
        lower([first, second])
      }
    }
  }

  /// Whether every position in `positions` holds `value` in `best`.
  func holds(_ value: UInt64, at positions: [Int]) -> Bool {
    positions.allSatisfy { $0 < best.choices.count && best.choices[$0] == value }
  }

  /// Lowers the choices at `positions` (all equal) together, as far as the
  /// case keeps failing: tries 0 and 1, then `descend`s from the current
  /// value by steps of 1; when even one step down passes, a lone choice
  /// first tries moving value to the choices after it (`movePairs(from:)`:
  /// a choice that must keep its distance to another one), then steps of
  /// 2 (in `Gen.int`'s zig-zag coding a step of 2 keeps the sign, and a
  /// plain value steps over a one-wide gap next to its minimum).
  mutating func lower(_ positions: [Int]) {
    guard let first = positions.first, first < best.choices.count else { return }
    let value = best.choices[first]
    guard value > 0 else { return }
    let base = best.choices
    let lowered = { (state: inout ShrinkState, newValue: UInt64) -> Bool in
      var candidate = base
      for position in positions where position < candidate.count {
        candidate[position] = newValue
      }
      return state.consider(candidate)
    }
    if lowered(&self, 0) || value == 1 { return }
    if lowered(&self, 1) || value == 2 { return }
    if descend(from: value, step: 1, lowered) { return }
    if positions.count == 1, passes.contains(.movePairs), movePairs(from: first) { return }
    descend(from: value, step: 2, lowered)
  }

  /// Lowers a parameter from `value` (the current case's) as far as
  /// `accept` keeps failing, cheap where nothing gives: one `step` down
  /// first, so a value at its minimum costs one call; after that step, the
  /// big jumps: shifting the value right as far as the case keeps failing,
  /// then subtracting multiples of the step, each with the adaptive probe,
  /// so a value far above its minimum costs O(log bits + log distance)
  /// calls (Hypothesis's integer shrinker, entered through a probe).
  /// - Returns: whether the first step succeeded.
  @discardableResult
  mutating func descend(
    from value: UInt64, step: UInt64, _ accept: (inout ShrinkState, UInt64) -> Bool
  ) -> Bool {
    guard step <= value, !exhausted, accept(&self, value - step) else { return false }
    var current = value - step
    guard current > 1 else { return true }
    let shiftBase = current
    let shift = findInteger { state, shift in
      shift < 64 && accept(&state, shiftBase >> UInt64(shift))
    }
    if shift > 0 { current = shiftBase >> UInt64(shift) }
    let subtractBase = current
    _ = findInteger { state, amount in
      let (delta, overflow) = UInt64(amount).multipliedReportingOverflow(by: step)
      return !overflow && delta <= subtractBase && accept(&state, subtractBase - delta)
    }
    return true
  }

  // MARK: Moving value between choices

  /// For each choice above 1, `movePairs(from:)`.
  mutating func movePairs() {
    var first = 0
    while first < best.choices.count, !exhausted {
      movePairs(from: first)
      first += 1
    }
  }

  /// For the choice at `first` and each choice above 1 up to 8 positions
  /// after it: lower the first while lowering the second by as much
  /// (keeps a difference), or while raising the second by as much, or by
  /// twice as much (keeps a sum, in plain and in zig-zag integer codings),
  /// each as far as the case keeps failing.
  /// - Returns: whether any move succeeded.
  @discardableResult
  mutating func movePairs(from first: Int) -> Bool {
    let before = best.choices
    var second = first + 1
    while second < min(first + 9, best.choices.count), first < best.choices.count, !exhausted {
      if best.choices[first] > 1, best.choices[second] > 1 {
        for (step, sign) in [(UInt64(1), false), (1, true), (2, true)] where !exhausted {
          if movePair(first, second, step: step, raising: sign) { break }
        }
      }
      second += 1
    }
    return best.choices != before
  }

  /// Moves `step` times `d` from `first` to `second` (lowering both, or
  /// raising `second`) for the largest `d` that keeps the case failing:
  /// `descend`s the room left for moving, so a move by one step costs one
  /// call and a long move O(log) calls.
  private mutating func movePair(_ first: Int, _ second: Int, step: UInt64, raising: Bool) -> Bool {
    let base = best.choices
    let room = (raising ? base[first] : Swift.min(base[first], base[second])) / step
    guard room > 0 else { return false }
    let before = best.choices
    let move = { (state: inout ShrinkState, left: UInt64) -> Bool in
      let delta = (room - left) * step
      var candidate = base
      candidate[first] -= delta
      if raising {
        let (sum, overflow) = base[second].addingReportingOverflow(delta)
        guard !overflow else { return false }
        candidate[second] = sum
      } else {
        candidate[second] -= delta
      }
      return state.consider(candidate)
    }
    descend(from: room, step: 1, move)
    return best.choices != before
  }

  /// For each non-zero choice directly followed by a run of sibling spans
  /// (a length and its elements) and not itself inside a span of theirs:
  /// lowers the choice by `n` while deleting
  /// the first `n` spans of the run, for the largest such `n` that fails.
  mutating func lowerAndDelete() {
    var index = 0
    while index < best.spans.count, !exhausted {
      let span = best.spans[index]
      index += 1
      let position = span.start - 1
      guard span.count > 0, position >= 0, position < best.choices.count,
        best.choices[position] > 0,
        index == 1 || best.spans[index - 2].start != span.start,
        !best.spans.contains(where: {
          $0.label == span.label && $0.start <= position && position < $0.end
        })
      else { continue }
      let run = siblingRun(from: index - 1)
      let base = best.choices
      _ = findInteger { state, count in
        guard count <= run.count, UInt64(count) <= base[position] else { return false }
        var candidate = base
        candidate.removeSubrange(run[0].start..<run[count - 1].end)
        candidate[position] -= UInt64(count)
        return state.consider(candidate)
      }
    }
  }

  /// Deletes a span while lowering by 1 the choice at one offset in each
  /// following sibling: values that index into the list (or count its
  /// elements) stay pointed at the same elements after the deletion. An
  /// offset where every lowered value is 1 (flags) is skipped.
  mutating func deleteAndShift() {
    var index = 0
    while index < best.spans.count, !exhausted {
      let run = siblingRun(from: index)
      index += 1
      guard run.count > 1, run[0].end <= best.choices.count else { continue }
      for offset in 0..<run[0].count where !exhausted {
        var candidate = best.choices
        var shifted = false
        for sibling in run.dropFirst()
        where offset < sibling.count && candidate[sibling.start + offset] > 0 {
          candidate[sibling.start + offset] -= 1
          shifted = shifted || candidate[sibling.start + offset] > 0
        }
        guard shifted else { continue }
        candidate.removeSubrange(run[0].start..<run[0].end)
        if consider(candidate) { break }
      }
    }
  }

  /// Changes each of the first 8 choices to any smaller value or to a value
  /// up to 8 larger while deleting the first 1…8 spans of the first run of
  /// sibling spans after it (same label and depth: commands, elements) and
  /// of the run that follows that one (a boundary pick raised past a random
  /// start layout deletes the layout's elements and then the commands that
  /// filled it), unless the choice is itself inside a span of that label
  /// (an element's own draws are not a start state). A run of one span counts when its
  /// choices are all 0 (an empty list's stop choice), and the choice is
  /// then only raised: a boundary-table pick raised past an empty random
  /// forest deletes that forest's lone stop choice, so the commands after
  /// stay aligned.
  mutating func raiseAndDelete() {
    var position = 0
    while position < min(8, best.choices.count), !exhausted {
      let siblings = siblingRun(after: position)
      if let kind = siblings.first, siblings.count > 1 || isZero(kind),
        !best.spans.contains(where: {
          $0.label == kind.label && $0.start <= position && position < $0.end
        })
      {
        let current = best.choices[position]
        let lower = siblings.count > 1 ? (0..<min(current, 16)).map { $0 } : []
        let higher = (1...8).map { current &+ $0 }.filter { $0 > current }
        let following = siblings + siblingRun(startingAt: siblings[siblings.count - 1].end)
        for value in lower + higher where !exhausted {
          if tryRaise(position, to: value, deleting: following) { break }
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

  /// Replaces a step by a copy of the step just before it when that one is
  /// shorter: as is, then with one and then two of its first 8 choices
  /// raised by 1 (a later command that repeats an earlier, simpler one with
  /// another argument or two: the same section apply to the next section,
  /// which deleting and lowering cannot reach from a command of another
  /// kind). Steps are list elements that each wrap a span of another label
  /// (an element around its command), not elements of plain values, nested
  /// lists or recursive trees, whose shorter siblings the other passes
  /// already try.
  mutating func copySiblings() {
    var index = 0
    while index < best.spans.count, !exhausted {
      if !copySibling(at: index) { index += 1 }
    }
  }

  private mutating func copySibling(at index: Int) -> Bool {
    let run = siblingRun(from: index)
    guard run.count > 1, run[1].end <= best.choices.count, run[1].count > run[0].count,
      wrapsStep(run[0]), wrapsStep(run[1])
    else { return false }
    let (source, target) = (run[0], run[1])
    let copy = Array(best.choices[source.start..<source.end])
    let positions = Array(0..<min(8, copy.count))
    var raised: [[Int]] = [[]] + positions.map { [$0] }
    for first in positions {
      for second in positions where second > first { raised.append([first, second]) }
    }
    for raise in raised where !exhausted {
      var replacement = copy
      for position in raise { replacement[position] &+= 1 }
      var candidate = Array(best.choices[..<target.start])
      candidate += replacement
      candidate += best.choices[target.end...]
      if consider(candidate) { return true }
    }
    return false
  }

  /// Whether `span` is a step of a script: a list element (`collect`'s
  /// `"element"`) around a span of another label (its command).
  func wrapsStep(_ span: ChoiceSpan) -> Bool {
    span.label == "element"
      && best.spans.contains {
        $0.depth == span.depth + 1 && $0.label != span.label && $0.start >= span.start
          && $0.end <= span.end
      }
  }

  /// Whether every choice of `span` is 0.
  func isZero(_ span: ChoiceSpan) -> Bool {
    span.end <= best.choices.count && best.choices[span.start..<span.end].allSatisfy { $0 == 0 }
  }

  /// The first run of consecutive non-empty sibling spans that starts at or
  /// after `position`, if any.
  private func siblingRun(startingAt position: Int) -> [ChoiceSpan] {
    guard let first = best.spans.firstIndex(where: { $0.start >= position && $0.count > 0 }) else {
      return []
    }
    return siblingRun(from: first)
  }

  /// The first run of consecutive non-empty spans with the same label and
  /// depth that starts after `position`.
  private func siblingRun(after position: Int) -> [ChoiceSpan] {
    guard let first = best.spans.firstIndex(where: { $0.start > position && $0.count > 0 }) else {
      return []
    }
    return siblingRun(from: first)
  }

  // MARK: Order

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
