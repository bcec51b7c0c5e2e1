import SnapshotCore
import Testing

/// Builders and renderers that let the section-snapshot example tables be
/// written as short strings, for any `SectionSnapshotProtocol` conformer
/// with `String` identifiers.
///
/// A tree reads `+a(a1, +a2(x)), b`: items in pre-order, children in
/// parentheses after their parent, `+` before an expanded item. An empty
/// tree renders as the empty string.
enum SectionSnapshotSupport {
  /// A section snapshot with the items and expanded flags of `tree`.
  static func make<T: SectionSnapshotProtocol>(
    _: T.Type, _ tree: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> T where T.ItemIdentifier == String {
    var snapshot = T()
    var parents: [String] = []
    var last: String?
    var pendingFlag = false
    var flagged: [String] = []
    var name = ""
    func flush() {
      guard !name.isEmpty else { return }
      do {
        try snapshot.append([name], to: parents.last)
      } catch {
        Issue.record("bad tree \(tree): \(error)", sourceLocation: sourceLocation)
      }
      if pendingFlag { flagged.append(name) }
      last = name
      name = ""
      pendingFlag = false
    }
    for character in tree {
      switch character {
      case "+": pendingFlag = true
      case "(":
        flush()
        if let last { parents.append(last) }
      case ")":
        flush()
        parents.removeLast()
      case ",", " ": flush()
      default: name.append(character)
      }
    }
    flush()
    snapshot.expand(flagged)
    return snapshot
  }

  /// The tree of `snapshot`, expanded flags included, in the notation `make`
  /// reads. Uses only the protocol's queries.
  static func render<T: SectionSnapshotProtocol>(_ snapshot: T) -> String
  where T.ItemIdentifier == String {
    render(snapshot.rootItems, in: snapshot)
  }

  private static func render<T: SectionSnapshotProtocol>(
    _ siblings: [String], in snapshot: T
  ) -> String where T.ItemIdentifier == String {
    siblings.map { item in
      let flag = (try? snapshot.isExpanded(item)) == true ? "+" : ""
      let children = snapshot.items.filter { (try? snapshot.parent(of: $0)) == item }
      let inner = children.isEmpty ? "" : "(\(render(children, in: snapshot)))"
      return flag + item + inner
    }
    .joined(separator: ", ")
  }

  /// Expects `snapshot` to render as `expected` and to have no invariant
  /// violation.
  static func expectTree<T: SectionSnapshotProtocol>(
    _ snapshot: T, _ expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) where T.ItemIdentifier == String {
    #expect(render(snapshot) == expected, sourceLocation: sourceLocation)
    #expect(snapshot.invariantViolations() == [], sourceLocation: sourceLocation)
  }

  /// Expects `body` to throw exactly `expected` on a copy of `snapshot`, and
  /// the copy to be left exactly as it was, expanded set included.
  static func expectError<T: SectionSnapshotProtocol>(
    _ expected: SnapshotError, on snapshot: T,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (inout T) throws -> Void
  ) where T.ItemIdentifier == String {
    var copy = snapshot
    do {
      try body(&copy)
      Issue.record("expected \(expected); nothing was thrown", sourceLocation: sourceLocation)
    } catch {
      #expect(error as? SnapshotError == expected, sourceLocation: sourceLocation)
    }
    #expect(copy == snapshot, sourceLocation: sourceLocation)
    #expect(render(copy) == render(snapshot), sourceLocation: sourceLocation)
    #expect(copy.expandedItems == snapshot.expandedItems, sourceLocation: sourceLocation)
    #expect(copy.invariantViolations() == [], sourceLocation: sourceLocation)
  }

  /// Expects `body` to throw nothing and to leave `snapshot` unchanged.
  static func expectNoOp<T: SectionSnapshotProtocol>(
    on snapshot: T, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (inout T) throws -> Void
  ) where T.ItemIdentifier == String {
    var copy = snapshot
    #expect(throws: Never.self, sourceLocation: sourceLocation) { try body(&copy) }
    #expect(copy == snapshot, sourceLocation: sourceLocation)
    #expect(render(copy) == render(snapshot), sourceLocation: sourceLocation)
  }

  /// The usual starting tree of the tables:
  /// `+a(a1, +a2(x, y)), b(+b1(z)), +c` — a expanded, a2 expanded, b
  /// collapsed over an expanded b1, c expanded without children.
  static let standard = "+a(a1, +a2(x, y)), b(+b1(z)), +c"
}
