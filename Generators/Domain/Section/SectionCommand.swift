import SnapshotCore

/// One operation on a section snapshot (semantics part B), named like the
/// Swift API, with `Int` item identifiers. Snapshot arguments are `Forest`s.
///
/// `Codable` as a flat, readable record: `{"op": "insert(_:after:)",
/// "items": [2], "after": 0}` (see `SectionCommand+Codable.swift`).
public enum SectionCommand: Hashable, Sendable {
  /// `append(_:to:)`.
  case append([Int], to: Int?)
  /// `insert(_:before:)` or `insert(_:after:)` with items.
  case insert([Int], TreeAnchor)
  /// `insert(_:before:)` or `insert(_:after:)` with a snapshot.
  case insertSnapshot(Forest, TreeAnchor)
  /// `delete(_:)`.
  case delete([Int])
  /// `deleteAll()`.
  case deleteAll
  /// `expand(_:)`.
  case expand([Int])
  /// `collapse(_:)`.
  case collapse([Int])
  /// `replace(childrenOf:using:)`.
  case replace(childrenOf: Int, using: Forest)
  /// `snapshot(of:includingParent:)`, a query whose result and error the
  /// differential properties compare.
  case snapshot(of: Int, includingParent: Bool)

  /// Performs the command on `snapshot`.
  /// - Returns: the extracted snapshot for `.snapshot(of:includingParent:)`,
  ///   `nil` otherwise.
  /// - Throws: what the operation throws; the snapshot is then unchanged.
  @discardableResult
  @inlinable
  public func apply<T: SectionSnapshotProtocol<Int>>(to snapshot: inout T) throws(SnapshotError)
    -> T?
  {
    switch self {
    case .append(let ids, let parent): try snapshot.append(ids, to: parent)
    case .insert(let ids, .before(let item)): try snapshot.insert(ids, before: item)
    case .insert(let ids, .after(let item)): try snapshot.insert(ids, after: item)
    case .insertSnapshot(let forest, .before(let item)):
      try snapshot.insert(forest.build(as: T.self), before: item)
    case .insertSnapshot(let forest, .after(let item)):
      try snapshot.insert(forest.build(as: T.self), after: item)
    case .delete(let ids): try snapshot.delete(ids)
    case .deleteAll: snapshot.deleteAll()
    case .expand(let ids): snapshot.expand(ids)
    case .collapse(let ids): snapshot.collapse(ids)
    case .replace(let parent, let forest):
      try snapshot.replace(childrenOf: parent, using: forest.build(as: T.self))
    case .snapshot(let parent, let includingParent):
      return try snapshot.snapshot(of: parent, includingParent: includingParent)
    }
    return nil
  }

  /// The operation's Swift name, e.g. `insert(_:after:)`; the bucket of the
  /// command-kind histogram.
  public var operation: String {
    switch self {
    case .append: return "append(_:to:)"
    case .insert(_, let anchor): return "insert(_:\(anchor.label):)"
    case .insertSnapshot(_, let anchor): return "insert(snapshot:\(anchor.label):)"
    case .delete: return "delete(_:)"
    case .deleteAll: return "deleteAll()"
    case .expand: return "expand(_:)"
    case .collapse: return "collapse(_:)"
    case .replace: return "replace(childrenOf:using:)"
    case .snapshot: return "snapshot(of:includingParent:)"
    }
  }

  /// Whether the call can throw.
  public var canThrow: Bool {
    switch self {
    case .deleteAll, .expand, .collapse: return false
    default: return true
    }
  }

  /// The call as Swift source on `name`, without `try`; a snapshot argument
  /// is the variable `argument` (declared by `argumentStatements`).
  public func swiftCall(
    on name: String, argument: String = "arg", ids: IdentifierText = .numbers
  ) -> String {
    switch self {
    case .append(let items, let parent):
      return "\(name).append(\(ids.items(items))\(parent.map { ", to: \(ids.item($0))" } ?? ""))"
    case .insert(let items, let anchor):
      return "\(name).insert(\(ids.items(items)), \(anchor.label): \(ids.item(anchor.item)))"
    case .insertSnapshot(_, let anchor):
      return "\(name).insert(\(argument), \(anchor.label): \(ids.item(anchor.item)))"
    case .delete(let items): return "\(name).delete(\(ids.items(items)))"
    case .deleteAll: return "\(name).deleteAll()"
    case .expand(let items): return "\(name).expand(\(ids.items(items)))"
    case .collapse(let items): return "\(name).collapse(\(ids.items(items)))"
    case .replace(let parent, _):
      return "\(name).replace(childrenOf: \(ids.item(parent)), using: \(argument))"
    case .snapshot(let parent, let includingParent):
      return "\(name).snapshot(of: \(ids.item(parent)), includingParent: \(includingParent))"
    }
  }

  /// The forest argument, if the command takes a snapshot.
  public var forest: Forest? {
    switch self {
    case .insertSnapshot(let forest, _), .replace(_, let forest): return forest
    default: return nil
    }
  }
}
