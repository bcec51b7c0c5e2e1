import Foundation
import Verification

/// Writes a mutation report as `report.json`, `summary.md`, `report.html`
/// and `junit.xml` (one test case per mutant, a survivor failing), as one
/// set (`ReportStage`: a reader sees the previous four files or the new
/// four, never a mix, and a failed write keeps the previous set).
public enum MutationReportWriter {
  /// The report files' names.
  public static let fileNames = ["report.json", "summary.md", "report.html", "junit.xml"]

  /// Refuses a report folder the set cannot replace (a file, or a folder
  /// holding anything besides a mutation report set), before any work.
  /// - Throws: `MutationError.io` naming the problem.
  public static func checkDestination(_ folder: URL) throws(MutationError) {
    do {
      try ReportStage.checkDestination(folder, names: Set(fileNames))
    } catch {
      throw .io(error.description)
    }
  }

  /// Writes the four files of `report` into `folder` as one set.
  /// - Parameters:
  ///   - report: the report to write.
  ///   - folder: the folder the set replaces whole.
  ///   - writer: writes each file; tests inject failures here.
  /// - Throws: `MutationError.io` when the folder cannot take the set or a
  ///   file cannot be written; `folder` then keeps its previous set.
  public static func write(
    _ report: MutationReport, to folder: URL,
    writer: @escaping ReportStage.FileWriter = AtomicFile.write
  ) throws(MutationError) {
    let files = [
      ("report.json", json(report)), ("summary.md", markdown(report)),
      ("report.html", html(report)), ("junit.xml", junit(report)),
    ].map { (name: $0.0, data: Data($0.1.utf8)) }
    do {
      try ReportStage(destination: folder, names: Set(fileNames), writer: writer)
        .commit(files: files)
    } catch {
      throw .io(error.description)
    }
  }

  /// `report` as pretty-printed JSON with sorted keys.
  public static func json(_ report: MutationReport) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = (try? encoder.encode(report)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// The score line: `Mutation score: 85.0% (34/40 killed)`.
  public static func scoreLine(_ report: MutationReport) -> String {
    let score = report.score
    return "Mutation score: \(percent(score)) (\(score.killed)/\(score.total) killed)"
  }

  /// `report` as Markdown: the score, per file and per operator, the
  /// survivors with their lines and the properties that ran, the killed
  /// mutants with their killers, the dropped sites.
  public static func markdown(_ report: MutationReport) -> String {
    var lines = [
      "# Mutation report: \(report.target)", "",
      "\(scoreLine(report)); minimum \(report.minScore)%: \(report.passed ? "PASSED" : "FAILED").",
      "Judged by `\(report.executable) run --seed \(report.seed) --cases \(report.cases)` in "
        + "\(DurationText.format(report.durationSeconds)).", "",
      "| file | killed | total | score |", "|---|---|---|---|",
    ]
    lines += report.byFile.map { "| \($0.name) | \($0.killed) | \($0.total) | \(percent($0)) |" }
    lines += ["", "| operator | killed | total | score |", "|---|---|---|---|"]
    lines += report.byOperator.map {
      "| \($0.name) | \($0.killed) | \($0.total) | \(percent($0)) |"
    }
    lines += ["", "## Survivors (\(report.survivors.count))", ""]
    for entry in report.survivors {
      lines += [
        "- `\(entry.mutant.id)`", "  - `- \(entry.mutant.originalLine)`",
        "  - `+ \(entry.mutant.shownMutatedLine)`",
        "  - ran: \(entry.result.properties.isEmpty ? "–" : entry.result.properties.joined(separator: ", "))",
      ]
    }
    lines += ["", "## Killed (\(report.killed.count))", ""]
    lines += report.killed.map { entry in
      "- `\(entry.mutant.id)` \(entry.result.status.phrase) in "
        + "\(entry.result.property ?? "the run"): \(entry.result.detail)"
    }
    lines += ["", "## Dropped (\(report.dropped.count)): their sites did not compile", ""]
    lines += report.dropped.map { "- `\($0.mutant.id)`: \($0.reason)" }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One survivor: its id, the original and mutated lines as a diff, and
  /// the properties that ran on it (folded).
  static func survivorHTML(_ entry: MutationReport.Entry) -> String {
    let ran = entry.result.properties
    return "<div class=\"mutant\"><p><code>\(escape(entry.mutant.id))</code></p>"
      + "<pre><span class=\"del\">- \(escape(entry.mutant.originalLine))</span>\n"
      + "<span class=\"add\">+ \(escape(entry.mutant.shownMutatedLine))</span></pre>"
      + "<details><summary>\(ran.count) properties ran on it</summary><p>"
      + escape(ran.joined(separator: ", ")) + "</p></details></div>"
  }

  /// `report` as a self-contained HTML page.
  public static func html(_ report: MutationReport) -> String {
    func row(_ cells: [String]) -> String {
      "<tr>" + cells.map { "<td>\(escape($0))</td>" }.joined() + "</tr>"
    }
    func table(_ head: [String], _ rows: [[String]]) -> String {
      "<table><tr>" + head.map { "<th>\(escape($0))</th>" }.joined() + "</tr>"
        + rows.map(row).joined(separator: "\n") + "</table>"
    }
    let scores = { (scores: [MutationReport.Score]) in
      scores.map { [$0.name, "\($0.killed)", "\($0.total)", percent($0)] }
    }
    let body = [
      "<h1>Mutation report: \(escape(report.target))</h1>",
      "<p>\(escape(scoreLine(report))); minimum \(report.minScore)%: "
        + "<b>\(report.passed ? "PASSED" : "FAILED")</b></p>",
      table(["file", "killed", "total", "score"], scores(report.byFile)),
      table(["operator", "killed", "total", "score"], scores(report.byOperator)),
      "<h2>Survivors (\(report.survivors.count))</h2>",
      "<p>Every property passed with these changes: each is a bug the catalog would miss, "
        + "or a change no input can observe (an equivalent mutant).</p>",
      report.survivors.map(survivorHTML).joined(separator: "\n"),
      "<h2>Killed (\(report.killed.count))</h2>",
      table(
        ["mutant", "how", "property", "detail"],
        report.killed.map {
          [$0.mutant.id, $0.result.status.phrase, $0.result.property ?? "", $0.result.detail]
        }),
      "<h2>Dropped (\(report.dropped.count))</h2>",
      table(["mutant", "reason"], report.dropped.map { [$0.mutant.id, $0.reason] }),
    ]
    return """
      <!DOCTYPE html>
      <html><head><meta charset="utf-8"><title>Mutation report: \(escape(report.target))</title>
      <style>body{font-family:sans-serif;max-width:80em}table{border-collapse:collapse;margin:1em 0}\
      td,th{border:1px solid #ccc;padding:2px 6px;font-family:monospace;overflow-wrap:anywhere}\
      .mutant{border-left:4px solid #c60;margin:1em 0;padding:0 .6em}\
      pre{margin:.3em 0;white-space:pre-wrap}.del{color:#a00}.add{color:#070}\
      details p{font-family:monospace;font-size:90%}</style></head><body>
      \(body.joined(separator: "\n"))
      </body></html>

      """
  }

  /// `report` as JUnit XML: one test case per mutant in a suite per file;
  /// a survivor is a failure.
  public static func junit(_ report: MutationReport) -> String {
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<testsuites name=\"mutation \(escape(report.target))\" tests=\"\(report.score.total)\" "
        + "failures=\"\(report.survivors.count)\">",
    ]
    for file in report.byFile {
      let entries = report.entries.filter { $0.mutant.file == file.name }
      lines.append(
        "  <testsuite name=\"\(escape(file.name))\" tests=\"\(file.total)\" "
          + "failures=\"\(file.total - file.killed)\">")
      for entry in entries {
        let name =
          "<testcase classname=\"\(escape(file.name))\" name=\"\(escape(entry.mutant.id))\" "
          + "time=\"\(String(format: "%.3f", entry.result.seconds))\""
        if entry.result.status.isKilled {
          lines.append("    \(name)/>")
        } else {
          lines += [
            "    \(name)>",
            "      <failure message=\"survived: \(escape(entry.mutant.shownMutatedLine))\">"
              + "\(escape(entry.mutant.originalLine)) → \(escape(entry.mutant.shownMutatedLine))</failure>",
            "    </testcase>",
          ]
        }
      }
      lines.append("  </testsuite>")
    }
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func percent(_ score: MutationReport.Score) -> String {
    String(format: "%.1f%%", score.percent)
  }

  private static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
