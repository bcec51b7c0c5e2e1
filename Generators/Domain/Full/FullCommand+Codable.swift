extension FullCommand: Codable {
  fileprivate enum Key: String, CodingKey {
    case op, items, item, sections, section, toSection
    case beforeItem, afterItem, beforeSection, afterSection
  }

  /// Encodes the command as `{"op": <Swift name>, <argument labels>…}`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: Key.self)
    try c.encode(operation, forKey: .op)
    switch self {
    case .appendItems(let ids, let section):
      try c.encode(ids, forKey: .items)
      try c.encodeIfPresent(section, forKey: .toSection)
    case .insertItems(let ids, let anchor):
      try c.encode(ids, forKey: .items)
      try c.encode(anchor.item, forKey: anchor.key)
    case .deleteItems(let ids), .reloadItems(let ids), .reconfigureItems(let ids):
      try c.encode(ids, forKey: .items)
    case .deleteAllItems: break
    case .moveItem(let item, let anchor):
      try c.encode(item, forKey: .item)
      try c.encode(anchor.item, forKey: anchor.key)
    case .appendSections(let ids), .deleteSections(let ids), .reloadSections(let ids):
      try c.encode(ids, forKey: .sections)
    case .insertSections(let ids, let anchor):
      try c.encode(ids, forKey: .sections)
      try c.encode(anchor.section, forKey: anchor.key)
    case .moveSection(let section, let anchor):
      try c.encode(section, forKey: .section)
      try c.encode(anchor.section, forKey: anchor.key)
    }
  }

  /// Decodes the record form.
  /// - Throws: `DecodingError` for an unknown `op` or a missing argument.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: Key.self)
    let op = try c.decode(String.self, forKey: .op)
    func ints(_ key: Key) throws -> [Int] { try c.decode([Int].self, forKey: key) }
    func int(_ key: Key) throws -> Int { try c.decode(Int.self, forKey: key) }
    switch op {
    case "appendItems(_:toSection:)":
      self = .appendItems(
        try ints(.items), toSection: try c.decodeIfPresent(Int.self, forKey: .toSection))
    case "insertItems(_:beforeItem:)":
      self = .insertItems(try ints(.items), .beforeItem(try int(.beforeItem)))
    case "insertItems(_:afterItem:)":
      self = .insertItems(try ints(.items), .afterItem(try int(.afterItem)))
    case "deleteItems(_:)": self = .deleteItems(try ints(.items))
    case "deleteAllItems()": self = .deleteAllItems
    case "moveItem(_:beforeItem:)":
      self = .moveItem(try int(.item), .beforeItem(try int(.beforeItem)))
    case "moveItem(_:afterItem:)": self = .moveItem(try int(.item), .afterItem(try int(.afterItem)))
    case "reloadItems(_:)": self = .reloadItems(try ints(.items))
    case "reconfigureItems(_:)": self = .reconfigureItems(try ints(.items))
    case "appendSections(_:)": self = .appendSections(try ints(.sections))
    case "insertSections(_:beforeSection:)":
      self = .insertSections(try ints(.sections), .beforeSection(try int(.beforeSection)))
    case "insertSections(_:afterSection:)":
      self = .insertSections(try ints(.sections), .afterSection(try int(.afterSection)))
    case "deleteSections(_:)": self = .deleteSections(try ints(.sections))
    case "moveSection(_:beforeSection:)":
      self = .moveSection(try int(.section), .beforeSection(try int(.beforeSection)))
    case "moveSection(_:afterSection:)":
      self = .moveSection(try int(.section), .afterSection(try int(.afterSection)))
    case "reloadSections(_:)": self = .reloadSections(try ints(.sections))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .op, in: c, debugDescription: "unknown full-snapshot operation '\(op)'")
    }
  }
}

extension ItemAnchor {
  fileprivate var key: FullCommand.Key {
    switch self {
    case .beforeItem: return .beforeItem
    case .afterItem: return .afterItem
    }
  }
}

extension SectionAnchor {
  fileprivate var key: FullCommand.Key {
    switch self {
    case .beforeSection: return .beforeSection
    case .afterSection: return .afterSection
    }
  }
}
