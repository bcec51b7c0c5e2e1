import SnapshotCore
import SnapshotModel
import Testing
import Verification

// Identifier mappings: a derived literal, and one the mapping writes.

/// An app's item identifier: a struct, written in rendered tests as its
/// memberwise initializer.
struct RowID: Hashable, Sendable {
  var kind: String
  var number: Int
}

/// `String` sections and `RowID` items; every literal is derived.
enum RowIdentifiers: IdentifierMapping {
  static func section(_ id: Int) -> String { "section-\(id)" }
  static func item(_ id: Int) -> RowID { RowID(kind: "row", number: id) }
}

/// An identifier that describes itself: no literal can be read from it.
enum Tab: Hashable, Sendable, CustomStringConvertible {
  case index(Int)

  var description: String {
    switch self {
    case .index(let number): return "tab \(number)"
    }
  }
}

/// `Int` sections and `Tab` items, whose literal the mapping writes.
enum TabIdentifiers: IdentifierMapping {
  static func section(_ id: Int) -> Int { id }
  static func item(_ id: Int) -> Tab { .index(id) }
  static func itemNumber(of item: Tab) -> Int? {
    switch item {
    case .index(let number): return number
    }
  }
  static func itemLiteral(_ id: Int) -> String { "Tab.index(\(id))" }
}

@Test func mappingsWriteTheirIdentifiersAsSwiftLiterals() {
  #expect(RowIdentifiers.sectionLiteral(2) == "\"section-2\"")
  #expect(RowIdentifiers.itemLiteral(3) == "RowID(kind: \"row\", number: 3)")
  #expect(TabIdentifiers.sectionLiteral(2) == "2")
  #expect(TabIdentifiers.itemLiteral(3) == "Tab.index(3)")
}

// Misuse declarations: per family, then per kind, then the default.

let trapping = Implementation(
  name: "backport", snapshot: LegacySnapshot.self,
  sectionSnapshot: ModelSectionSnapshot<Int>.self, misuse: .traps
) { NoDiffer<LegacySnapshot>() }
// A repeated id in a delete is ignored, and in every family without its own.
let backport = trapping.misuse(.ignores, for: .deletions).misuse(.ignores, forKinds: .repeatedId)

@Test func misuseDeclarationsReadBack() {
  #expect(backport.misuse == .traps)
  #expect(backport.misuse(for: .deletions) == .ignores)
  #expect(backport.misuse(for: .itemMutations) == .traps)
  #expect(backport.misuseByKind[.repeatedId] == .ignores)
}
