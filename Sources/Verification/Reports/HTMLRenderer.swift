/// Renders a report as `report.html`: one self-contained page (inline CSS
/// and SVG, no scripts, no external assets).
///
/// The top of the page is a summary: the verdict, a partial merge or an
/// interrupted run flagged, the run's facts and a table of properties (tag,
/// counts, status) linking to their sections. Then come the overview
/// charts (cases per property, cases per second over time, every histogram
/// summed over properties) and one collapsible section per property, open
/// when it failed, with its figures, coverage against minimums, histograms
/// and failures (token, replay command, Swift code, diff). Every chart has
/// labelled axes with ticks, long tokens wrap, and every text is
/// HTML-escaped.
public enum HTMLRenderer {
  /// The HTML page of `report`.
  public static func render(_ report: FuzzReport) -> String {
    var html = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Markup.escape(report.programName)) report — seed \(report.seed)</title>
      <style>
      body{font-family:-apple-system,"Segoe UI",sans-serif;margin:2em auto;padding:0 1em;max-width:66em;color:#222;overflow-wrap:anywhere}
      table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:left}
      td.n,th.n{text-align:right}.fail{color:#c0392b;font-weight:bold}.pass{color:#1e8449;font-weight:bold}
      .muted{color:#888}code{overflow-wrap:anywhere;word-break:break-word}
      pre{background:#f4f4f4;padding:8px;white-space:pre-wrap;overflow-wrap:anywhere}
      .verdict{font-size:1.3em;padding:.4em .6em;border-radius:4px}
      .verdict.fail{background:#fdecea}.verdict.pass{background:#eafaf1}
      .flag{background:#fff3cd;border:2px solid #e0a800;padding:.4em .6em;border-radius:4px;font-weight:bold}
      details{border:1px solid #ddd;border-radius:4px;margin:.4em 0;padding:0 .6em}
      details[open]{padding-bottom:.6em}summary{cursor:pointer;padding:.3em 0}
      details.prop>summary{font-size:1.05em}svg{max-width:100%;height:auto}
      </style></head><body>

      """
    html += "<h1>\(Markup.escape(report.programName)) report</h1>\n"
    for flag in ReportText.flags(report) {
      html += "<p class=\"flag\">\(flag.word): \(Markup.escape(flag.text)).</p>\n"
    }
    html +=
      report.passed
      ? "<p class=\"verdict pass\">PASSED</p>\n"
      : "<p class=\"verdict fail\">FAILED: \(Markup.escape(ReportText.failedProperties(report)))</p>\n"
    html += facts(report)
    html += "<h2>Properties</h2>\n" + propertyTable(report)
    if let intro = ReportText.skippedPropertiesIntro(report) {
      html +=
        "<h2>\(ReportText.skippedPropertiesHeading)</h2>\n<p>\(Markup.escape(intro)):</p>\n<ul>\n"
        + report.skippedProperties.map {
          "<li><code>\(Markup.escape($0.name))</code>: needs \(Markup.escape($0.missing))</li>\n"
        }.joined() + "</ul>\n"
    }
    html +=
      "<p class=\"muted\">"
      + ReportText.columns.map {
        "<b>\(Markup.escape($0.name))</b>: \(Markup.escape($0.meaning))"
      }.joined(separator: "; ") + ".</p>\n"
    let causes = ReportText.causes(report)
    if !causes.isEmpty {
      html +=
        "<h2>Causes</h2>\n<ul>\n"
        + causes.map { "<li>\(Markup.escape($0))</li>\n" }.joined() + "</ul>\n"
    }
    let limitations = report.limitations
    if !limitations.isEmpty {
      html +=
        "<h2>Declared limitations</h2>\n<p>Cases that passed only because the implementation "
        + "declares a limit of its differ (never failures):</p>\n<ul>\n"
        + limitations.map { "<li>\(Markup.escape($0.description))</li>\n" }.joined() + "</ul>\n"
    }
    html += "<h2>Overview</h2>\n"
    html +=
      "<details open><summary>Cases per property</summary>\n"
      + SVGChart.bars(
        report.properties.map {
          SVGChart.Bar(
            label: $0.name, value: Double($0.cases), text: "\($0.cases)", alert: !$0.passed)
        }, axis: SVGChart.Axis(title: "checked cases")) + "</details>\n"
    html +=
      "<details open><summary>Cases per second over time</summary>\n"
      + SVGChart.line(
        rates(report.timeline), x: SVGChart.Axis(title: "elapsed seconds"),
        y: SVGChart.Axis(title: "cases/s")) + "</details>\n"
    for histogram in summedHistograms(report) {
      html +=
        "<details><summary>Distribution: \(Markup.escape(histogram.name)) "
        + "(all properties)</summary>\n" + histogramChart(histogram) + "</details>\n"
    }
    html += "<h2>Property details</h2>\n"
    for property in report.properties { html += propertySection(property, in: report) }
    return html + "</body></html>\n"
  }

  private static func facts(_ report: FuzzReport) -> String {
    var html = "<ul>\n"
    html +=
      "<li>Seed <code>\(report.seed)</code>"
      + (report.shard.flatMap { $0.count > 1 ? ", shard <code>\($0)</code>" : nil } ?? "")
      + "</li>\n"
    html += "<li>Repeat: <code>\(Markup.escape(ReportText.repeatCommand(report)))</code></li>\n"
    html +=
      "<li>Started \(Markup.escape(report.startedAt)), ran "
      + "\(Markup.duration(report.durationSeconds)) with \(report.jobs) job(s), "
      + "\(Markup.escape(ReportText.stopPhrase(report)))</li>\n"
    let killed = report.properties.reduce(0) { $0 + $1.killed }
    html +=
      "<li>\(report.totalCases) cases over \(report.properties.count) properties; "
      + "\(report.failures.count) failure(s) recorded"
      + (killed > 0
        ? "; \(killed) case(s) in workers killed from outside (retried, not failures)" : "")
      + "</li>\n"
    if !report.mergedShards.isEmpty {
      html +=
        "<li>Merged shards: "
        + report.mergedShards.map { "<code>\($0)</code>" }.joined(separator: ", ") + "</li>\n"
    }
    return html + "</ul>\n"
  }

  private static func propertyTable(_ report: FuzzReport) -> String {
    var html =
      "<table><tr><th>property</th><th>tag</th><th class=\"n\">cases</th>"
      + "<th class=\"n\">failures</th><th class=\"n\">killed</th><th class=\"n\">discards</th>"
      + "<th class=\"n\">cases/s</th><th>status</th></tr>\n"
    for property in report.properties {
      html +=
        "<tr><td><a href=\"#\(anchor(property))\"><code>\(Markup.escape(property.name))</code></a></td>"
        + "<td>\(Markup.escape(ReportText.tag(property)))</td>"
        + "<td class=\"n\">\(property.cases)</td><td class=\"n\">\(property.failures)</td>"
        + "<td class=\"n\">\(property.killed)</td><td class=\"n\">\(property.discards)</td>"
        + "<td class=\"n\">\(ReportText.rate(property, in: report))</td><td>\(status(property))</td></tr>\n"
    }
    return html + "</table>\n"
  }

  private static func status(_ property: PropertyReport) -> String {
    let word = ReportText.status(property)
    return "<span class=\"\(property.passed ? "pass" : "fail")\">\(word)</span>"
  }

  /// The fragment id of a property's section: its name with every
  /// character other than letters, digits, `.`, `-` and `_` replaced.
  static func anchor(_ property: PropertyReport) -> String {
    "p-"
      + String(
        property.name.unicodeScalars.map {
          $0.isASCII
            && ($0.properties.isAlphabetic || $0.properties.numericType != nil
              || "._-".unicodeScalars.contains($0))
            ? Character($0) : "_"
        })
  }

  private static func propertySection(_ property: PropertyReport, in report: FuzzReport) -> String {
    var html =
      "<details class=\"prop\" id=\"\(anchor(property))\"\(property.passed ? "" : " open")>"
      + "<summary><code>\(Markup.escape(property.name))</code> — \(status(property)) — "
      + (property.tag.map { "\(Markup.escape($0)), " } ?? "")
      + "\(property.cases) cases</summary>\n"
    html +=
      "<p>\(property.cases) cases, \(property.failures) failing, \(property.discards) discarded, "
      + "\(property.killed) killed from outside; \(Markup.number(property.seconds, digits: 3)) s of "
      + "worker time, \(ReportText.rate(property, in: report)) cases/s"
      + (property.skippedCalls.map {
        "; \($0) calls Apple rejects skipped (not handed to the implementation)"
      } ?? "")
      + (property.skippedChecks.map {
        "; \($0) checks skipped (the implementation lacks the capability)"
      } ?? "")
      + ".</p>\n"
      + property.limitations.map { limitation in
        "<p class=\"muted\">"
          + Markup.escape(
            Statistics.limitationLine(limitation.limit, cases: limitation.cases, of: property.cases)
              + " (a declared limit of the differ, not a failure)") + "</p>\n"
      }.joined()
    if let message = ReportText.unrecordedFailure(property, in: report) {
      html += "<p class=\"fail\">\(Markup.escape(message))</p>\n"
    }
    for failure in ReportText.failures(of: property, in: report) {
      html += failureBlock(failure, in: report)
    }
    if !property.coverage.isEmpty {
      html +=
        "<h4>Coverage classes</h4>\n"
        + "<p class=\"muted\">Share of cases per class; a black tick marks the required minimum.</p>\n"
      html += SVGChart.bars(
        property.coverage.map { coverage in
          let share = coverage.share(of: property.cases)
          return SVGChart.Bar(
            label: coverage.name, value: share,
            text: Markup.percent(share)
              + (coverage.minimum.map { " (min \(Markup.percent($0)))" } ?? ""),
            marker: coverage.minimum, alert: !coverage.isSatisfied(cases: property.cases))
        }, axis: SVGChart.Axis(title: "share of cases", format: Markup.percent), maximum: 1)
    }
    for histogram in property.histograms where histogram.total > 0 {
      html +=
        "<h4>Distribution: \(Markup.escape(histogram.name))</h4>\n" + histogramChart(histogram)
    }
    return html + "</details>\n"
  }

  private static func failureBlock(_ failure: FailureRecord, in report: FuzzReport) -> String {
    var html = "<h4 class=\"fail\">\(Markup.escape(failure.heading))</h4>\n<ul>\n"
    html += "<li>Severity: \(Markup.escape(failure.severity.label))</li>\n"
    html += "<li>\(Markup.escape(failure.message))</li>\n"
    html += "<li>Token <code>\(Markup.escape(failure.token))</code></li>\n"
    html +=
      "<li>Replay: <code>\(Markup.escape(ReportText.replayCommand(failure, in: report)))"
      + "</code></li>\n"
    html +=
      "<li>Case \(failure.caseIndex) of seed \(failure.seed); "
      + (failure.shrunk ? "shrunk in \(failure.shrinkSteps) step(s)" : "not fully shrunk")
      + (failure.file.isEmpty ? "" : "; entry <code>\(Markup.escape(failure.file))</code>")
      + "</li>\n"
    let sharing = ReportText.sharingCause(with: failure, in: report)
    if !sharing.isEmpty {
      html +=
        "<li>The same cause in: "
        + sharing.map { "<code>\(Markup.escape($0))</code>" }.joined(separator: ", ") + "</li>\n"
    }
    html += "</ul>\n"
    if !failure.swiftCode.isEmpty {
      html += "<pre><code>\(Markup.escape(failure.swiftCode))</code></pre>\n"
    }
    if !failure.diff.isEmpty { html += "<pre><code>\(Markup.escape(failure.diff))</code></pre>\n" }
    return html
  }

  private static func histogramChart(_ histogram: Histogram) -> String {
    SVGChart.bars(
      histogram.buckets.map {
        SVGChart.Bar(label: $0.label, value: Double($0.count), text: "\($0.count)")
      },
      axis: SVGChart.Axis(title: "cases"))
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
