/// Inline SVG charts for `report.html`: plain shapes and text, no scripts,
/// no external assets.
enum SVGChart {
  /// One bar: a label, a value, and whether to draw it as a problem.
  struct Bar {
    var label: String
    var value: Double
    var text: String
    var marker: Double? = nil
    var alert = false
  }

  static let width = 640.0
  static let labelWidth = 220.0
  static let rowHeight = 20.0

  /// A horizontal bar chart; `marker` draws a vertical tick (a minimum) on
  /// a bar, scaled like the values.
  static func bars(_ bars: [Bar], maximum: Double? = nil) -> String {
    guard !bars.isEmpty else { return "<p class=\"muted\">No data.</p>" }
    let top = max(maximum ?? 0, bars.map { max($0.value, $0.marker ?? 0) }.max() ?? 0, 1e-9)
    let plot = width - labelWidth - 90
    let height = Double(bars.count) * rowHeight + 4
    var svg = open(height: height)
    for (row, bar) in bars.enumerated() {
      let y = Double(row) * rowHeight + 2
      let length = max(bar.value / top * plot, bar.value > 0 ? 1 : 0)
      let color = bar.alert ? "#c0392b" : "#2e86c1"
      svg += text(x: labelWidth - 6, y: y + 14, anchor: "end", bar.label)
      svg += "<rect x=\"\(f(labelWidth))\" y=\"\(f(y + 3))\" width=\"\(f(length))\" "
        + "height=\"\(f(rowHeight - 6))\" fill=\"\(color)\"/>"
      svg += text(x: labelWidth + length + 4, y: y + 14, anchor: "start", bar.text)
      if let marker = bar.marker {
        let x = labelWidth + marker / top * plot
        svg += "<line x1=\"\(f(x))\" y1=\"\(f(y))\" x2=\"\(f(x))\" y2=\"\(f(y + rowHeight))\" "
          + "stroke=\"#000\" stroke-width=\"2\"><title>minimum</title></line>"
      }
    }
    return svg + "</svg>"
  }

  /// A line chart of `points` (x, y), axes starting at 0.
  static func line(_ points: [(x: Double, y: Double)], xLabel: String, yLabel: String) -> String {
    guard points.count >= 2 else { return "<p class=\"muted\">Too short a run to chart.</p>" }
    let height = 200.0
    let (left, bottom, right, top) = (60.0, 30.0, 20.0, 10.0)
    let maxX = max(points.map(\.x).max() ?? 1, 1e-9)
    let maxY = max(points.map(\.y).max() ?? 1, 1e-9)
    func px(_ x: Double) -> Double { left + x / maxX * (width - left - right) }
    func py(_ y: Double) -> Double { height - bottom - y / maxY * (height - bottom - top) }
    var svg = open(height: height)
    svg += "<line x1=\"\(f(left))\" y1=\"\(f(py(0)))\" x2=\"\(f(width - right))\" "
      + "y2=\"\(f(py(0)))\" stroke=\"#888\"/>"
    svg += "<line x1=\"\(f(left))\" y1=\"\(f(py(0)))\" x2=\"\(f(left))\" y2=\"\(f(top))\" stroke=\"#888\"/>"
    let path = points.map { "\(f(px($0.x))),\(f(py($0.y)))" }.joined(separator: " ")
    svg += "<polyline fill=\"none\" stroke=\"#2e86c1\" stroke-width=\"2\" points=\"\(path)\"/>"
    svg += text(x: left - 4, y: py(maxY) + 4, anchor: "end", Markup.number(maxY))
    svg += text(x: left - 4, y: py(0) + 4, anchor: "end", "0")
    svg += text(x: width - right, y: height - 8, anchor: "end", "\(Markup.number(maxX)) \(xLabel)")
    svg += text(x: left + 4, y: top + 10, anchor: "start", yLabel)
    return svg + "</svg>"
  }

  private static func open(height: Double) -> String {
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" "
      + "viewBox=\"0 0 \(f(width)) \(f(height))\" font-family=\"sans-serif\" font-size=\"12\">"
  }

  private static func text(x: Double, y: Double, anchor: String, _ content: String) -> String {
    "<text x=\"\(f(x))\" y=\"\(f(y))\" text-anchor=\"\(anchor)\">\(Markup.escape(content))</text>"
  }

  private static func f(_ value: Double) -> String { Markup.number(value, digits: 1) }
}
