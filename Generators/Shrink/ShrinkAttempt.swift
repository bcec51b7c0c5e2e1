/// A failing case as the shrinker sees it: the choices the generator
/// actually consumed and the spans it recorded.
public struct ShrinkAttempt: Hashable, Sendable {
  /// The consumed choices.
  public var choices: [UInt64]
  /// The recorded spans over `choices`.
  public var spans: [ChoiceSpan]

  /// Creates an attempt.
  public init(choices: [UInt64], spans: [ChoiceSpan]) {
    self.choices = choices
    self.spans = spans
  }

  /// Whether `self` comes before `other` in shortlex order: fewer choices,
  /// or as many and lexicographically smaller.
  public func isSimpler(than other: [UInt64]) -> Bool {
    ShrinkAttempt.shortlexLess(choices, other)
  }

  /// Shortlex order on choice sequences.
  public static func shortlexLess(_ a: [UInt64], _ b: [UInt64]) -> Bool {
    if a.count != b.count { return a.count < b.count }
    return a.lexicographicallyPrecedes(b)
  }
}
