/// Escaping for the HTML and XML reports.
enum Markup {
  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities, and
  /// control characters other than tab, newline and carriage return (which
  /// XML 1.0 forbids) replaced by `?`.
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        let forbidden = scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value)
        if forbidden { result += "?" } else { result.unicodeScalars.append(scalar) }
      }
    }
    return result
  }

  /// `value` with at most `digits` fractional digits, fixed notation.
  static func number(_ value: Double, digits: Int = 1) -> String {
    guard value.isFinite else { return "0" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    return String(rounded)
  }

  /// A share in `0...1` as a percentage with one decimal: `12.5%`.
  static func percent(_ share: Double) -> String {
    number(share * 100, digits: 1) + "%"
  }

  /// A duration in seconds as `1h02m03s`, `2m05s` or `4.2s`.
  static func duration(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds >= 60 else { return number(seconds, digits: 1) + "s" }
    let total = Int(seconds.rounded())
    let (hours, minutes, secs) = (total / 3600, total % 3600 / 60, total % 60)
    let mm = minutes < 10 ? "0\(minutes)" : "\(minutes)"
    let ss = secs < 10 ? "0\(secs)" : "\(secs)"
    return hours > 0 ? "\(hours)h\(mm)m\(ss)s" : "\(minutes)m\(ss)s"
  }
}
