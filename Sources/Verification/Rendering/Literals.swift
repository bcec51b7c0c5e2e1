import SnapshotCore

/// The catalog's `Int` ids in an implementation's own terms, for every text
/// a check makes: as the Swift literal of the user's identifier type (what
/// rendered tests and messages write) and as the text its own description
/// gives (what the user's errors and `visualDescription()` print).
///
/// Built once per catalog from the implementation's `IdentifierMapping`
/// and captured by each property's check and rendering: no id is ever
/// rewritten in finished text.
public struct Literals: Sendable {
  /// The Swift type name of section identifiers (`Int`, `String`, `RowID`).
  public let sectionType: String
  /// The Swift type name of item identifiers.
  public let itemType: String
  /// Whether the ids are the catalog's own `Int`s.
  public let isNumbers: Bool
  private let sectionLiteral: @Sendable (Int) -> String
  private let itemLiteral: @Sendable (Int) -> String
  private let sectionText: @Sendable (Int) -> String
  private let itemText: @Sendable (Int) -> String
  private let listText: @Sendable ([Int]) -> String

  /// The literals of `Map`'s identifiers.
  public init<Map: IdentifierMapping>(_ map: Map.Type) {
    sectionType = String(describing: Map.Section.self)
    itemType = String(describing: Map.Item.self)
    isNumbers = Map.self == IntIdentifiers.self
    sectionLiteral = { Map.sectionLiteral($0) }
    itemLiteral = { Map.itemLiteral($0) }
    sectionText = { SnapshotError.text(Map.section($0)) }
    itemText = { SnapshotError.text(Map.item($0)) }
    listText = { String(describing: $0.map(Map.item)) }
  }

  /// The catalog's own `Int` ids.
  public static let numbers = Literals(IntIdentifiers.self)

  /// Section `id` as a Swift literal.
  public func section(_ id: Int) -> String { sectionLiteral(id) }
  /// Item `id` as a Swift literal.
  public func item(_ id: Int) -> String { itemLiteral(id) }
  /// An optional section id as a Swift literal (`nil` for none).
  public func section(_ id: Int?) -> String { id.map(sectionLiteral) ?? "nil" }
  /// An optional item id as a Swift literal (`nil` for none).
  public func item(_ id: Int?) -> String { id.map(itemLiteral) ?? "nil" }
  /// Section ids as a Swift array literal.
  public func sections(_ ids: [Int]) -> String {
    "[" + ids.map(sectionLiteral).joined(separator: ", ") + "]"
  }
  /// Item ids as a Swift array literal.
  public func items(_ ids: [Int]) -> String {
    "[" + ids.map(itemLiteral).joined(separator: ", ") + "]"
  }
  /// Item `id` as the user's type describes it (`String(describing:)`).
  public func itemDescription(_ id: Int) -> String { itemText(id) }
  /// How a reference state's ids are rewritten to read as the user's
  /// type describes them: `nil` when they already do (the catalog's own
  /// numbers), so nothing is rewritten.
  var itemRelabeling: ((Int) -> String)? {
    guard !isNumbers else { return nil }
    return { id in itemDescription(id) }
  }
  /// Item ids as an array of the user's type describes itself
  /// (`String(describing:)` of the array, as string interpolation prints
  /// it).
  public func listDescription(_ ids: [Int]) -> String { listText(ids) }
  /// Section `id` as the user's type describes it.
  public func sectionDescription(_ id: Int) -> String { sectionText(id) }

  /// A reference-model error (its ids the catalog's numbers) as the
  /// implementation's own error would read: each id as its type describes
  /// it.
  public func userError(_ error: SnapshotError) -> SnapshotError {
    guard !isNumbers else { return error }
    return IntIdentifiers.translating(
      error,
      section: { text in Int(text).map(sectionText) ?? text },
      item: { text in Int(text).map(itemText) ?? text })
  }

  /// `error` as a Swift expression of `SnapshotError` with the user's ids:
  /// `SnapshotError.sectionNotFound("s3")`.
  public func errorLiteral(_ error: SnapshotError) -> String {
    let shown = userError(error)
    func list(_ texts: [String]) -> String { SwiftCode.strings(texts) }
    switch shown {
    case .noSections: return "SnapshotError.noSections"
    case .duplicateInArgument(let kind, let ids):
      return "SnapshotError.duplicateInArgument(.\(kind), \(list(ids)))"
    case .sectionAlreadyExists(let ids): return "SnapshotError.sectionAlreadyExists(\(list(ids)))"
    case .sectionNotFound(let id): return "SnapshotError.sectionNotFound(\(SwiftCode.string(id)))"
    case .destinationNotFound(let kind, let id):
      return "SnapshotError.destinationNotFound(.\(kind), \(SwiftCode.string(id)))"
    case .sourceNotFound(let kind, let id):
      return "SnapshotError.sourceNotFound(.\(kind), \(SwiftCode.string(id)))"
    case .destinationInArgument(let kind, let id):
      return "SnapshotError.destinationInArgument(.\(kind), \(SwiftCode.string(id)))"
    case .moveOntoSelf(let kind, let id):
      return "SnapshotError.moveOntoSelf(.\(kind), \(SwiftCode.string(id)))"
    case .reloadMissing(let mark, let id):
      return "SnapshotError.reloadMissing(.\(mark.rawValue), \(SwiftCode.string(id)))"
    case .treeDuplicate(let ids): return "SnapshotError.treeDuplicate(\(list(ids)))"
    case .parentNotFound(let id): return "SnapshotError.parentNotFound(\(SwiftCode.string(id)))"
    case .insertDestinationNotFound(let id):
      return "SnapshotError.insertDestinationNotFound(\(SwiftCode.string(id)))"
    case .deleteMissing(let id): return "SnapshotError.deleteMissing(\(SwiftCode.string(id)))"
    case .itemNotFound(let id): return "SnapshotError.itemNotFound(\(SwiftCode.string(id)))"
    case .indexPathOutOfRange(let path):
      return
        "SnapshotError.indexPathOutOfRange(ItemPath(section: \(path.section), item: \(path.item)))"
    }
  }
}
