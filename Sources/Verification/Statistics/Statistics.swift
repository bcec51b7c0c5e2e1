/// What a run generated: labels per case (for coverage requirements) and
/// histograms of observations (command kinds, sizes, depths, expanded
/// counts), plus discards.
///
/// Dictionaries are only ever read through sorted keys, so reports are
/// deterministic.
public struct Statistics: Hashable, Sendable, Codable {
  /// Cases that were checked (not discarded).
  public var cases = 0
  /// Cases discarded by a filter or a `.discard` verdict.
  public var discards = 0
  /// For each label, the number of checked cases that carried it.
  public var labelCounts: [String: Int] = [:]
  /// For each histogram, the number of samples per bucket.
  public var histograms: [String: [String: Int]] = [:]

  /// Creates empty statistics.
  public init() {}

  /// The share of discarded cases among all generated ones.
  public var discardRatio: Double {
    let total = cases + discards
    return total == 0 ? 0 : Double(discards) / Double(total)
  }

  /// The share of checked cases carrying `label`.
  public func share(of label: String) -> Double {
    cases == 0 ? 0 : Double(labelCounts[label, default: 0]) / Double(cases)
  }

  /// Records one checked case.
  public mutating func record(labels: [String], observations: [Observation]) {
    cases += 1
    var seen: [String] = []
    for label in labels where !seen.contains(label) {
      seen.append(label)
      labelCounts[label, default: 0] += 1
    }
    for observation in observations {
      histograms[observation.histogram, default: [:]][observation.bucket, default: 0] += 1
    }
  }

  /// Adds `other`'s counts to these (for merging shards).
  public mutating func merge(_ other: Statistics) {
    cases += other.cases
    discards += other.discards
    for (label, count) in other.labelCounts { labelCounts[label, default: 0] += count }
    for (name, buckets) in other.histograms {
      for (bucket, count) in buckets { histograms[name, default: [:]][bucket, default: 0] += count }
    }
  }

  /// The histogram in which each case of a `.traps` or `.unspecified`
  /// implementation records how many of its calls were skipped (Apple
  /// rejects them, so the implementation is not handed them).
  public static let skippedCallsHistogram = "skippedCalls"

  /// The calls skipped over all cases: the sum of the
  /// `skippedCallsHistogram` samples.
  public var skippedCalls: Int {
    Self.total(of: histograms[Self.skippedCallsHistogram, default: [:]].map { ($0.key, $0.value) })
  }

  /// The histogram in which each case records how many of its checks were
  /// skipped because the implementation lacks a capability (readable marks,
  /// `==`, a section-snapshot query; see `SnapshotCapabilities`).
  public static let skippedChecksHistogram = "skippedChecks"

  /// The checks skipped over all cases for missing capabilities.
  public var skippedChecks: Int {
    Self.total(of: histograms[Self.skippedChecksHistogram, default: [:]].map { ($0.key, $0.value) })
  }

  /// The histogram in which each case that passed only within a declared
  /// limit of the differ records that limit (`DifferLimit.rawValue`).
  public static let limitationsHistogram = "limitations"

  /// The observations of a case that needed `limits`.
  public static func observations(of limits: [DifferLimit]) -> [Observation] {
    limits.map { Observation(limitationsHistogram, $0.rawValue) }
  }

  /// The declared limits cases needed, each with the number of cases, in
  /// declaration order.
  public var limitations: [(limit: DifferLimit, cases: Int)] {
    Self.limitations(
      in: histograms[Self.limitationsHistogram, default: [:]].map { ($0.key, $0.value) })
  }

  /// The limits named by a limitations histogram's buckets, with their
  /// counts, in declaration order (buckets naming no limit are left out).
  public static func limitations(in buckets: [(bucket: String, count: Int)]) -> [(
    limit: DifferLimit, cases: Int
  )] {
    buckets.compactMap { bucket in DifferLimit(rawValue: bucket.bucket).map { ($0, bucket.count) } }
      .sorted { $0.limit < $1.limit }
  }

  /// `limitation: no cross-section moves, seen in 12 of 400 cases`.
  public static func limitationLine(_ limit: DifferLimit, cases: Int, of total: Int) -> String {
    "limitation: \(limit.label), seen in \(cases) of \(total) cases"
  }

  /// The sum of numeric buckets weighted by their counts (`bucket × count`).
  public static func total(of buckets: [(bucket: String, count: Int)]) -> Int {
    buckets.reduce(0) { $0 + (Int($1.bucket) ?? 0) * $1.count }
  }

  /// The requirements that these statistics do not meet.
  public func unmet(_ requirements: [CoverageRequirement]) -> [CoverageRequirement] {
    requirements.filter { requirement in
      CoverageRequirement.verdict(
        count: Int((share(of: requirement.label) * Double(cases)).rounded()), cases: cases,
        minimum: requirement.minimumShare) == .short
    }
  }

  /// The requirements whose label is below its minimum share, but not by
  /// enough for this many cases to tell (`CoverageRequirement.Verdict`).
  public func undecided(_ requirements: [CoverageRequirement]) -> [CoverageRequirement] {
    requirements.filter { requirement in
      CoverageRequirement.verdict(
        count: Int((share(of: requirement.label) * Double(cases)).rounded()), cases: cases,
        minimum: requirement.minimumShare) == .undecided
    }
  }

  /// A plain-text table: labels by share, then each histogram, buckets in
  /// numeric order when numeric and in text order otherwise.
  public var table: String {
    var lines = ["cases \(cases), discards \(discards) (\(percent(discardRatio)))"]
    if histograms[Self.skippedCallsHistogram] != nil {
      lines.append(
        "  skipped calls (Apple rejects them; not handed to the implementation): \(skippedCalls)")
    }
    if histograms[Self.skippedChecksHistogram] != nil {
      lines.append("  skipped checks (the implementation lacks the capability): \(skippedChecks)")
    }
    for (limit, count) in limitations {
      lines.append("  " + Self.limitationLine(limit, cases: count, of: cases))
    }
    for label in labelCounts.keys.sorted() {
      lines.append("  \(label): \(percent(share(of: label)))")
    }
    for name in histograms.keys.sorted() {
      let buckets = histograms[name, default: [:]]
      let total = buckets.values.reduce(0, +)
      lines.append("  histogram \(name):")
      for bucket in buckets.keys.sorted(by: Statistics.bucketOrder) {
        let count = buckets[bucket, default: 0]
        let bar = String(repeating: "#", count: total == 0 ? 0 : count * 30 / total)
        lines.append("    \(bucket): \(count) \(bar)")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Numeric buckets in numeric order, before text buckets in text order.
  public static func bucketOrder(_ a: String, _ b: String) -> Bool {
    switch (Int(a), Int(b)) {
    case (let x?, let y?): return x < y
    case (.some, nil): return true
    case (nil, .some): return false
    case (nil, nil): return a < b
    }
  }

  private func percent(_ share: Double) -> String {
    String(Int((share * 1000).rounded())).withDecimalPoint
  }
}

extension String {
  /// Per-mille digits shown as a percentage with one decimal ("125" → "12.5%").
  fileprivate var withDecimalPoint: String {
    let padded = count < 2 ? String(repeating: "0", count: 2 - count) + self : self
    return "\(padded.dropLast()).\(padded.suffix(1))%"
  }
}
