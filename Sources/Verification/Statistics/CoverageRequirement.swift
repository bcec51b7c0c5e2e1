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
