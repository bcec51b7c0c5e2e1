/// `*` globs: a `*` matches any run of characters, `/` included.
enum Glob {
  static func matches(_ pattern: String, _ text: String) -> Bool {
    let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
    guard let first = parts.first, text.hasPrefix(first) else { return false }
    var rest = Substring(text.dropFirst(first.count))
    for (offset, part) in parts.enumerated().dropFirst() {
      if offset == parts.count - 1 { return part.isEmpty || rest.hasSuffix(part) }
      guard let found = rest.range(of: part) else { return false }
      rest = rest[found.upperBound...]
    }
    return rest.isEmpty
  }
}
