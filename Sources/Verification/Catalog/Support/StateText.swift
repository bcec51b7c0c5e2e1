import Generators
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
    _ s: S, universe: FullScript.Universe
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

extension StateText {
  /// Every query of part B: the derived views, the tree picture, and the
  /// per-id queries and errors over `ids` (by default `0...universe`).
  ///
  /// Each query is asked once per id: the tree picture and the per-id lines
  /// share the answers of `level(of:)`, `isExpanded(_:)` and `isVisible(_:)`
  /// (a value type answers the same twice; asking once halves the work).
  static func section<T: SectionSnapshotProtocol<Int>>(
    _ t: T, universe: Int, ids: [Int]? = nil
  ) -> String {
    var answers: [Int: FlagAnswers] = [:]
    func flags(_ item: Int) -> FlagAnswers {
      if let known = answers[item] { return known }
      let found = FlagAnswers(t, item)
      answers[item] = found
      return found
    }
    var lines: [String] = []
    let items = t.items
    for item in items {
      let answer = flags(item)
      let level = (try? answer.level.get()) ?? -1
      let expanded = (try? answer.expanded.get()) ?? false
      let visible = (try? answer.visible.get()) ?? false
      lines.append(
        String(repeating: "  ", count: max(0, level)) + (expanded ? "+" : "-")
          + (visible ? "*" : " ") + " \(item)")
    }
    lines.append("items: \(list(items))")
    lines.append("rootItems: \(list(t.rootItems))")
    lines.append("visibleItems: \(list(t.visibleItems))")
    lines.append("expandedItems: \(list(t.expandedItems))")
    for item in ids ?? Array(0...universe) {
      let answer = flags(item)
      let index = t.index(of: item).map(String.init) ?? "nil"
      let parent = query { () throws(SnapshotError) in
        try t.parent(of: item).map(String.init) ?? "root"
      }
      lines.append(
        "\(item): contains \(t.contains(item)) index \(index) level \(query(answer.level)) "
          + "parent \(parent) expanded \(query(answer.expanded)) "
          + "visible \(query(answer.visible))")
    }
    lines += t.visualDescription().split(separator: "\n").dropFirst().map(String.init)
    return lines.joined(separator: "\n")
  }

  /// The answers of a section snapshot's per-item flag queries for one id.
  struct FlagAnswers {
    /// `level(of:)`.
    var level: Result<Int, SnapshotError>
    /// `isExpanded(_:)`.
    var expanded: Result<Bool, SnapshotError>
    /// `isVisible(_:)`.
    var visible: Result<Bool, SnapshotError>

    /// Asks `t` about `item`.
    init<T: SectionSnapshotProtocol<Int>>(_ t: T, _ item: Int) {
      level = Result { () throws(SnapshotError) in try t.level(of: item) }
      expanded = Result { () throws(SnapshotError) in try t.isExpanded(item) }
      visible = Result { () throws(SnapshotError) in try t.isVisible(item) }
    }
  }
}
