extension Gen {
  /// A generator that always yields `value` and draws nothing.
  public static func just(_ value: Value) -> Gen<Value> where Value: Sendable {
    Gen.primitive { _ in value }
  }

  /// Transforms every generated value.
  public func map<T>(_ transform: @escaping @Sendable (Value) -> T) -> Gen<T> {
    Gen<T>.primitive { source throws(GenerationError) in transform(try self.generate(source)) }
  }

  /// Dependent generation: the generator for the next value is chosen from
  /// this one's value.
  public func flatMap<T>(_ next: @escaping @Sendable (Value) -> Gen<T>) -> Gen<T> {
    Gen<T>.primitive { source throws(GenerationError) in
      try next(try self.generate(source)).generate(source)
    }
  }

  /// Keeps the values that satisfy `predicate`, retrying at most
  /// `maxAttempts` times in the same choice sequence.
  /// - Throws (when generating): `.filterExhausted` after `maxAttempts`
  ///   rejections; the runner counts the case as a discard and fails its
  ///   health check when discards dominate.
  public func filter(
    _ label: String = "filter", maxAttempts: Int = 100,
    _ predicate: @escaping @Sendable (Value) -> Bool
  ) -> Gen<Value> {
    Gen.primitive { source throws(GenerationError) in
      for _ in 0..<maxAttempts {
        let token = source.beginSpan(label)
        let value = try self.generate(source)
        source.endSpan(token)
        if predicate(value) { return value }
      }
      throw .filterExhausted(label: label, attempts: maxAttempts)
    }
  }

  /// Discards the case when `predicate` rejects the value, without
  /// retrying: Hypothesis's `assume`. The runner counts the case as a
  /// discard (reported in the run's statistics) and fails its health check
  /// when discards dominate; a shrinker treats the case as passing.
  /// - Throws (when generating): `.assumptionFailed(label:)`.
  public func assuming(
    _ label: String = "assume", _ predicate: @escaping @Sendable (Value) -> Bool
  ) -> Gen<Value> {
    Gen.primitive { source throws(GenerationError) in
      let value = try self.generate(source)
      try source.assume(predicate(value), label)
      return value
    }
  }

  /// Pairs of values of `first` and `second`, drawn in that order; each
  /// shrinks as it would alone.
  public static func zip<B>(_ first: Gen<Value>, _ second: Gen<B>) -> Gen<(Value, B)> {
    Gen<(Value, B)>.primitive { source throws(GenerationError) in
      let a = try first.generate(source)
      return (a, try second.generate(source))
    }
  }

  /// Triples of values of `first`, `second` and `third`, drawn in that
  /// order; each shrinks as it would alone.
  public static func zip<B, C>(
    _ first: Gen<Value>, _ second: Gen<B>, _ third: Gen<C>
  ) -> Gen<(Value, B, C)> {
    Gen<(Value, B, C)>.primitive { source throws(GenerationError) in
      let a = try first.generate(source)
      let b = try second.generate(source)
      return (a, b, try third.generate(source))
    }
  }

  /// The same generator, its draws recorded as one span labelled `label`.
  public func labeled(_ label: String) -> Gen<Value> {
    Gen.primitive { source throws(GenerationError) in try self.generate(source, label: label) }
  }

  /// One of `generators`, chosen uniformly; shrinks toward the first.
  /// The choice of alternative and the alternative's draws are one span
  /// labelled `"oneOf"`, so a nested `oneOf` value (a subtree) can take
  /// its parent's place whole.
  public static func oneOf(_ generators: [Gen<Value>]) -> Gen<Value> {
    Gen.primitive { source throws(GenerationError) in
      guard !generators.isEmpty else { throw .empty(label: "oneOf") }
      return try source.span("oneOf") { () throws(GenerationError) -> Value in
        let index = Int(source.draw(upTo: UInt64(generators.count - 1)))
        return try generators[index].generate(source)
      }
    }
  }

  /// One of `generators`, chosen with probability proportional to its
  /// weight; shrinks toward the first alternative with weight. Weights ≤ 0
  /// are never chosen, at random or on replay: a replayed choice naming
  /// one decodes to the nearest lower alternative with weight, else the
  /// first (`ChoiceSource.weightedIndex`). Like `oneOf`, the choice and
  /// the chosen alternative's draws are one span (`"frequency"`).
  /// - Throws (when generating): `.empty(label: "frequency")` when no
  ///   weight is positive.
  public static func frequency(_ weighted: [(Int, Gen<Value>)]) -> Gen<Value> {
    let weights = weighted.map(\.0)
    let generators = weighted.map(\.1)
    return Gen.primitive { source throws(GenerationError) in
      try source.span("frequency") { () throws(GenerationError) -> Value in
        let index = try source.weightedIndex(weights, label: "frequency")
        return try generators[index].generate(source)
      }
    }
  }

  /// A generator given the size hint `0...100`, recorded as a choice so
  /// that decoding never depends on the run (a shrinker lowers it).
  public static func sized(_ body: @escaping @Sendable (Int) -> Gen<Value>) -> Gen<Value> {
    Gen.primitive { source throws(GenerationError) in
      let size = Int(source.drawForced(UInt64(source.size), upTo: 100))
      return try body(size).generate(source)
    }
  }

  /// Boundary cases first: the first `table.count` cases of a run yield the
  /// table's entries in order; afterwards a table entry is drawn with
  /// probability `share`, `regular` otherwise. Choice 0 is `regular`.
  public static func boundaryFirst(
    _ table: [Gen<Value>], share: Double = 0.05, otherwise regular: Gen<Value>
  ) -> Gen<Value> {
    Gen.primitive { source throws(GenerationError) in
      let count = UInt64(table.count)
      var wanted: UInt64 = 0
      if let index = source.caseIndex, index < table.count {
        wanted = UInt64(index) + 1
      } else if count > 0, source.randomChance(share) {
        wanted = 1 + source.randomValue(upTo: count - 1)
      }
      let pick = source.drawForced(wanted, upTo: count)
      if pick == 0 { return try regular.generate(source) }
      return try table[Int(pick) - 1].generate(source, label: "boundary")
    }
  }

  /// Boundary cases first, for values that must shrink as hard as random
  /// ones (start states): the first `table.count` cases of a run yield the
  /// table's entries in order, later cases an entry with probability
  /// `share`, and otherwise `draw(source, nil)`, a random value.
  ///
  /// The first `picks` entries (the smallest) are one choice, `1...picks`,
  /// that a shrinker lowers or raises while deleting what follows. Every
  /// other entry is drawn by `draw(source, entry)`, which must force the
  /// choices of a random value that decodes to `entry` (`drawForced`), so
  /// the entry is recorded as ordinary choices and shrinks like any random
  /// value (single elements deleted, flags zeroed). Choice 0 is `draw`.
  ///
  /// - Complexity: one choice plus what `draw` draws.
  public static func boundaryFirst(
    _ table: [Value], picks: Int, share: Double = 0.05,
    drawing draw: @escaping @Sendable (ChoiceSource, Value?) throws(GenerationError) -> Value
  ) -> Gen<Value> where Value: Sendable {
    let picks = Swift.max(0, Swift.min(picks, table.count))
    return Gen.primitive { source throws(GenerationError) in
      var wanted = 0
      if let index = source.caseIndex, index < table.count {
        wanted = index + 1
      } else if !table.isEmpty, source.randomChance(share) {
        wanted = 1 + Int(source.randomValue(upTo: UInt64(table.count - 1)))
      }
      let pick = Int(source.drawForced(UInt64(wanted <= picks ? wanted : 0), upTo: UInt64(picks)))
      if pick > 0 { return table[pick - 1] }
      return try draw(source, wanted > picks ? table[wanted - 1] : nil)
    }
  }
}

extension ChoiceSource {
  /// Discards the case being generated unless `condition` holds (for use
  /// inside a `Gen.primitive { source in … }` body; `Gen.assuming` wraps it).
  /// - Throws: `.assumptionFailed(label:)` when `condition` is false.
  public func assume(_ condition: Bool, _ label: String = "assume") throws(GenerationError) {
    if !condition { throw .assumptionFailed(label: label) }
  }
}

extension Gen {
  /// Recursive generation with a depth bound: `branch` builds a value from
  /// a generator of smaller values (one level deeper); at `maxDepth` only
  /// `leaf` is used. A choice per level picks leaf (0, the simplest) or
  /// branch, branching with probability `branchShare` in random mode, so a
  /// shrinker collapses subtrees to leaves by zeroing a single choice.
  ///
  /// Every level is a span labelled `"subtree"` and draws its choice even
  /// at `maxDepth` (as a Boolean of probability 0, so a leaf whatever the
  /// choice), so a subtree decodes the same at any depth and a shrinker
  /// can hoist it into its parent's place.
  public static func recursive(
    maxDepth: Int, branchShare: Double = 0.5, leaf: Gen<Value>,
    branch: @escaping @Sendable (Gen<Value>) -> Gen<Value>
  ) -> Gen<Value> {
    @Sendable func level(_ depth: Int) -> Gen<Value> {
      Gen.primitive { source throws(GenerationError) in
        let token = source.beginSpan("subtree")
        defer { source.endSpan(token) }
        if source.drawBool(probability: depth < maxDepth ? branchShare : 0) {
          return try branch(level(depth + 1)).generate(source)
        }
        return try leaf.generate(source)
      }
    }
    return level(0)
  }
}
