/// A label class of generated cases (for example `cross-section move`) with
/// how often it occurred and, when the property requires it, the minimum
/// share of cases it must reach.
public struct CoverageClass: Hashable, Sendable, Codable {
  /// The class label.
  public var name: String
  /// The number of checked cases that carried the label.
  public var count: Int
  /// The required minimum share of cases in `0...1`, if any.
  public var minimum: Double?
  /// The share of the property's cases that carried the label, as written
  /// to `report.json`; `PropertyReport` keeps it in step with the counts.
  public internal(set) var share: Double = 0

  /// Creates a class.
  public init(name: String, count: Int, minimum: Double? = nil) {
    self.name = name
    self.count = count
    self.minimum = minimum
  }

  /// The share of `cases` that carried the label; 0 when `cases` is 0.
  public func share(of cases: Int) -> Double {
    cases > 0 ? Double(count) / Double(cases) : 0
  }

  /// Whether the class met its minimum over `cases`, or the run was too
  /// short to tell (`CoverageRequirement.verdict`): always without a
  /// minimum.
  public func isSatisfied(cases: Int) -> Bool {
    guard let minimum else { return true }
    return CoverageRequirement.verdict(count: count, cases: cases, minimum: minimum) != .short
  }

  /// Whether the class is below its minimum share without the run having
  /// been long enough to tell (reports say so; the run does not fail).
  public func isUndecided(cases: Int) -> Bool {
    guard let minimum else { return false }
    return CoverageRequirement.verdict(count: count, cases: cases, minimum: minimum) == .undecided
  }

  enum CodingKeys: String, CodingKey {
    case name, count, minimum, share
  }

  /// Decodes a class from its JSON object (see `Reports/README.md`).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    count = try container.decode(Int.self, forKey: .count)
    minimum = try container.decodeIfPresent(Double.self, forKey: .minimum)
    guard count >= 0, minimum.map({ (0...1).contains($0) }) ?? true else {
      throw DecodingError.dataCorruptedError(
        forKey: .count, in: container,
        debugDescription: "coverage class \(name): count < 0 or minimum outside 0...1")
    }
  }

  /// Encodes the class as its JSON object (see `Reports/README.md`).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(count, forKey: .count)
    try container.encodeIfPresent(minimum, forKey: .minimum)
    try container.encode(share, forKey: .share)
  }
}
