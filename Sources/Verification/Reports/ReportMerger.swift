import Foundation

/// Combines the reports of a sharded run into one: counts summed, rates
/// recomputed from the summed counts and times, histograms and coverage
/// classes merged by name, failures united.
public enum ReportMerger {
  /// Merges `reports`, which must share a seed and cover disjoint shards
  /// that together make up the whole case space.
  /// - Parameters:
  ///   - reports: the shard reports.
  ///   - allowPartial: merge an incomplete shard set anyway; the result is
  ///     then marked `partial`.
  /// - Throws: `ReportError.incompatible` when there is no report, when
  ///   seeds or programs differ, when two reports cover overlapping shards,
  ///   or when the shards are incomplete and `allowPartial` is false.
  public static func merge(
    _ reports: [FuzzReport], allowPartial: Bool = false
  ) throws(ReportError) -> FuzzReport {
    guard let first = reports.first else { throw .incompatible("no report to merge") }
    if let other = reports.first(where: { $0.seed != first.seed }) {
      throw .incompatible("reports have different seeds (\(first.seed) and \(other.seed))")
    }
    if let other = reports.first(where: { $0.programName != first.programName }) {
      throw .incompatible(
        "reports come from different programs (\(first.programName) and \(other.programName))")
    }
    var shards: [ShardSpec] = []
    for report in reports {
      for shard in parts(of: report) {
        if let clash = shards.first(where: { overlap($0, shard) }) {
          throw .incompatible("shards \(clash) and \(shard) overlap")
        }
        shards.append(shard)
      }
    }
    let missing = try missingShare(of: shards)
    if missing.numerator > 0, !allowPartial {
      throw .incompatible(
        "incomplete shard set: \(describeMissing(shards, missing)); "
          + "merge every shard or pass --allow-partial")
    }
    var properties: [PropertyReport] = []
    for property in reports.flatMap(\.properties) {
      if let index = properties.firstIndex(where: { $0.name == property.name }) {
        properties[index] = merge(properties[index], property)
      } else {
        properties.append(property)
      }
    }
    var failures: [FailureRecord] = []
    for failure in reports.flatMap(\.failures)
    where !failures.contains(where: { $0.property == failure.property && $0.token == failure.token }
    ) {
      failures.append(failure)
    }
    var merged = FuzzReport(
      seed: first.seed, shard: nil, mergedShards: shards,
      startedAt: reports.map(\.startedAt).min() ?? first.startedAt,
      durationSeconds: reports.map(\.durationSeconds).max() ?? 0,
      stopReason: "merged", jobs: reports.reduce(0) { $0 + $1.jobs },
      properties: properties, failures: failures,
      timeline: mergeTimelines(reports.map(\.timeline)), partial: missing.numerator > 0)
    // Every shard ran the same command but for `--shard`; the first one's
    // is kept, and the Repeat line loops over the shards.
    merged.command = reports.lazy.compactMap(\.command).first
    merged.program = first.program
    merged.skippedProperties = first.skippedProperties
    return merged
  }

  /// Refuses an output folder that is one of the input folders or holds
  /// one (the merged set replaces the output folder whole), comparing
  /// paths with symbolic links resolved.
  /// - Throws: `ReportError.incompatible` naming the clashing input.
  public static func checkOutput(_ out: String, inputs: [String]) throws(ReportError) {
    let output = resolved(out)
    for input in inputs {
      let folder = resolved(input)
      if folder == output {
        throw .incompatible("--out \(out) is one of the inputs (\(input)); choose another folder")
      }
      if folder.hasPrefix(output.hasSuffix("/") ? output : output + "/") {
        throw .incompatible("--out \(out) contains the input \(input); choose another folder")
      }
    }
  }

  private static func resolved(_ path: String) -> String {
    var url = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
    if url.lastPathComponent == "report.json" { url.deleteLastPathComponent() }
    return url.path
  }

  /// The share of case indices no shard covers, as a reduced fraction. The
  /// shards are disjoint, so shard `I/N` adds exactly `1/N`.
  /// - Throws: `ReportError.incompatible` if the shard counts are too large
  ///   to add up exactly.
  static func missingShare(of shards: [ShardSpec]) throws(ReportError) -> (
    numerator: Int, denominator: Int
  ) {
    var (covered, whole) = (0, 1)
    for shard in shards {
      let (scaled, overflow1) = covered.multipliedReportingOverflow(by: shard.count)
      let (sum, overflow2) = scaled.addingReportingOverflow(whole)
      let (denominator, overflow3) = whole.multipliedReportingOverflow(by: shard.count)
      guard !overflow1, !overflow2, !overflow3 else {
        throw .incompatible("shard counts too large to check that the set is complete")
      }
      let divisor = gcd(sum, denominator)
      (covered, whole) = (sum / divisor, denominator / divisor)
    }
    return (whole - covered, whole)
  }

  /// What an incomplete shard set lacks: the missing shards when every
  /// shard has the same count, otherwise the uncovered share.
  private static func describeMissing(
    _ shards: [ShardSpec], _ missing: (numerator: Int, denominator: Int)
  ) -> String {
    if let count = shards.first?.count, count <= 1000, shards.allSatisfy({ $0.count == count }) {
      let absent = (1...count).filter { index in !shards.contains { $0.index == index } }
      let listed = absent.prefix(8).map { "\($0)/\(count)" }.joined(separator: ", ")
      return "missing \(listed)" + (absent.count > 8 ? " and \(absent.count - 8) more" : "")
    }
    return "the shards leave \(missing.numerator)/\(missing.denominator) of the cases unchecked"
  }

  private static func gcd(_ a: Int, _ b: Int) -> Int {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return x
  }

  /// The shards a report covers.
  static func parts(of report: FuzzReport) -> [ShardSpec] {
    if !report.mergedShards.isEmpty { return report.mergedShards }
    return [report.shard ?? .whole]
  }

  /// Whether two shards share a case index: `i ≡ j (mod gcd(n, m))`.
  static func overlap(_ a: ShardSpec, _ b: ShardSpec) -> Bool {
    let divisor = gcd(a.count, b.count)
    return (a.index - 1) % divisor == (b.index - 1) % divisor
  }

  static func merge(_ a: PropertyReport, _ b: PropertyReport) -> PropertyReport {
    var coverage = a.coverage
    for item in b.coverage {
      if let index = coverage.firstIndex(where: { $0.name == item.name }) {
        coverage[index].count += item.count
        coverage[index].minimum = [coverage[index].minimum, item.minimum].compactMap { $0 }.max()
      } else {
        coverage.append(item)
      }
    }
    var histograms = a.histograms
    for item in b.histograms {
      if let index = histograms.firstIndex(where: { $0.name == item.name }) {
        histograms[index] = histograms[index].merged(with: item)
      } else {
        histograms.append(item)
      }
    }
    return PropertyReport(
      name: a.name, cases: a.cases + b.cases, failures: a.failures + b.failures,
      discards: a.discards + b.discards, seconds: a.seconds + b.seconds,
      coverage: coverage, histograms: histograms, killed: a.killed + b.killed, tag: a.tag ?? b.tag)
  }

  /// The timelines of runs that ran side by side, summed: at each sample
  /// time, the sum of each run's latest count.
  static func mergeTimelines(_ timelines: [[TimelinePoint]]) -> [TimelinePoint] {
    let times = Array(Set(timelines.flatMap { $0.map(\.elapsed) })).sorted()
    return times.map { time in
      let cases = timelines.reduce(0) { sum, timeline in
        sum + (timeline.last { $0.elapsed <= time }?.cases ?? 0)
      }
      return TimelinePoint(elapsed: time, cases: cases)
    }
  }
}
