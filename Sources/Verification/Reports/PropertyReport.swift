/// The statistics of one property in a fuzz run.
public struct PropertyReport: Hashable, Sendable, Codable {
  /// The property's stable name (for example `diff.roundTrip`).
  public var name: String
  /// Cases checked (passed or failed); discarded cases are not counted.
  public var cases: Int
  /// Failing cases found (a crash counts as one).
  public var failures: Int
  /// Cases whose input was rejected before checking.
  public var discards: Int
  /// Cases whose worker was killed from outside (the case did not cause
  /// it: a retry in a fresh worker passed); shown, never a failure.
  public var killed: Int
  /// `required` (Apple's semantics) or `contract` (this engine's promise);
  /// `nil` in reports written before tags existed.
  public var tag: String?
  /// Seconds of worker time spent on this property.
  public var seconds: Double
  /// Label classes with their shares and required minimums, sorted by name.
  public var coverage: [CoverageClass]
  /// Distributions of the generated cases, sorted by name.
  public var histograms: [Histogram]

  /// Creates a property report; lists are sorted by name.
  public init(
    name: String, cases: Int = 0, failures: Int = 0, discards: Int = 0,
    seconds: Double = 0, coverage: [CoverageClass] = [], histograms: [Histogram] = [],
    killed: Int = 0, tag: String? = nil
  ) {
    self.name = name
    self.cases = cases
    self.failures = failures
    self.discards = discards
    self.killed = killed
    self.tag = tag
    self.seconds = seconds
    self.coverage = coverage.sorted { $0.name < $1.name }.map { item in
      var item = item
      item.share = item.share(of: cases)
      return item
    }
    self.histograms = histograms.sorted { $0.name < $1.name }
  }

  /// Cases per second of worker time; 0 before any time was spent.
  public var casesPerSecond: Double {
    seconds > 0 ? Double(cases + discards) / seconds : 0
  }

  /// The calls skipped because Apple rejects them (a `.traps` or
  /// `.unspecified` implementation is not handed them), summed from the
  /// `Statistics.skippedCallsHistogram` histogram; `nil` when the property
  /// did not record it (the implementation throws).
  public var skippedCalls: Int? {
    histograms.first { $0.name == Statistics.skippedCallsHistogram }.map { histogram in
      Statistics.total(of: histogram.buckets.map { ($0.label, $0.count) })
    }
  }

  /// The checks skipped because the implementation lacks a capability,
  /// summed from `Statistics.skippedChecksHistogram`; `nil` when the
  /// property did not record it (the implementation has them all).
  public var skippedChecks: Int? {
    histograms.first { $0.name == Statistics.skippedChecksHistogram }.map { histogram in
      Statistics.total(of: histogram.buckets.map { ($0.label, $0.count) })
    }
  }

  /// The declared limits of the differ cases needed to pass, each with
  /// its number of cases, in declaration order (from the
  /// `Statistics.limitationsHistogram` histogram).
  public var limitations: [(limit: DifferLimit, cases: Int)] {
    let buckets = histograms.first { $0.name == Statistics.limitationsHistogram }?.buckets ?? []
    return Statistics.limitations(in: buckets.map { ($0.label, $0.count) })
  }

  /// Whether no case failed and every coverage minimum was met.
  public var passed: Bool {
    failures == 0 && coverageShortfalls.isEmpty
  }

  /// The coverage classes below their minimum share beyond chance; none
  /// for a failing property (its run stopped early, so its shares mean
  /// little).
  public var coverageShortfalls: [CoverageClass] {
    guard failures == 0 else { return [] }
    return coverage.filter { !$0.isSatisfied(cases: cases) }
  }

  /// The coverage classes below their minimum share in a run too short to
  /// tell (`CoverageRequirement.verdict`): shown, never failed.
  public var coverageUndecided: [CoverageClass] {
    guard failures == 0 else { return [] }
    return coverage.filter { $0.isUndecided(cases: cases) }
  }

  enum CodingKeys: String, CodingKey {
    case name, cases, failures, discards, seconds
    case casesPerSecond = "cases_per_second"
    case coverage, histograms, killed, tag
  }

  /// Decodes a property's figures from its JSON object (see
  /// `Reports/README.md`).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    cases = try container.decode(Int.self, forKey: .cases)
    failures = try container.decode(Int.self, forKey: .failures)
    discards = try container.decode(Int.self, forKey: .discards)
    killed = try container.decodeIfPresent(Int.self, forKey: .killed) ?? 0
    tag = try container.decodeIfPresent(String.self, forKey: .tag)
    seconds = try container.decode(Double.self, forKey: .seconds)
    let coverage = try container.decodeIfPresent([CoverageClass].self, forKey: .coverage) ?? []
    let checked = cases
    self.coverage = coverage.map { item in
      var item = item
      item.share = item.share(of: checked)
      return item
    }
    histograms = try container.decodeIfPresent([Histogram].self, forKey: .histograms) ?? []
    guard cases >= 0, failures >= 0, discards >= 0, killed >= 0, seconds >= 0, seconds.isFinite
    else {
      throw DecodingError.dataCorruptedError(
        forKey: .cases, in: container,
        debugDescription: "property \(name): negative or non-finite counts")
    }
  }

  /// Encodes the property's figures as its JSON object (see
  /// `Reports/README.md`).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(cases, forKey: .cases)
    try container.encode(failures, forKey: .failures)
    try container.encode(discards, forKey: .discards)
    try container.encode(killed, forKey: .killed)
    try container.encodeIfPresent(tag, forKey: .tag)
    try container.encode(seconds, forKey: .seconds)
    try container.encode(casesPerSecond, forKey: .casesPerSecond)
    try container.encode(coverage, forKey: .coverage)
    try container.encode(histograms, forKey: .histograms)
  }
}
