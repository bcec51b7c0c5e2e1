import Foundation

/// Inline SVG charts for `report.html`: plain shapes and text, no scripts,
/// no external assets. Every chart has a labelled value axis with ticks.
enum SVGChart {
  /// One bar: a label, a value, and whether to draw it as a problem.
  struct Bar {
    var label: String
    var value: Double
    var text: String
    var marker: Double? = nil
    var alert = false
  }

  /// An axis: its title and how tick values are written.
  struct Axis {
    var title: String
    var format: (Double) -> String = { Markup.number($0) }
  }

  static let width = 640.0
  static let labelWidth = 220.0
  static let rowHeight = 20.0
  static let axisHeight = 34.0

  /// A horizontal bar chart with a value axis below it; `marker` draws a
  /// vertical tick (a minimum) on a bar, scaled like the values.
  static func bars(_ bars: [Bar], axis: Axis, maximum: Double? = nil) -> String {
    guard !bars.isEmpty else { return "<p class=\"muted\">No data.</p>" }
    let ticks = self.ticks(
      upTo: max(maximum ?? 0, bars.map { max($0.value, $0.marker ?? 0) }.max() ?? 0))
    let top = ticks.last ?? 1
    let plot = width - labelWidth - 90
    let bottom = Double(bars.count) * rowHeight + 4
    var svg = open(height: bottom + axisHeight)
    for tick in ticks {
      let x = labelWidth + tick / top * plot
      svg += line(x1: x, y1: 0, x2: x, y2: bottom, color: "#e4e4e4")
      svg += line(x1: x, y1: bottom, x2: x, y2: bottom + 4, color: "#888")
      svg += text(x: x, y: bottom + 16, anchor: "middle", axis.format(tick))
    }
    svg += line(x1: labelWidth, y1: bottom, x2: labelWidth + plot, y2: bottom, color: "#888")
    svg += text(x: labelWidth + plot / 2, y: bottom + 30, anchor: "middle", axis.title, bold: true)
    for (row, bar) in bars.enumerated() {
      let y = Double(row) * rowHeight + 2
      let length = max(bar.value / top * plot, bar.value > 0 ? 1 : 0)
      let color = bar.alert ? "#c0392b" : "#2e86c1"
      svg += text(x: labelWidth - 6, y: y + 14, anchor: "end", shortened(bar.label))
      svg +=
        "<rect x=\"\(f(labelWidth))\" y=\"\(f(y + 3))\" width=\"\(f(length))\" "
        + "height=\"\(f(rowHeight - 6))\" fill=\"\(color)\"><title>\(Markup.escape(bar.label)): "
        + "\(Markup.escape(bar.text))</title></rect>"
      let end = max(length, (bar.marker ?? 0) / top * plot)
      svg += text(x: labelWidth + end + 4, y: y + 14, anchor: "start", bar.text)
      if let marker = bar.marker {
        let x = labelWidth + marker / top * plot
        svg +=
          "<line x1=\"\(f(x))\" y1=\"\(f(y))\" x2=\"\(f(x))\" y2=\"\(f(y + rowHeight))\" "
          + "stroke=\"#000\" stroke-width=\"2\"><title>minimum</title></line>"
      }
    }
    return svg + "</svg>"
  }

  /// A line chart of `points` (x, y), both axes from 0 with ticks and titles.
  static func line(_ points: [(x: Double, y: Double)], x xAxis: Axis, y yAxis: Axis) -> String {
    guard points.count >= 2 else { return "<p class=\"muted\">Too short a run to chart.</p>" }
    let height = 220.0
    let (left, bottom, right, top) = (70.0, 40.0, 20.0, 10.0)
    let xTicks = ticks(upTo: points.map(\.x).max() ?? 0)
    let yTicks = ticks(upTo: points.map(\.y).max() ?? 0)
    let (maxX, maxY) = (xTicks.last ?? 1, yTicks.last ?? 1)
    func px(_ x: Double) -> Double { left + x / maxX * (width - left - right) }
    func py(_ y: Double) -> Double { height - bottom - y / maxY * (height - bottom - top) }
    var svg = open(height: height)
    for tick in yTicks {
      svg += line(x1: left, y1: py(tick), x2: width - right, y2: py(tick), color: "#e4e4e4")
      svg += line(x1: left - 4, y1: py(tick), x2: left, y2: py(tick), color: "#888")
      svg += text(x: left - 6, y: py(tick) + 4, anchor: "end", yAxis.format(tick))
    }
    for tick in xTicks {
      svg += line(x1: px(tick), y1: py(0), x2: px(tick), y2: py(0) + 4, color: "#888")
      svg += text(x: px(tick), y: py(0) + 16, anchor: "middle", xAxis.format(tick))
    }
    svg += line(x1: left, y1: py(0), x2: width - right, y2: py(0), color: "#888")
    svg += line(x1: left, y1: py(0), x2: left, y2: top, color: "#888")
    let path = points.map { "\(f(px($0.x))),\(f(py($0.y)))" }.joined(separator: " ")
    svg += "<polyline fill=\"none\" stroke=\"#2e86c1\" stroke-width=\"2\" points=\"\(path)\"/>"
    svg += text(
      x: (left + width - right) / 2, y: height - 6, anchor: "middle", xAxis.title, bold: true)
    svg +=
      "<text x=\"14\" y=\"\(f((top + py(0)) / 2))\" text-anchor=\"middle\" font-weight=\"bold\" "
      + "transform=\"rotate(-90 14 \(f((top + py(0)) / 2)))\">\(Markup.escape(yAxis.title))</text>"
    return svg + "</svg>"
  }

  /// Tick values from 0 to at least `maximum` in steps of 1, 2 or 5 times
  /// a power of ten, at most six steps; `[0, 1]` for a zero maximum.
  static func ticks(upTo maximum: Double) -> [Double] {
    guard maximum.isFinite, maximum > 0 else { return [0, 1] }
    let magnitude = pow(10, (log10(maximum / 5)).rounded(.down))
    let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { maximum / $0 <= 6 } ?? 10 * magnitude
    let count = Int((maximum / step - 1e-9).rounded(.up))
    return (0...max(count, 1)).map { Double($0) * step }
  }

  private static func open(height: Double) -> String {
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" "
      + "viewBox=\"0 0 \(f(width)) \(f(height))\" font-family=\"sans-serif\" font-size=\"12\">"
  }

  private static func line(x1: Double, y1: Double, x2: Double, y2: Double, color: String) -> String
  {
    "<line x1=\"\(f(x1))\" y1=\"\(f(y1))\" x2=\"\(f(x2))\" y2=\"\(f(y2))\" stroke=\"\(color)\"/>"
  }

  private static func text(
    x: Double, y: Double, anchor: String, _ content: String, bold: Bool = false
  ) -> String {
    "<text x=\"\(f(x))\" y=\"\(f(y))\" text-anchor=\"\(anchor)\""
      + (bold ? " font-weight=\"bold\"" : "")
      + ">\(Markup.escape(content))</text>"
  }

  /// A label cut to fit the label column (the full text is in the bar's
  /// tooltip).
  private static func shortened(_ label: String) -> String {
    label.count <= 32 ? label : String(label.prefix(31)) + "…"
  }

  private static func f(_ value: Double) -> String { Markup.number(value, digits: 1) }
}
