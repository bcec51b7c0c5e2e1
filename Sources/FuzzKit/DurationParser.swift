/// Parses run durations written as hours, minutes and seconds: `30s`,
/// `10m`, `2h`, `1h30m`, `1h30m15s`. Units come in that order, each at
/// most once, each with a whole number; the total must be positive.
public enum DurationParser {
  /// The duration in seconds, or `nil` when `text` is not a duration.
  public static func seconds(_ text: String) -> Double? {
    var total = 0
    var digits = ""
    var lastUnit = 0
    let units: [Character: (rank: Int, seconds: Int)] = ["h": (1, 3600), "m": (2, 60), "s": (3, 1)]
    for character in text {
      if character.isASCII, character.isNumber {
        digits.append(character)
        continue
      }
      guard let unit = units[character], unit.rank > lastUnit,
        !digits.isEmpty, digits.count <= 9, let value = Int(digits)
      else { return nil }
      total += value * unit.seconds
      lastUnit = unit.rank
      digits = ""
    }
    guard digits.isEmpty, lastUnit > 0, total > 0 else { return nil }
    return Double(total)
  }

  /// `seconds` written the way `seconds(_:)` reads it: `1h30m`, `45s`.
  public static func format(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    var text = ""
    if total >= 3600 { text += "\(total / 3600)h" }
    if total % 3600 >= 60 { text += "\(total % 3600 / 60)m" }
    if total % 60 > 0 || text.isEmpty { text += "\(total % 60)s" }
    return text
  }
}
