/// A misuse of the snapshot API that UIKit would trap on.
///
/// Every case corresponds to one row of the violation catalogue (semantics
/// §7). Model and engine throw the *same* case for the same call, and a
/// throwing operation leaves its receiver exactly as it was.
///
/// Identifiers are carried as their `String(describing:)` text so that the
/// error type is not generic and can be used with typed throws
/// (`throws(SnapshotError)`) by every snapshot type.
public enum SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
  // MARK: Full snapshot

  /// An item append on a snapshot that has no sections.
  case noSections
  /// An id array of a full-snapshot operation repeats an id. The repeats are
  /// listed once each, in the order they were found scanning the argument.
  case duplicateInArgument(IdentifierKind, [String])
  /// `appendSections`/`insertSections` named sections that already exist, in
  /// argument order.
  case sectionAlreadyExists([String])
  /// `appendItems(toSection:)`, `numberOfItems(inSection:)` or
  /// `itemIdentifiers(inSection:)` named a missing section.
  case sectionNotFound(String)
  /// The destination of an insert or move is missing.
  case destinationNotFound(IdentifierKind, String)
  /// The source of a move is missing.
  case sourceNotFound(IdentifierKind, String)
  /// An insert's destination is inside the inserted list.
  case destinationInArgument(IdentifierKind, String)
  /// `moveItem(x, x)` or `moveSection(x, x)`.
  case moveOntoSelf(IdentifierKind, String)
  /// Reloading or reconfiguring an id that is not in the snapshot; the first
  /// missing id in argument order.
  case reloadMissing(MarkKind, String)

  // MARK: Section snapshot

  /// A section-snapshot add of ids already in the tree or repeated in the
  /// argument, listed once each in the order found.
  case treeDuplicate([String])
  /// `append(to:)`, `replace(childrenOf:)` or `snapshot(of:)` named a missing
  /// parent.
  case parentNotFound(String)
  /// Section-snapshot `insert(before:/after:)` named a missing destination.
  case insertDestinationNotFound(String)
  /// Section-snapshot `delete` named a missing item (the first in argument
  /// order); nothing was deleted.
  case deleteMissing(String)
  /// `isExpanded`, `isVisible`, `level(of:)` or `parent(of:)` of a missing
  /// item.
  case itemNotFound(String)

  // MARK: Data source

  /// A user interaction named an index path that is not a visible row (or,
  /// for a drop, not a valid destination). A spec decision: UIKit cannot be
  /// asked for such a drag.
  case indexPathOutOfRange(ItemPath)

  /// The identifier text used in error payloads: `String(describing:)`
  /// of `id`. `Int` and `String` ids, the common ones, are written without
  /// the runtime's conformance lookups (the checks fold away in code
  /// specialized for them).
  @inlinable
  public static func text<ID>(_ id: ID) -> String {
    if ID.self == Int.self, let number = id as? Int { return String(number) }
    if ID.self == String.self, let string = id as? String { return string }
    return String(describing: id)
  }

  /// The identifier texts used in error payloads, in order.
  @inlinable
  public static func texts<ID>(_ ids: [ID]) -> [String] { ids.map(text) }

  /// A one-line description in the spirit of UIKit's exception reason.
  public var description: String {
    switch self {
    case .noSections:
      return "There are currently no sections in the snapshot. Please add a section first."
    case .duplicateInArgument(let kind, let ids):
      return "Supplied \(kind) identifiers are not unique. Duplicate identifiers: \(ids.list)"
    case .sectionAlreadyExists(let ids):
      return "Section identifiers already exist in the snapshot: \(ids.list)"
    case .sectionNotFound(let id):
      return "Section identifier was not found: \(id)"
    case .destinationNotFound(let kind, let id):
      return "Destination \(kind) identifier was not found: \(id)"
    case .sourceNotFound(let kind, let id):
      return "Source \(kind) identifier for the move was not found: \(id)"
    case .destinationInArgument(let kind, let id):
      return "Destination \(kind) \(id) is in the list of identifiers being inserted"
    case .moveOntoSelf(let kind, let id):
      return "Destination for the \(kind) move is the same as the source: \(id)"
    case .reloadMissing(let mark, let id):
      return
        "Attempted to \(mark.verb) \(mark.kind) identifier that does not exist in the snapshot: \(id)"
    case .treeDuplicate(let ids):
      return
        "Identifiers in a section snapshot must be unique. Duplicate item identifiers: \(ids.list)"
    case .parentNotFound(let id):
      return "Parent item identifier does not exist in section snapshot: \(id)"
    case .insertDestinationNotFound(let id):
      return "Item identifier to insert before/after does not exist in section snapshot: \(id)"
    case .deleteMissing(let id):
      return "Failed to find index of item \(id); nothing was deleted"
    case .itemNotFound(let id):
      return "Item identifier does not exist in section snapshot: \(id)"
    case .indexPathOutOfRange(let path):
      return "Index path \(path) is not a row of the data source"
    }
  }
}

/// Which identifier namespace an error is about.
public enum IdentifierKind: String, Hashable, Sendable, Codable,
  CustomStringConvertible
{
  /// An item identifier.
  case item
  /// A section identifier.
  case section

  /// The raw value: `item` or `section`.
  public var description: String { rawValue }
}

/// Which kind of mark an operation tried to set.
public enum MarkKind: String, Hashable, Sendable, Codable {
  /// `reloadItems(_:)`.
  case reloadItem
  /// `reloadSections(_:)`.
  case reloadSection
  /// `reconfigureItems(_:)`.
  case reconfigureItem

  /// The verb of the failing operation ("reload" or "reconfigure").
  public var verb: String { self == .reconfigureItem ? "reconfigure" : "reload" }

  /// The identifier namespace of the mark.
  public var kind: IdentifierKind { self == .reloadSection ? .section : .item }
}

extension Array where Element == String {
  fileprivate var list: String { "[" + joined(separator: ", ") + "]" }
}
