import SnapshotCore

/// One mutation of a full snapshot (semantics part A), named exactly like
/// the Swift API, with `Int` section and item identifiers.
///
/// The before/after variants of an operation share one case whose anchor
/// says which (`.moveItem(3, .afterItem(5))`): Swift cannot pattern-match
/// enum cases overloaded by argument label.
///
/// `Codable` as a flat, readable record: `{"op": "moveItem(_:afterItem:)",
/// "item": 3, "afterItem": 5}` (see `FullCommand+Codable.swift`).
public enum FullCommand: Hashable, Sendable {
  /// `appendItems(_:toSection:)`.
  case appendItems([Int], toSection: Int?)
  /// `insertItems(_:beforeItem:)` or `insertItems(_:afterItem:)`.
  case insertItems([Int], ItemAnchor)
  /// `deleteItems(_:)`.
  case deleteItems([Int])
  /// `deleteAllItems()`.
  case deleteAllItems
  /// `moveItem(_:beforeItem:)` or `moveItem(_:afterItem:)`.
  case moveItem(Int, ItemAnchor)
  /// `reloadItems(_:)`.
  case reloadItems([Int])
  /// `reconfigureItems(_:)`.
  case reconfigureItems([Int])
  /// `appendSections(_:)`.
  case appendSections([Int])
  /// `insertSections(_:beforeSection:)` or `insertSections(_:afterSection:)`.
  case insertSections([Int], SectionAnchor)
  /// `deleteSections(_:)`.
  case deleteSections([Int])
  /// `moveSection(_:beforeSection:)` or `moveSection(_:afterSection:)`.
  case moveSection(Int, SectionAnchor)
  /// `reloadSections(_:)`.
  case reloadSections([Int])

  /// Performs the command on `snapshot`.
  /// - Throws: what the operation throws; the snapshot is then unchanged.
  @inlinable
  public func apply<S: SnapshotProtocol<Int, Int>>(to snapshot: inout S) throws(SnapshotError) {
    switch self {
    case .appendItems(let ids, let section): try snapshot.appendItems(ids, toSection: section)
    case .insertItems(let ids, .beforeItem(let item)):
      try snapshot.insertItems(ids, beforeItem: item)
    case .insertItems(let ids, .afterItem(let item)): try snapshot.insertItems(ids, afterItem: item)
    case .deleteItems(let ids): try snapshot.deleteItems(ids)
    case .deleteAllItems: snapshot.deleteAllItems()
    case .moveItem(let item, .beforeItem(let other)): try snapshot.moveItem(item, beforeItem: other)
    case .moveItem(let item, .afterItem(let other)): try snapshot.moveItem(item, afterItem: other)
    case .reloadItems(let ids): try snapshot.reloadItems(ids)
    case .reconfigureItems(let ids): try snapshot.reconfigureItems(ids)
    case .appendSections(let ids): try snapshot.appendSections(ids)
    case .insertSections(let ids, .beforeSection(let section)):
      try snapshot.insertSections(ids, beforeSection: section)
    case .insertSections(let ids, .afterSection(let section)):
      try snapshot.insertSections(ids, afterSection: section)
    case .deleteSections(let ids): try snapshot.deleteSections(ids)
    case .moveSection(let section, .beforeSection(let other)):
      try snapshot.moveSection(section, beforeSection: other)
    case .moveSection(let section, .afterSection(let other)):
      try snapshot.moveSection(section, afterSection: other)
    case .reloadSections(let ids): try snapshot.reloadSections(ids)
    }
  }

  /// The operation's Swift name, e.g. `moveItem(_:afterItem:)`; the `op` of
  /// the JSON form and the bucket of the command-kind histogram.
  public var operation: String {
    switch self {
    case .appendItems: return "appendItems(_:toSection:)"
    case .insertItems(_, let anchor): return "insertItems(_:\(anchor.label):)"
    case .deleteItems: return "deleteItems(_:)"
    case .deleteAllItems: return "deleteAllItems()"
    case .moveItem(_, let anchor): return "moveItem(_:\(anchor.label):)"
    case .reloadItems: return "reloadItems(_:)"
    case .reconfigureItems: return "reconfigureItems(_:)"
    case .appendSections: return "appendSections(_:)"
    case .insertSections(_, let anchor): return "insertSections(_:\(anchor.label):)"
    case .deleteSections: return "deleteSections(_:)"
    case .moveSection(_, let anchor): return "moveSection(_:\(anchor.label):)"
    case .reloadSections: return "reloadSections(_:)"
    }
  }

  /// The call as Swift source on the variable `name`, without `try`, its
  /// ids written by `ids`: `s.moveItem(3, afterItem: 5)`.
  public func swiftCall(on name: String, ids: IdentifierText = .numbers) -> String {
    switch self {
    case .appendItems(let items, let section):
      return
        "\(name).appendItems(\(ids.items(items)), toSection: \(section.map(ids.section) ?? "nil"))"
    case .insertItems(let items, let anchor):
      return "\(name).insertItems(\(ids.items(items)), \(anchor.label): \(ids.item(anchor.item)))"
    case .deleteItems(let items): return "\(name).deleteItems(\(ids.items(items)))"
    case .deleteAllItems: return "\(name).deleteAllItems()"
    case .moveItem(let item, let anchor):
      return "\(name).moveItem(\(ids.item(item)), \(anchor.label): \(ids.item(anchor.item)))"
    case .reloadItems(let items): return "\(name).reloadItems(\(ids.items(items)))"
    case .reconfigureItems(let items): return "\(name).reconfigureItems(\(ids.items(items)))"
    case .appendSections(let sections): return "\(name).appendSections(\(ids.sections(sections)))"
    case .insertSections(let sections, let anchor):
      return
        "\(name).insertSections(\(ids.sections(sections)), \(anchor.label): \(ids.section(anchor.section)))"
    case .deleteSections(let sections): return "\(name).deleteSections(\(ids.sections(sections)))"
    case .moveSection(let section, let anchor):
      return
        "\(name).moveSection(\(ids.section(section)), \(anchor.label): \(ids.section(anchor.section)))"
    case .reloadSections(let sections): return "\(name).reloadSections(\(ids.sections(sections)))"
    }
  }

  /// Whether the call can throw (everything but `deleteAllItems()`).
  public var canThrow: Bool { self != .deleteAllItems }
}
