import SnapshotCore
import Testing

/// Builders and renderers that let the full-snapshot example tables be
/// written as short strings, for any `SnapshotProtocol` conformer with
/// `String` identifiers.
///
/// A layout reads `A:[a,b] B:[] C:[c]`: sections in order, each with its
/// items in order. An empty snapshot renders as the empty string.
enum FullSnapshotSupport {
  /// A snapshot with the sections and items of `layout`, and no marks.
  static func make<S: SnapshotProtocol>(
    _: S.Type, _ layout: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> S where S.SectionIdentifier == String, S.ItemIdentifier == String {
    var snapshot = S()
    for part in layout.split(separator: " ") {
      let pieces = part.split(separator: ":", maxSplits: 1)
      let section = String(pieces[0])
      let list = pieces.count > 1 ? pieces[1].dropFirst().dropLast() : ""
      let items = list.split(separator: ",").map(String.init)
      do {
        try snapshot.appendSections([section])
        try snapshot.appendItems(items, toSection: section)
      } catch {
        Issue.record("bad layout \(layout): \(error)", sourceLocation: sourceLocation)
      }
    }
    return snapshot
  }

  /// The layout of `snapshot` in the notation `make` reads.
  static func layout<S: SnapshotProtocol>(_ snapshot: S) -> String
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    snapshot.layout
      .map { "\($0.section):[\($0.items.joined(separator: ","))]" }
      .joined(separator: " ")
  }

  /// The layout followed by all three mark lists: the whole observable
  /// state, used to show that a failed operation changed nothing.
  static func state<S: SnapshotProtocol>(_ snapshot: S) -> String
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    layout(snapshot)
      + " | reload \(snapshot.reloadedItemIdentifiers)"
      + " sections \(snapshot.reloadedSectionIdentifiers)"
      + " reconfigure \(snapshot.reconfiguredItemIdentifiers)"
  }

  /// Expects `snapshot` to have `expected` as its layout and no invariant
  /// violation.
  static func expectLayout<S: SnapshotProtocol>(
    _ snapshot: S, _ expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) where S.SectionIdentifier == String, S.ItemIdentifier == String {
    #expect(layout(snapshot) == expected, sourceLocation: sourceLocation)
    #expect(snapshot.invariantViolations() == [], sourceLocation: sourceLocation)
  }

  /// Expects `body` to throw exactly `expected` on a copy of `snapshot`, and
  /// the copy to be left exactly as it was, marks included.
  static func expectError<S: SnapshotProtocol>(
    _ expected: SnapshotError, on snapshot: S,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (inout S) throws -> Void
  ) where S.SectionIdentifier == String, S.ItemIdentifier == String {
    var copy = snapshot
    do {
      try body(&copy)
      Issue.record("expected \(expected); nothing was thrown", sourceLocation: sourceLocation)
    } catch {
      #expect(error as? SnapshotError == expected, sourceLocation: sourceLocation)
    }
    #expect(copy == snapshot, sourceLocation: sourceLocation)
    #expect(state(copy) == state(snapshot), sourceLocation: sourceLocation)
    #expect(copy.invariantViolations() == [], sourceLocation: sourceLocation)
  }

  /// A snapshot `A:[a,b,c] B:[d,e] C:[]` carrying marks on `a`, `d`, `B`, `e`:
  /// the usual starting point of the error tables.
  static func marked<S: SnapshotProtocol>(_ type: S.Type) -> S
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    var snapshot = make(type, "A:[a,b,c] B:[d,e] C:[]")
    do {
      try snapshot.reloadItems(["a", "d"])
      try snapshot.reloadSections(["B"])
      try snapshot.reconfigureItems(["e"])
    } catch {
      Issue.record("cannot mark: \(error)")
    }
    return snapshot
  }
}
