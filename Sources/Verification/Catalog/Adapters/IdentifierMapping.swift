import Foundation
import Generators
import SnapshotCore

/// How the catalog's `Int` identifiers become an implementation's own
/// `Hashable & Sendable` section and item identifiers, and back.
///
/// The generators draw small `Int` ids (below `FullScript.identifierBound`,
/// 548); a mapping turns each into the user's type (it must be injective:
/// distinct ints, distinct ids) and renders it as a Swift literal for
/// rendered tests. The inverse defaults to a scan of those ids; override
/// it for speed.
///
/// ```swift
/// enum RowIDs: IdentifierMapping {
///   static func section(_ id: Int) -> String { "s\(id)" }
///   static func item(_ id: Int) -> Row.ID { Row.ID(rawValue: id) }
///   static func itemLiteral(_ id: Int) -> String { "Row.ID(rawValue: \(id))" }
/// }
/// ```
public protocol IdentifierMapping<Section, Item>: Sendable {
  /// The implementation's section identifier type.
  associatedtype Section: Hashable & Sendable
  /// The implementation's item identifier type.
  associatedtype Item: Hashable & Sendable
  /// The section identifier for the catalog's `id`.
  static func section(_ id: Int) -> Section
  /// The item identifier for the catalog's `id`.
  static func item(_ id: Int) -> Item
  /// The catalog's id of `section`, or `nil` when it maps no id.
  static func sectionNumber(of section: Section) -> Int?
  /// The catalog's id of `item`, or `nil` when it maps no id.
  static func itemNumber(of item: Item) -> Int?
  /// `section(id)` as a Swift expression, for rendered tests.
  static func sectionLiteral(_ id: Int) -> String
  /// `item(id)` as a Swift expression, for rendered tests.
  static func itemLiteral(_ id: Int) -> String
}

extension IdentifierMapping {
  /// The ids the default inverse scans: every id the catalog's generators
  /// draw (`FullScript.identifierBound`).
  static var scannedIds: Range<Int> { 0..<FullScript.identifierBound }

  /// The id whose section maps to `section`, by a scan of every id the
  /// catalog draws.
  public static func sectionNumber(of section: Section) -> Int? {
    scannedIds.first { Self.section($0) == section }
  }

  /// The id whose item maps to `item`, by a scan of every id the catalog
  /// draws.
  public static func itemNumber(of item: Item) -> Int? {
    scannedIds.first { Self.item($0) == item }
  }

  /// The section as the Swift expression that makes it, read from the
  /// value (`SwiftLiteral`): a string, a number, a `UUID`, a struct's
  /// memberwise initializer, an enum case. A type the suite cannot derive
  /// one for (a class, a private type, an enum that describes itself)
  /// gets `noLiteral`, which the catalog reports: implement this function.
  public static func sectionLiteral(_ id: Int) -> String {
    SwiftLiteral.of(section(id)) ?? noLiteral
  }

  /// The item as the Swift expression that makes it; see
  /// `sectionLiteral(_:)`.
  public static func itemLiteral(_ id: Int) -> String { SwiftLiteral.of(item(id)) ?? noLiteral }

  /// The literal of an id no literal could be derived for.
  static var noLiteral: String { "<no literal>" }

  /// Where the mapping does not serve the catalog: over the ids of the
  /// small universes (`0..<count`, and one id outside), an id that does
  /// not map back to itself, and ids without a literal (or two ids with
  /// one literal) for rendered tests; over every id the generators draw
  /// (`FullScript.identifierBound`, bulk scenarios included), two ids
  /// mapped to one user id.
  /// - Complexity: O(*count* · *s*), *s* the cost of the inverse (a scan
  ///   by default), plus O(*b*) conversions for the *b* ids drawn.
  static func mappingProblems(upTo count: Int = 140) -> [String] {
    var problems: [String] = []
    var mapped: (sections: [Section: Int], items: [Item: Int]) = ([:], [:])
    for id in 0..<FullScript.identifierBound {
      if let other = mapped.sections.updateValue(id, forKey: section(id)) {
        problems.append(
          "sections \(other) and \(id) both map to \(String(reflecting: section(id)))")
        break
      }
      if let other = mapped.items.updateValue(id, forKey: item(id)) {
        problems.append("items \(other) and \(id) both map to \(String(reflecting: item(id)))")
        break
      }
    }
    var literals: (sections: Set<String>, items: Set<String>) = ([], [])
    for id in 0..<count {
      let section = number(ofSection: self.section(id))
      if section != id {
        problems.append(
          "section \(id) maps to \(String(reflecting: self.section(id))), which maps back to \(section)"
        )
      }
      let item = number(ofItem: self.item(id))
      if item != id {
        problems.append(
          "item \(id) maps to \(String(reflecting: self.item(id))), which maps back to \(item)")
      }
      let (sectionText, itemText) = (sectionLiteral(id), itemLiteral(id))
      if sectionText == noLiteral || itemText == noLiteral {
        problems.append(
          "no Swift literal can be derived for \(String(reflecting: sectionText == noLiteral ? self.section(id) as Any : self.item(id) as Any)): "
            + "implement sectionLiteral(_:) and itemLiteral(_:) in \(self)")
        break
      }
      if !literals.sections.insert(sectionText).inserted
        || !literals.items.insert(itemText).inserted
      {
        problems.append(
          "two ids have the literal \(literals.sections.contains(sectionText) ? sectionText : itemText)"
        )
        break
      }
    }
    return problems
  }

  /// The catalog's id of a user section (`-1` when it maps none).
  static func number(ofSection section: Section) -> Int { sectionNumber(of: section) ?? -1 }
  /// The catalog's id of a user item (`-1` when it maps none).
  static func number(ofItem item: Item) -> Int { itemNumber(of: item) ?? -1 }

  /// `error` with the user's ids in its text turned back into the
  /// catalog's ids, so it compares equal to the reference model's.
  static func catalogError(_ error: SnapshotError) -> SnapshotError {
    translating(
      error,
      section: { text in
        scannedIds.first { SnapshotError.text(Self.section($0)) == text }.map(String.init) ?? text
      },
      item: { text in
        scannedIds.first { SnapshotError.text(Self.item($0)) == text }.map(String.init) ?? text
      })
  }

  /// `error` with the catalog's ids in its text written as the user's
  /// (the inverse of `catalogError`), for rendered tests.
  static func userError(_ error: SnapshotError) -> SnapshotError {
    translating(
      error, section: { text in Int(text).map { SnapshotError.text(Self.section($0)) } ?? text },
      item: { text in Int(text).map { SnapshotError.text(Self.item($0)) } ?? text })
  }

  /// `error` with each id in its text passed through `section` or `item`.
  static func translating(
    _ error: SnapshotError, section: (String) -> String, item: (String) -> String
  ) -> SnapshotError {
    func id(_ kind: IdentifierKind, _ text: String) -> String {
      kind == .section ? section(text) : item(text)
    }
    switch error {
    case .noSections, .indexPathOutOfRange: return error
    case .duplicateInArgument(let kind, let ids):
      return .duplicateInArgument(kind, ids.map { id(kind, $0) })
    case .sectionAlreadyExists(let ids): return .sectionAlreadyExists(ids.map(section))
    case .sectionNotFound(let text): return .sectionNotFound(section(text))
    case .destinationNotFound(let kind, let text): return .destinationNotFound(kind, id(kind, text))
    case .sourceNotFound(let kind, let text): return .sourceNotFound(kind, id(kind, text))
    case .destinationInArgument(let kind, let text):
      return .destinationInArgument(kind, id(kind, text))
    case .moveOntoSelf(let kind, let text): return .moveOntoSelf(kind, id(kind, text))
    case .reloadMissing(let mark, let text):
      return .reloadMissing(mark, mark == .reloadSection ? section(text) : item(text))
    case .treeDuplicate(let ids): return .treeDuplicate(ids.map(item))
    case .parentNotFound(let text): return .parentNotFound(item(text))
    case .insertDestinationNotFound(let text): return .insertDestinationNotFound(item(text))
    case .deleteMissing(let text): return .deleteMissing(item(text))
    case .itemNotFound(let text): return .itemNotFound(item(text))
    }
  }
}

/// `Int` identifiers, unchanged.
public enum IntIdentifiers: IdentifierMapping {
  /// `id`.
  public static func section(_ id: Int) -> Int { id }
  /// `id`.
  public static func item(_ id: Int) -> Int { id }
  /// `section`.
  public static func sectionNumber(of section: Int) -> Int? { section }
  /// `item`.
  public static func itemNumber(of item: Int) -> Int? { item }
}

/// `String` identifiers: section 3 is `"s3"`, item 7 is `"i7"`.
public enum StringIdentifiers: IdentifierMapping {
  /// `"s<id>"`.
  public static func section(_ id: Int) -> String { "s\(id)" }
  /// `"i<id>"`.
  public static func item(_ id: Int) -> String { "i\(id)" }
  /// The number after `s`.
  public static func sectionNumber(of section: String) -> Int? {
    section.first == "s" ? Int(section.dropFirst()) : nil
  }
  /// The number after `i`.
  public static func itemNumber(of item: String) -> Int? {
    item.first == "i" ? Int(item.dropFirst()) : nil
  }
}

/// `UUID` identifiers, deterministic: section `n` is
/// `00000000-0000-4000-8000-<n in 12 hex digits>`, item `n` the same with
/// `…-4000-9000-…`.
public enum UUIDIdentifiers: IdentifierMapping {
  /// The section UUID of `id`.
  public static func section(_ id: Int) -> UUID { uuid(id, group: "8000") }
  /// The item UUID of `id`.
  public static func item(_ id: Int) -> UUID { uuid(id, group: "9000") }
  /// The number in the last group of a section UUID.
  public static func sectionNumber(of section: UUID) -> Int? { number(section, group: "8000") }
  /// The number in the last group of an item UUID.
  public static func itemNumber(of item: UUID) -> Int? { number(item, group: "9000") }
  /// `UUID(uuidString: "…")!`.
  public static func sectionLiteral(_ id: Int) -> String {
    "UUID(uuidString: \"\(section(id).uuidString)\")!"
  }
  /// `UUID(uuidString: "…")!`.
  public static func itemLiteral(_ id: Int) -> String {
    "UUID(uuidString: \"\(item(id).uuidString)\")!"
  }

  private static func uuid(_ id: Int, group: String) -> UUID {
    let hex = String(UInt64(truncatingIfNeeded: id) & 0xFFFF_FFFF_FFFF, radix: 16, uppercase: true)
    let text = "00000000-0000-4000-\(group)-" + String(repeating: "0", count: 12 - hex.count) + hex
    return UUID(uuidString: text) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
  }

  private static func number(_ uuid: UUID, group: String) -> Int? {
    let parts = uuid.uuidString.split(separator: "-")
    guard parts.count == 5, parts[3] == group, parts[0] == "00000000" else { return nil }
    return Int(parts[4], radix: 16)
  }
}
