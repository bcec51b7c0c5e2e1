/// A coverage requirement (QuickCheck's `cover`, Hedgehog's `cover`): a run
/// fails when fewer than `minimumShare` of its cases carry `label`.
public struct CoverageRequirement: Hashable, Sendable, Codable {
  /// The label a case must carry to count.
  public var label: String
  /// The minimum share of cases, in `0...1`.
  public var minimumShare: Double

  /// Creates a requirement.
  public init(label: String, minimumShare: Double) {
    self.label = label
    self.minimumShare = minimumShare
  }

  /// At least `minimumShare` of a run's cases must carry `label`.
  public static func cover(minimumShare: Double, _ label: String) -> CoverageRequirement {
    CoverageRequirement(label: label, minimumShare: minimumShare)
  }
}

extension CoverageRequirement {
  /// What `count` cases carrying a label out of `cases` say about a
  /// minimum share.
  public enum Verdict: Hashable, Sendable {
    /// The observed share reaches the minimum.
    case met
    /// The share is below the minimum, but too few cases ran to tell: the
    /// upper end of its 99.9% Wilson interval still reaches the minimum.
    case undecided
    /// The share is below the minimum beyond chance: the whole 99.9%
    /// Wilson interval lies below it.
    case short
  }

  /// Whether `count` of `cases` meet a minimum share of `minimum`: a run
  /// fails a requirement only when it is `short`, so a run too short for
  /// the requirement to mean something never fails it.
  /// - Complexity: O(1).
  public static func verdict(count: Int, cases: Int, minimum: Double) -> Verdict {
    guard cases > 0 else { return .undecided }
    let n = Double(cases)
    let share = Double(count) / n
    guard share < minimum else { return .met }
    let z = 3.29
    let center = share + z * z / (2 * n)
    let spread = z * (share * (1 - share) / n + z * z / (4 * n * n)).squareRoot()
    let upper = (center + spread) / (1 + z * z / n)
    return upper < minimum ? .short : .undecided
  }
}
