import SnapshotCore

/// Renders states as comparable, line-oriented text: two implementations
/// agree exactly when their texts are equal, and a disagreement reads as a
/// `-`/`+` line diff.
enum StateText {
  /// The name of an error's case, e.g. `duplicateInArgument`.
  static func caseName(_ error: SnapshotError) -> String {
    if let label = Mirror(reflecting: error).children.first?.label { return label }
    return String(describing: error) == SnapshotError.noSections.description
      ? "noSections" : "\(error)"
  }

  /// An outcome line: `ok`, or `throws <case>: <description>`.
  static func outcome<T>(_ result: Result<T, SnapshotError>) -> String {
    switch result {
    case .success: return "ok"
    case .failure(let error): return "throws \(caseName(error)): \(error)"
    }
  }

  /// A query result or its error.
  static func query<T>(_ result: Result<T, SnapshotError>) -> String {
    switch result {
    case .success(let value): return "\(value)"
    case .failure(let error): return "throws \(caseName(error))"
    }
  }

  static func list(_ ids: [Int]) -> String {
    "[" + ids.map(String.init).joined(separator: ", ") + "]"
  }

  /// Every query of part A: the layout, the counts, the marks, and the
  /// per-id lookups over the universe (plus one id outside it).
  static func full<S: SnapshotProtocol<Int, Int>>(
    _ s: S, universe: FullCase.Universe
  ) -> String {
    var lines: [String] = []
    for (section, items) in s.layout { lines.append("section \(section): \(list(items))") }
    lines.append("sectionIdentifiers: \(list(s.sectionIdentifiers))")
    lines.append("itemIdentifiers: \(list(s.itemIdentifiers))")
    lines.append("numberOfSections: \(s.numberOfSections), numberOfItems: \(s.numberOfItems)")
    lines.append("reloadedItems: \(list(s.reloadedItemIdentifiers))")
    lines.append("reconfiguredItems: \(list(s.reconfiguredItemIdentifiers))")
    lines.append("reloadedSections: \(list(s.reloadedSectionIdentifiers))")
    for section in 0...universe.sections {
      let count = query { () throws(SnapshotError) in try s.numberOfItems(inSection: section) }
      let items = query { () throws(SnapshotError) in try s.itemIdentifiers(inSection: section) }
      lines.append(
        "section \(section): index \(s.indexOfSection(section).map(String.init) ?? "nil"), "
          + "numberOfItems \(count), items \(items)")
    }
    var lookups: [String] = []
    for item in 0...universe.items {
      let index = s.indexOfItem(item).map(String.init) ?? "nil"
      let section = s.sectionIdentifier(containingItem: item).map(String.init) ?? "nil"
      if index != "nil" || section != "nil" { lookups.append("\(item)@\(index)/s\(section)") }
    }
    lines.append("lookups: " + lookups.joined(separator: " "))
    return lines.joined(separator: "\n")
  }

  static func query<T>(_ body: () throws(SnapshotError) -> T) -> String {
    query(Result(catching: body))
  }
}
