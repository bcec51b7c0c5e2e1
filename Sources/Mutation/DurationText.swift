/// Durations written for people: `45s`, `3m20s`, `1h5m`.
enum DurationText {
  static func format(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    if total >= 3600 { return "\(total / 3600)h\(total % 3600 / 60)m" }
    if total >= 60 { return "\(total / 60)m\(total % 60)s" }
    return "\(total)s"
  }
}
