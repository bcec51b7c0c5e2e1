/// Combines the reports of a sharded run into one: counts summed, rates
/// recomputed from the summed counts and times, histograms and coverage
/// classes merged by name, failures united.
public enum ReportMerger {
  /// Merges `reports`, which must share a seed and cover disjoint shards.
  /// - Throws: `ReportError.incompatible` when there is no report, when
  ///   seeds differ, or when two reports cover overlapping shards.
  public static func merge(_ reports: [FuzzReport]) throws(ReportError) -> FuzzReport {
    guard let first = reports.first else { throw .incompatible("no report to merge") }
    if let other = reports.first(where: { $0.seed != first.seed }) {
      throw .incompatible("reports have different seeds (\(first.seed) and \(other.seed))")
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
    where !failures.contains(where: { $0.property == failure.property && $0.token == failure.token }) {
      failures.append(failure)
    }
    return FuzzReport(
      seed: first.seed, shard: nil, mergedShards: shards,
      startedAt: reports.map(\.startedAt).min() ?? first.startedAt,
      durationSeconds: reports.map(\.durationSeconds).max() ?? 0,
      stopReason: "merged", jobs: reports.reduce(0) { $0 + $1.jobs },
      properties: properties, failures: failures,
      timeline: mergeTimelines(reports.map(\.timeline)))
  }

  /// The shards a report covers.
  static func parts(of report: FuzzReport) -> [ShardSpec] {
    if !report.mergedShards.isEmpty { return report.mergedShards }
    return [report.shard ?? .whole]
  }

  /// Whether two shards share a case index: `i ≡ j (mod gcd(n, m))`.
  static func overlap(_ a: ShardSpec, _ b: ShardSpec) -> Bool {
    var (x, y) = (a.count, b.count)
    while y != 0 { (x, y) = (y, x % y) }
    return (a.index - 1) % x == (b.index - 1) % x
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
      coverage: coverage, histograms: histograms)
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
