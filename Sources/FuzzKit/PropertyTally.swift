import Verification

/// The running statistics of one property in a fuzz run, turned into a
/// `PropertyReport` at the end. Label and histogram counts are kept in
/// dictionaries but only ever read through sorted keys.
public struct PropertyTally: Sendable {
  /// The property's name.
  public let name: String
  /// The coverage requirements (label, minimum share).
  public let requirements: [CoverageRequirementEntry]
  /// Cases checked (passed or failed).
  public private(set) var cases = 0
  /// Cases discarded.
  public private(set) var discards = 0
  /// Failing cases, crashes included.
  public private(set) var failures = 0
  /// Cases whose worker was killed from outside (a retry in a fresh
  /// worker did not die): shown, never failures.
  public private(set) var killed = 0
  /// Worker seconds spent, including cases that crashed or hung.
  public private(set) var seconds = 0.0
  /// `required` or `contract`, if the property is tagged.
  public var tag: String?
  private var labelCounts: [String: Int] = [:]
  private var histograms: [String: [String: Int]] = [:]

  /// A required minimum share for a label.
  public struct CoverageRequirementEntry: Hashable, Sendable {
    /// The label.
    public var label: String
    /// The minimum share of cases, in `0...1`.
    public var minimumShare: Double

    /// Creates a requirement.
    public init(label: String, minimumShare: Double) {
      self.label = label
      self.minimumShare = minimumShare
    }
  }

  /// Creates an empty tally.
  public init(name: String, requirements: [CoverageRequirementEntry] = [], tag: String? = nil) {
    self.name = name
    self.requirements = requirements
    self.tag = tag
  }

  /// Records one finished case.
  public mutating func record(_ outcome: CaseOutcome, statistics: CaseStatistics?, seconds: Double)
  {
    self.seconds += max(0, seconds)
    switch outcome.status {
    case .discard:
      discards += 1
      return
    case .fail:
      failures += 1
    case .pass:
      break
    }
    cases += 1
    for limit in outcome.limits {
      histograms[Statistics.limitationsHistogram, default: [:]][limit.rawValue, default: 0] += 1
    }
    guard let statistics else { return }
    var seen: [String] = []
    for label in statistics.labels where !seen.contains(label) {
      seen.append(label)
      labelCounts[label, default: 0] += 1
    }
    for sample in statistics.samples {
      histograms[sample.histogram, default: [:]][sample.bucket, default: 0] += 1
    }
  }

  /// Records a case that crashed its worker or hung: a checked, failing
  /// case that took `seconds` before it was given up on.
  public mutating func recordCrash(seconds: Double = 0) {
    self.seconds += max(0, seconds)
    cases += 1
    failures += 1
  }

  /// Records a case whose worker was killed from outside: the case did
  /// not cause it (a retry returned), so it is counted apart, not failed.
  public mutating func recordKilled(seconds: Double = 0) {
    self.seconds += max(0, seconds)
    killed += 1
  }

  /// The report of this property so far.
  public var report: PropertyReport {
    var coverage = labelCounts.keys.sorted().map { label in
      CoverageClass(
        name: label, count: labelCounts[label, default: 0],
        minimum: requirements.first { $0.label == label }?.minimumShare)
    }
    for requirement in requirements where labelCounts[requirement.label] == nil {
      coverage.append(
        CoverageClass(name: requirement.label, count: 0, minimum: requirement.minimumShare))
    }
    let histogramReports = histograms.keys.sorted().map { name in
      Histogram(
        name: name,
        buckets: histograms[name, default: [:]].keys.sorted().map {
          Histogram.Bucket(label: $0, count: histograms[name, default: [:]][$0, default: 0])
        })
    }
    return PropertyReport(
      name: name, cases: cases, failures: failures, discards: discards, seconds: seconds,
      coverage: coverage, histograms: histogramReports, killed: killed, tag: tag)
  }
}
