/// Renders a report as `report.html`: one self-contained page (inline CSS
/// and SVG, no scripts, no external assets) with the verdict, the property
/// table, charts (cases per property, cases per second over time, every
/// histogram summed over properties, coverage against minimums) and each
/// failure with its token and Swift code. Every text is HTML-escaped.
public enum HTMLRenderer {
  /// The HTML page of `report`.
  public static func render(_ report: FuzzReport) -> String {
    var html = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8">
      <title>snapshot-fuzz report — seed \(report.seed)</title>
      <style>
      body{font-family:-apple-system,sans-serif;margin:2em;max-width:60em;color:#222}
      table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px}
      td.n{text-align:right}.fail{color:#c0392b;font-weight:bold}.pass{color:#1e8449}
      .muted{color:#888}pre{background:#f4f4f4;padding:8px;overflow-x:auto}
      </style></head><body>

      """
    html += "<h1>snapshot-fuzz report</h1>\n"
    html += report.passed
      ? "<p class=\"pass\">PASSED</p>\n"
      : "<p class=\"fail\">FAILED: \(ReportText.failedProperties(report))</p>\n"
    html += "<ul>\n"
    html += "<li>Seed <code>\(report.seed)</code>"
      + (report.shard.flatMap { $0.count > 1 ? ", shard <code>\($0)</code>" : nil } ?? "") + "</li>\n"
    html += "<li>Repeat: <code>\(Markup.escape(ReportText.repeatCommand(report)))</code></li>\n"
    html += "<li>Started \(Markup.escape(report.startedAt)), ran "
      + "\(Markup.duration(report.durationSeconds)) with \(report.jobs) job(s), stopped by "
      + "\(Markup.escape(report.stopReason))</li>\n"
    if !report.mergedShards.isEmpty {
      html += "<li>Merged shards: "
        + report.mergedShards.map { "<code>\($0)</code>" }.joined(separator: ", ") + "</li>\n"
    }
    html += "</ul>\n"
    html += propertyTable(report)
    html += "<h2>Cases per property</h2>\n" + SVGChart.bars(
      report.properties.map {
        SVGChart.Bar(label: $0.name, value: Double($0.cases), text: "\($0.cases)", alert: !$0.passed)
      })
    html += "<h2>Cases per second over time</h2>\n" + SVGChart.line(
      rates(report.timeline), xLabel: "s", yLabel: "cases/s")
    for histogram in summedHistograms(report) {
      html += "<h2>Distribution: \(Markup.escape(histogram.name))</h2>\n"
      html += SVGChart.bars(
        histogram.buckets.map {
          SVGChart.Bar(label: $0.label, value: Double($0.count), text: "\($0.count)")
        })
    }
    html += coverageSection(report)
    html += failureSection(report)
    return html + "</body></html>\n"
  }

  private static func propertyTable(_ report: FuzzReport) -> String {
    var html = "<table><tr><th>property</th><th>cases</th><th>failures</th><th>discards</th>"
      + "<th>cases/s</th><th>status</th></tr>\n"
    for property in report.properties {
      let status = property.failures > 0 ? "<span class=\"fail\">failed</span>"
        : property.coverageShortfalls.isEmpty ? "<span class=\"pass\">passed</span>"
        : "<span class=\"fail\">coverage</span>"
      html += "<tr><td><code>\(Markup.escape(property.name))</code></td>"
        + "<td class=\"n\">\(property.cases)</td><td class=\"n\">\(property.failures)</td>"
        + "<td class=\"n\">\(property.discards)</td>"
        + "<td class=\"n\">\(Markup.number(property.casesPerSecond))</td><td>\(status)</td></tr>\n"
    }
    return html + "</table>\n"
  }

  private static func coverageSection(_ report: FuzzReport) -> String {
    var html = "<h2>Coverage classes</h2>\n"
    let covered = report.properties.filter { !$0.coverage.isEmpty }
    if covered.isEmpty { return html + "<p class=\"muted\">No labelled classes.</p>\n" }
    html += "<p class=\"muted\">Share of cases per class; a black tick marks the required minimum.</p>\n"
    for property in covered {
      html += "<h3><code>\(Markup.escape(property.name))</code></h3>\n"
      html += SVGChart.bars(
        property.coverage.map { coverage in
          let share = coverage.share(of: property.cases)
          return SVGChart.Bar(
            label: coverage.name, value: share,
            text: Markup.percent(share)
              + (coverage.minimum.map { " (min \(Markup.percent($0)))" } ?? ""),
            marker: coverage.minimum, alert: !coverage.isSatisfied(cases: property.cases))
        }, maximum: 1)
    }
    return html
  }

  private static func failureSection(_ report: FuzzReport) -> String {
    guard !report.failures.isEmpty else { return "<h2>Failures</h2>\n<p>None.</p>\n" }
    var html = "<h2>Failures</h2>\n"
    for failure in report.failures {
      html += "<h3>\(Markup.escape(failure.property)): \(failure.kind.rawValue)</h3>\n<ul>\n"
      html += "<li>\(Markup.escape(failure.message))</li>\n"
      html += "<li>Token <code>\(Markup.escape(failure.token))</code></li>\n"
      html += "<li>Replay: <code>swift run snapshot-fuzz replay "
        + "'\(Markup.escape(failure.token))'</code></li>\n"
      html += "<li>Case \(failure.caseIndex) of seed \(failure.seed); "
        + (failure.shrunk ? "shrunk in \(failure.shrinkSteps) step(s)" : "not fully shrunk")
        + "</li>\n</ul>\n"
      if !failure.swiftCode.isEmpty {
        html += "<pre><code>\(Markup.escape(failure.swiftCode))</code></pre>\n"
      }
      if !failure.diff.isEmpty {
        html += "<pre><code>\(Markup.escape(failure.diff))</code></pre>\n"
      }
    }
    return html
  }

  /// Cases per second between timeline samples, thinned to at most
  /// `points` samples so a night-long run still charts smoothly.
  static func rates(_ timeline: [TimelinePoint], points: Int = 120) -> [(x: Double, y: Double)] {
    let step = max(1, (timeline.count + points - 1) / points)
    var thinned = Swift.stride(from: 0, to: timeline.count, by: step).map { timeline[$0] }
    if let last = timeline.last, thinned.last != last { thinned.append(last) }
    return zip(thinned, thinned.dropFirst()).compactMap { previous, next in
      let span = next.elapsed - previous.elapsed
      guard span > 0 else { return nil }
      return (next.elapsed, Double(next.cases - previous.cases) / span)
    }
  }

  /// Every histogram name over all properties, with counts summed.
  static func summedHistograms(_ report: FuzzReport) -> [Histogram] {
    var byName: [Histogram] = []
    for histogram in report.properties.flatMap(\.histograms) {
      if let index = byName.firstIndex(where: { $0.name == histogram.name }) {
        byName[index] = byName[index].merged(with: histogram)
      } else {
        byName.append(histogram)
      }
    }
    return byName.sorted { $0.name < $1.name }
  }
}
