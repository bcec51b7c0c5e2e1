import Generators
import SnapshotCore

/// Renders states as comparable, line-oriented text: two implementations
/// agree exactly when their texts are equal, and a disagreement reads as a
/// `-`/`+` line diff.
enum StateText {
  /// The name of an error's case, e.g. `duplicateInArgument`. (A switch,
  /// not reflection: this runs for every throwing query of every step.)
  static func caseName(_ error: SnapshotError) -> String {
    switch error {
    case .noSections: return "noSections"
    case .duplicateInArgument: return "duplicateInArgument"
    case .sectionAlreadyExists: return "sectionAlreadyExists"
    case .sectionNotFound: return "sectionNotFound"
    case .destinationNotFound: return "destinationNotFound"
    case .sourceNotFound: return "sourceNotFound"
    case .destinationInArgument: return "destinationInArgument"
    case .moveOntoSelf: return "moveOntoSelf"
    case .reloadMissing: return "reloadMissing"
    case .treeDuplicate: return "treeDuplicate"
    case .parentNotFound: return "parentNotFound"
    case .insertDestinationNotFound: return "insertDestinationNotFound"
    case .deleteMissing: return "deleteMissing"
    case .itemNotFound: return "itemNotFound"
    case .indexPathOutOfRange: return "indexPathOutOfRange"
    }
  }

  /// A layout of numbered sections and items as `section: [items] | …`.
  static func layout(_ layout: [(section: Int, items: [Int])]) -> String {
    layout.map { "\($0.section): \($0.items)" }.joined(separator: " | ")
  }

  /// An outcome line: `ok`, or `throws <case>: <description>`.
  static func outcome<T>(_ result: Result<T, SnapshotError>) -> String {
    switch result {
    case .success: return "ok"
    case .failure(let error): return "throws \(caseName(error)): \(error)"
    }
  }

  /// A query result (already as text) or its error.
  static func query(_ result: Result<String, SnapshotError>) -> String {
    switch result {
    case .success(let value): return value
    case .failure(let error): return "throws \(caseName(error))"
    }
  }

  /// How state texts write ids: the catalog's numbers, or (for an
  /// implementation with identifiers of its own) the user's literals, so
  /// that a failure's `-`/`+` states read `"s0"`/`"i0"` rather than the
  /// generators' `0`. Set for the duration of a check
  /// (`UserTermsRewriter`); both sides of a comparison use the same
  /// injective mapping, so texts still agree exactly when states do.
  struct IdentifierText: Sendable {
    /// A section id as text.
    var section: @Sendable (Int) -> String
    /// An item id as text.
    var item: @Sendable (Int) -> String
    /// An error of the reference model (its ids the catalog's) with its ids
    /// written as the implementation's own error would write them.
    var error: @Sendable (SnapshotError) -> SnapshotError = { $0 }
    /// Whether ids are the catalog's own numbers (no mapping).
    var isNumbers = false

    /// The catalog's own numbers.
    static let numbers = IdentifierText(
      section: { String($0) }, item: { String($0) }, isNumbers: true)

    /// `Map`'s literals.
    static func mapping<Map: IdentifierMapping>(_ map: Map.Type) -> IdentifierText {
      guard Map.self != IntIdentifiers.self else { return numbers }
      return IdentifierText(
        section: { Map.sectionLiteral($0) }, item: { Map.itemLiteral($0) },
        error: { Map.userError($0) })
    }

    /// A section id of any type: a catalog `Int` as this text writes it,
    /// any other as it describes itself.
    func anySection<ID>(_ id: ID) -> String { (id as? Int).map(section) ?? "\(id)" }

    /// An item id of any type: a catalog `Int` as this text writes it, any
    /// other as it describes itself.
    func anyItem<ID>(_ id: ID) -> String { (id as? Int).map(item) ?? "\(id)" }

    /// A section id, shown as this text writes it.
    func shownSection(_ id: Int) -> ShownID { ShownID(id: id, text: section(id)) }

    /// An item id, shown as this text writes it.
    func shownItem(_ id: Int) -> ShownID { ShownID(id: id, text: item(id)) }

    /// A list of item ids.
    func items(_ ids: [Int]) -> String { "[" + ids.map(item).joined(separator: ", ") + "]" }

    /// A list of section ids.
    func sections(_ ids: [Int]) -> String { "[" + ids.map(section).joined(separator: ", ") + "]" }
  }

  /// A list of item ids, as the check running now writes them.
  static func list(_ ids: [Int]) -> String { identifiers.items(ids) }

  /// The ids' texts of the check running now.
  @TaskLocal static var identifiers = IdentifierText.numbers

  /// Every query of part A: the layout, the counts, the marks, and the
  /// per-id lookups over the universe (plus one id outside it).
  ///
  /// Marks are listed only when `S` has `.readableMarks`, and sorted
  /// (compared as sets: mark order is a contract, `full.markOrder`).
  /// `capabilities` (default: `S`'s) says what is read, so that the
  /// reference is described as the candidate is.
  static func full<S: SnapshotProtocol<Int, Int>>(
    _ s: S, universe: FullScript.Universe, capabilities: SnapshotCapabilities? = nil
  ) -> String {
    let capabilities = capabilities ?? S.capabilities
    let ids = identifiers
    var lines: [String] = []
    for (section, items) in s.layout {
      lines.append("section \(ids.section(section)): \(ids.items(items))")
    }
    lines.append("sectionIdentifiers: \(ids.sections(s.sectionIdentifiers))")
    lines.append("itemIdentifiers: \(ids.items(s.itemIdentifiers))")
    lines.append("numberOfSections: \(s.numberOfSections), numberOfItems: \(s.numberOfItems)")
    if capabilities.contains(.readableMarks) {
      lines.append("reloadedItems: \(ids.items(s.reloadedItems.sorted()))")
      lines.append("reconfiguredItems: \(ids.items(s.reconfiguredItems.sorted()))")
      lines.append("reloadedSections: \(ids.sections(s.reloadedSections.sorted()))")
    }
    for section in 0...universe.sections {
      let count = query { () throws(SnapshotError) in
        String(try s.numberOfItems(inSection: section))
      }
      let items = query { () throws(SnapshotError) in
        ids.items(try s.itemIdentifiers(inSection: section))
      }
      lines.append(
        "section \(ids.section(section)): index \(s.indexOfSection(section).map { String($0) } ?? "nil"), "
          + "numberOfItems \(count), items \(items)")
    }
    var lookups: [String] = []
    for item in 0...universe.items {
      let index = s.indexOfItem(item).map { String($0) } ?? "nil"
      let section = s.sectionIdentifier(containingItem: item).map(ids.section) ?? "nil"
      if index != "nil" || section != "nil" {
        lookups.append("\(ids.item(item))@\(index)/s\(section)")
      }
    }
    lines.append("lookups: " + lookups.joined(separator: " "))
    lines.append(positions(s))
    return lines.joined(separator: "\n")
  }

  /// `itemIdentifiers(at:)` of every path in order and in reverse, and of
  /// one path past the end of each section and past the last section
  /// (each `nil`).
  static func positions<S: SnapshotProtocol<Int, Int>>(_ s: S) -> String {
    let ids = identifiers
    let counts = s.layout.map(\.items.count)
    let paths = counts.enumerated().flatMap { section, count in
      (0..<count).map { ItemPath(section: section, item: $0) }
    }
    let past =
      counts.enumerated().map { ItemPath(section: $0.offset, item: $0.element) }
      + [ItemPath(section: counts.count, item: 0)]
    func read(_ paths: [ItemPath]) -> String {
      s.itemIdentifiers(at: paths).map(ids.items) ?? "nil"
    }
    return "itemIdentifiers(at:): \(read(paths)), reversed \(read(paths.reversed())), "
      + "past the ends \(past.map { read([$0]) }.joined(separator: " "))"
  }

  /// The text of a query, or its error.
  static func query(_ body: () throws(SnapshotError) -> String) -> String {
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
  ///
  /// `expandedItems`, `index(of:)` and the `visualDescription()` lines are
  /// listed only when `capabilities` (default: `T`'s) has them.
  static func section<T: SectionSnapshotProtocol<Int>>(
    _ t: T, universe: Int, ids: [Int]? = nil, capabilities: SectionSnapshotCapabilities? = nil
  ) -> String {
    let capabilities = capabilities ?? T.capabilities
    var answers: [Int: FlagAnswers] = [:]
    func flags(_ item: Int) -> FlagAnswers {
      if let known = answers[item] { return known }
      let found = FlagAnswers(t, item)
      answers[item] = found
      return found
    }
    let text = identifiers
    var lines: [String] = []
    let items = t.items
    for item in items {
      let answer = flags(item)
      let level = (try? answer.level.get()) ?? -1
      let expanded = (try? answer.expanded.get()) ?? false
      let visible = (try? answer.visible.get()) ?? false
      lines.append(
        String(repeating: "  ", count: max(0, level)) + (expanded ? "+" : "-")
          + (visible ? "*" : " ") + " \(text.item(item))")
    }
    lines.append("items: \(text.items(items))")
    lines.append("rootItems: \(text.items(t.rootItems))")
    lines.append("visibleItems: \(text.items(t.visibleItems))")
    if capabilities.contains(.expandedItems) {
      lines.append("expandedItems: \(text.items(t.expandedItems))")
    }
    for item in ids ?? Array(0...universe) {
      let answer = flags(item)
      let index =
        capabilities.contains(.indexOf) ? t.index(of: item).map { String($0) } ?? "nil" : "-"
      let parent = query { () throws(SnapshotError) in
        try t.parent(of: item).map(text.item) ?? "root"
      }
      let level = query(answer.level.map { String($0) })
      let expanded = query(answer.expanded.map { String($0) })
      let visible = query(answer.visible.map { String($0) })
      lines.append(
        "\(text.item(item)): contains \(t.contains(item)) index \(index) level \(level) "
          + "parent \(parent) expanded \(expanded) visible \(visible)")
    }
    if capabilities.contains(.visualDescription) {
      lines += t.visualDescription().split(separator: "\n").dropFirst().map {
        visualLine($0, text)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// A `visualDescription()` line (an indent, two marks, a space, the
  /// catalog's id) with its id written by `text`: the reference's and a
  /// mapped implementation's lines both name the catalog's ids, so both
  /// show the user's. A line of another shape is kept as it is.
  static func visualLine(_ line: Substring, _ text: IdentifierText) -> String {
    let indent = line.prefix { $0 == " " }
    let rest = line.dropFirst(indent.count)
    guard rest.count > 3, rest.dropFirst(2).first == " ", let id = Int(rest.dropFirst(3)) else {
      return String(line)
    }
    return indent + rest.prefix(3) + text.item(id)
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

extension StateText {
  /// The failure kind of two state texts that differ: `differs in <query>`,
  /// the first query whose lines differ. The first line is the outcome
  /// (`ok` or `throws …`); every other line's query is its text before the
  /// first `:` with numbers replaced by `#`. Queries that name a section or
  /// id (a `#` in the name: the per-section and per-id views) are compared
  /// after the whole-snapshot ones, so one bug is one kind whichever
  /// section it shows in.
  static func mismatchKind(expected: String, actual: String) -> FailureKind {
    let left = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let right = actual.split(separator: "\n", omittingEmptySubsequences: false)
    if left.first != right.first { return FailureKind("differs in outcome") }
    func query(_ line: Substring) -> String {
      // A line of a tree picture (the flags' or `visualDescription()`'s:
      // an indent, two marks, an id) is the tree, whichever line differs.
      let marks = line.drop { $0 == " " }
      if marks.count > 3, "+-".contains(marks.first!), " *".contains(marks.dropFirst().first!),
        marks.dropFirst(2).first == " "
      {
        return "tree"
      }
      return FailureKind.normalized(String(line.prefix { $0 != ":" }))
    }
    func grouped(_ lines: ArraySlice<Substring>) -> [String: [Substring]] {
      Dictionary(grouping: lines, by: query)
    }
    let leftGroups = grouped(left.dropFirst())
    let rightGroups = grouped(right.dropFirst())
    var order: [String] = []
    for line in left.dropFirst() + right.dropFirst() where !order.contains(query(line)) {
      order.append(query(line))
    }
    let differing = order.filter { leftGroups[$0] != rightGroups[$0] }
    let chosen = differing.first { !$0.contains("#") } ?? differing.first ?? "state"
    return FailureKind("differs in \(chosen)")
  }
}
