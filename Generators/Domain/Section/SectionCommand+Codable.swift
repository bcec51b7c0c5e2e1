extension SectionCommand: Codable {
  private enum Key: String, CodingKey {
    case op, items, to, before, after, snapshot, childrenOf, using, of, includingParent
  }

  /// Encodes the command as `{"op": <Swift name>, <argument labels>…}`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: Key.self)
    try c.encode(operation, forKey: .op)
    func anchor(_ anchor: TreeAnchor) throws {
      switch anchor {
      case .before(let item): try c.encode(item, forKey: .before)
      case .after(let item): try c.encode(item, forKey: .after)
      }
    }
    switch self {
    case .append(let ids, let parent):
      try c.encode(ids, forKey: .items)
      try c.encodeIfPresent(parent, forKey: .to)
    case .insert(let ids, let place):
      try c.encode(ids, forKey: .items)
      try anchor(place)
    case .insertSnapshot(let forest, let place):
      try c.encode(forest, forKey: .snapshot)
      try anchor(place)
    case .delete(let ids), .expand(let ids), .collapse(let ids): try c.encode(ids, forKey: .items)
    case .deleteAll: break
    case .replace(let parent, let forest):
      try c.encode(parent, forKey: .childrenOf)
      try c.encode(forest, forKey: .using)
    case .snapshot(let parent, let includingParent):
      try c.encode(parent, forKey: .of)
      try c.encode(includingParent, forKey: .includingParent)
    }
  }

  /// Decodes the record form.
  /// - Throws: `DecodingError` for an unknown `op` or a missing argument.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: Key.self)
    let op = try c.decode(String.self, forKey: .op)
    func anchor() throws -> TreeAnchor {
      if let item = try c.decodeIfPresent(Int.self, forKey: .before) { return .before(item) }
      return .after(try c.decode(Int.self, forKey: .after))
    }
    func items() throws -> [Int] { try c.decode([Int].self, forKey: .items) }
    switch op {
    case "append(_:to:)":
      self = .append(try items(), to: try c.decodeIfPresent(Int.self, forKey: .to))
    case "insert(_:before:)", "insert(_:after:)": self = .insert(try items(), try anchor())
    case "insert(snapshot:before:)", "insert(snapshot:after:)":
      self = .insertSnapshot(try c.decode(Forest.self, forKey: .snapshot), try anchor())
    case "delete(_:)": self = .delete(try items())
    case "deleteAll()": self = .deleteAll
    case "expand(_:)": self = .expand(try items())
    case "collapse(_:)": self = .collapse(try items())
    case "replace(childrenOf:using:)":
      self = .replace(
        childrenOf: try c.decode(Int.self, forKey: .childrenOf),
        using: try c.decode(Forest.self, forKey: .using))
    case "snapshot(of:includingParent:)":
      self = .snapshot(
        of: try c.decode(Int.self, forKey: .of),
        includingParent: try c.decode(Bool.self, forKey: .includingParent))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .op, in: c, debugDescription: "unknown section-snapshot operation '\(op)'")
    }
  }
}
