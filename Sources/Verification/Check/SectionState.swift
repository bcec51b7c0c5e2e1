import Generators
import SnapshotCore

/// Everything part B lets a caller read of a section snapshot, as one
/// `Equatable` value: the derived views, and per id (every id either side
/// holds, plus one never used) whether it is held, its index, level,
/// parent and flags; `visualDescription()` with its ids as the user's type
/// describes them. Only what `capabilities` has is read.
struct SectionState: Equatable {
  /// The answers about one id.
  struct Node: Equatable {
    var id: Int
    var contains: Bool
    var index: Int??
    var level: Answer<Int>
    var parent: Answer<Int?>
    var expanded: Answer<Bool>
    var visible: Answer<Bool>
  }

  var items: [Int]
  var rootItems: [Int]
  var visibleItems: [Int]
  var expandedItems: [Int]?
  var nodes: [Node]
  var picture: Picture?

  /// Reads `tree` about `ids`; `describe` writes an id as the tree's own
  /// `visualDescription()` does (for the reference, the user's
  /// description of the catalog's id; `nil`: the tree's lines as printed).
  /// With `asksMissing` false, the throwing queries are not asked about an
  /// id `contains` says is missing.
  ///
  /// - Complexity: O(*k* · *q*), *k* the ids and *q* the cost of a query.
  init<T: SectionSnapshotProtocol<Int>>(
    _ tree: T, ids: [Int], capabilities: SectionSnapshotCapabilities, asksMissing: Bool,
    describe: ((Int) -> String)?
  ) {
    self.init(tree, ids: ids, capabilities: capabilities, describe: describe) { id in
      Self.node(tree, id, capabilities: capabilities, asksMissing: asksMissing)
    }
  }

  /// Reads `tree`'s derived views and picture, and `node` of each of `ids`.
  init<T: SectionSnapshotProtocol<Int>>(
    _ tree: T, ids: [Int], capabilities: SectionSnapshotCapabilities,
    describe: ((Int) -> String)?, node: (Int) -> Node
  ) {
    items = tree.items
    rootItems = tree.rootItems
    visibleItems = tree.visibleItems
    if capabilities.contains(.expandedItems) { expandedItems = tree.expandedItems }
    nodes = ids.map(node)
    if capabilities.contains(.visualDescription) {
      let text = tree.visualDescription()
      if let describe {
        let lines = Picture.split(text)
        picture = Picture(
          text: ([String(lines.first ?? "")] + lines.dropFirst().map { Self.relabel($0, describe) })
            .joined(separator: "\n"))
      } else {
        picture = Picture(text: text)
      }
    }
  }

  /// `visualDescription()` as compared: its lines after the first (the
  /// header), empty lines aside. The text is kept whole and split only
  /// when two texts differ, or to describe a failure.
  struct Picture: Equatable {
    /// The description (for the reference, its ids as the user's type
    /// describes them).
    var text: String

    /// The compared lines.
    var lines: [String] { Self.split(text).dropFirst().map(String.init) }

    /// The lines of `text`, the header first, empty lines aside (split as
    /// bytes: the lines are compared, not read as characters).
    static func split(_ text: String) -> [Substring] {
      text.utf8.split(separator: UInt8(ascii: "\n")).map { Substring($0) }
    }

    /// Equal texts have equal lines: the split is made only when the
    /// texts differ.
    static func == (lhs: Picture, rhs: Picture) -> Bool {
      lhs.text == rhs.text || lhs.lines == rhs.lines
    }
  }

  /// The answers of `tree`'s queries about `id`; with `asksMissing`
  /// false, the throwing ones are not asked when `contains` says it is
  /// missing.
  static func node<T: SectionSnapshotProtocol<Int>>(
    _ tree: T, _ id: Int, capabilities: SectionSnapshotCapabilities, asksMissing: Bool
  ) -> Node {
    let contains = tree.contains(id)
    let ask = asksMissing || contains
    return Node(
      id: id, contains: contains,
      index: capabilities.contains(.indexOf) ? .some(tree.index(of: id)) : .none,
      level: Answer(asking: ask) { () throws(SnapshotError) in try tree.level(of: id) },
      parent: Answer(asking: ask) { () throws(SnapshotError) in try tree.parent(of: id) },
      expanded: Answer(asking: ask) { () throws(SnapshotError) in try tree.isExpanded(id) },
      visible: Answer(asking: ask) { () throws(SnapshotError) in try tree.isVisible(id) })
  }

  /// A `visualDescription()` line (an indent, two marks, a space, an id)
  /// with its id written by `describe`; a line of another shape as it is.
  static func relabel(_ line: Substring, _ describe: (Int) -> String) -> String {
    let indent = line.prefix { $0 == " " }
    let rest = line.dropFirst(indent.count)
    guard rest.count > 3, rest.dropFirst(2).first == " ", let id = Int(rest.dropFirst(3)) else {
      return String(line)
    }
    return indent + rest.prefix(3) + describe(id)
  }

  /// The ids a comparison of two trees asks about: every id either holds
  /// (in the order first seen) and `absent`, an id neither ever holds.
  ///
  /// - Complexity: O(*n* + *m*) in the ids held and the largest one: the
  ///   ids seen are marked in an array of flags indexed by id when they
  ///   are small and non-negative (the catalog's), in a set otherwise.
  static func ids(_ left: [Int], _ right: [Int], absent: Int) -> [Int] {
    var asked: [Int] = []
    asked.reserveCapacity(left.count + right.count + 1)
    let largest = Swift.max(left.max() ?? 0, right.max() ?? 0, absent)
    let smallest = Swift.min(left.min() ?? 0, right.min() ?? 0, absent)
    if smallest >= 0, largest < 1 << 16 {
      var seen = [Bool](repeating: false, count: largest + 1)
      for list in [left, right, [absent]] {
        for id in list where !seen[id] {
          seen[id] = true
          asked.append(id)
        }
      }
      return asked
    }
    var seen = Set<Int>(minimumCapacity: left.count + right.count + 1)
    for list in [left, right, [absent]] {
      for id in list where seen.insert(id).inserted { asked.append(id) }
    }
    return asked
  }
}

extension SectionState {
  /// The observables on which `actual` differs from `self` (the
  /// reference's), the derived views first; the expectations name the
  /// candidate `variable`.
  func divergences(from actual: SectionState, _ literals: Literals, variable: String = "c")
    -> [Divergence]
  {
    guard self != actual else { return [] }
    var found: [Divergence] = []
    let c = variable
    func view(_ name: String, _ mine: [Int], _ theirs: [Int]) {
      guard mine != theirs else { return }
      found.append(
        Divergence(
          observable: name, expected: literals.items(mine), actual: literals.items(theirs),
          expectations: ["#expect(\(c).\(name) == \(literals.items(mine)))"]))
    }
    view("items", items, actual.items)
    view("rootItems", rootItems, actual.rootItems)
    view("visibleItems", visibleItems, actual.visibleItems)
    if let mine = expandedItems, let theirs = actual.expandedItems {
      view("expandedItems", mine, theirs)
    }
    for (mine, theirs) in zip(nodes, actual.nodes) where mine != theirs {
      let id = literals.item(mine.id)
      func text(_ n: Node) -> String {
        var parts = ["contains \(n.contains)"]
        if let index = n.index { parts.append("index \(index.map(String.init) ?? "nil")") }
        parts.append("level " + n.level.shown(String.init))
        parts.append("parent " + n.parent.shown { $0.map(literals.item) ?? "nil (a root)" })
        parts.append("expanded " + n.expanded.shown(String.init))
        parts.append("visible " + n.visible.shown(String.init))
        return parts.joined(separator: ", ")
      }
      var expectations = ["#expect(\(c).contains(\(id)) == \(mine.contains))"]
      if let index = mine.index {
        expectations.append("#expect(\(c).index(of: \(id)) == \(index.map(String.init) ?? "nil"))")
      }
      expectations += [
        mine.level.expectation("\(c).level(of: \(id))", String.init),
        mine.parent.expectation("\(c).parent(of: \(id))") { literals.item($0) },
        mine.expanded.expectation("\(c).isExpanded(\(id))", String.init),
        mine.visible.expectation("\(c).isVisible(\(id))", String.init),
      ].compactMap { $0 }
      found.append(
        Divergence(
          observable: "item \(id)", expected: text(mine), actual: text(theirs),
          expectations: expectations))
    }
    if let mine = picture?.lines, let theirs = actual.picture?.lines, mine != theirs {
      found.append(
        Divergence(
          observable: "visualDescription()", expected: mine.joined(separator: "\n"),
          actual: theirs.joined(separator: "\n"),
          expectations: [
            "#expect(\(c).visualDescription().split(separator: \"\\n\").dropFirst().map(String.init) == \(SwiftCode.strings(mine)))"
          ], severity: .cosmetic))
    }
    return found
  }
}
