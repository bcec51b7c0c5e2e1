import SnapshotCore

extension ModelSnapshot: CustomStringConvertible {
  // coverage: only broken code (failure text)
  /// A one-line picture such as `A:[a, b] B:[c]`, followed by the non-empty
  /// mark lists (`reload items [a]`, `reload sections [A]`,
  /// `reconfigure items [b]`).
  @inlinable
  public var description: String {
    var parts = zip(sections, itemsBySection).map { section, items in
      "\(SnapshotError.text(section)):\(Self.list(items))"
    }
    if parts.isEmpty { parts.append("(no sections)") }
    if !reloadedItems.isEmpty {
      parts.append("reload items \(Self.list(reloadedItems))")
    }
    if !reloadedSections.isEmpty {
      parts.append("reload sections \(Self.list(reloadedSections))")
    }
    if !reconfiguredItems.isEmpty {
      parts.append("reconfigure items \(Self.list(reconfiguredItems))")
    }
    return parts.joined(separator: " ")
  }

  // coverage: only broken code (failure text)
  /// `[a, b]`: the texts of `ids`, unquoted.
  @inlinable
  static func list<ID>(_ ids: [ID]) -> String {
    "[" + SnapshotError.texts(ids).joined(separator: ", ") + "]"
  }
}
