/// A versioned replay token, `name@v2.<catalog>:<payload>`: the property
/// name, the catalog it belongs to (`CatalogID`), and the case's choice
/// sequence, varint-encoded (LEB128) with a checksum and base64url-encoded
/// without padding. Replaying a token re-runs that one case directly.
public struct ReplayToken: Hashable, Sendable, CustomStringConvertible {
  /// The token format this build writes and reads.
  public static let version = 2

  /// The property's stable name.
  public var property: String
  /// The catalog the property belongs to.
  public var catalog: CatalogID
  /// The case's choice sequence.
  public var choices: [UInt64]

  /// Creates a token.
  public init(property: String, catalog: CatalogID, choices: [UInt64]) {
    self.property = property
    self.catalog = catalog
    self.choices = choices
  }

  /// `name@v2.<catalog>:<payload>`: the payload is base64url of the
  /// varint-encoded choices followed by a 4-byte checksum over the name,
  /// the catalog and the choices.
  public var description: String {
    let bytes = Varint.encode(choices)
    let sum = ReplayToken.checksum(property: property, catalog: catalog, bytes: bytes)
    let payload = bytes + (0..<4).map { UInt8(truncatingIfNeeded: sum >> (8 * $0)) }
    return "\(property)@v\(ReplayToken.version).\(catalog):\(Base64URL.encode(payload))"
  }

  /// Parses a token; surrounding whitespace is ignored.
  /// - Throws: `ReplayTokenError` naming what is wrong: no separator, an
  ///   empty name, another version, a payload that is not base64url, or a
  ///   checksum that does not match (a token cut or altered).
  public static func parse(_ text: String) throws(ReplayTokenError) -> ReplayToken {
    let trimmed = text.trimmingWhitespace
    guard let at = trimmed.lastIndex(of: "@") else { throw .missingSeparator }
    let property = String(trimmed[..<at])
    guard !property.isEmpty else { throw .emptyPropertyName }
    let rest = trimmed[trimmed.index(after: at)...]
    guard rest.first == "v", let colon = rest.firstIndex(of: ":") else { throw .missingVersion }
    let header = rest[rest.index(after: rest.startIndex)..<colon]
    let parts = header.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let version = Int(parts[0]) else { throw .missingVersion }
    guard version == ReplayToken.version else { throw .unsupportedVersion(version) }
    guard parts.count == 2, let catalog = CatalogID(text: String(parts[1])) else {
      throw .badPayload("no catalog after 'v\(version).'")
    }
    guard let bytes = Base64URL.decode(String(rest[rest.index(after: colon)...])),
      bytes.count >= 4
    else { throw .altered }
    let body = Array(bytes.dropLast(4))
    let stored = bytes.suffix(4).enumerated().reduce(UInt32(0)) {
      $0 | UInt32($1.element) << (8 * $1.offset)
    }
    guard stored == checksum(property: property, catalog: catalog, bytes: body),
      let choices = Varint.decode(body)
    else { throw .altered }
    return ReplayToken(property: property, catalog: catalog, choices: choices)
  }

  /// FNV-1a over the name, the catalog and the payload bytes.
  static func checksum(property: String, catalog: CatalogID, bytes: [UInt8]) -> UInt32 {
    var hash: UInt32 = 0x811C_9DC5
    for byte in Array(property.utf8) + [0] + Array(catalog.description.utf8) + [0] + bytes {
      hash = (hash ^ UInt32(byte)) &* 0x0100_0193
    }
    return hash
  }
}

/// Which catalog a property belongs to: a fingerprint of the
/// implementation it checks (its name and its types' names), so that a
/// token printed by one fuzz executable is refused by another instead of
/// replaying on the wrong implementation.
public struct CatalogID: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Eight lowercase hex digits.
  public let description: String

  /// The fingerprint of `name` (an implementation's name and type names).
  public init(name: String) {
    var hash: UInt32 = 0x811C_9DC5
    for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
    let hex = String(hash, radix: 16)
    description = String(repeating: "0", count: 8 - hex.count) + hex
  }

  /// A fingerprint as a token writes it; `nil` unless it is eight hex
  /// digits.
  public init?(text: String) {
    guard text.count == 8, text.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
      return nil
    }
    description = text
  }

  /// Encodes as its text.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  /// Decodes from its text.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let id = CatalogID(text: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "a catalog id is eight lowercase hex digits")
    }
    self = id
  }
}

/// Why a replay token was refused.
public enum ReplayTokenError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No `@` between the name and the payload.
  case missingSeparator
  /// Nothing before `@`.
  case emptyPropertyName
  /// No `v<version>.` after `@`.
  case missingVersion
  /// A version this build does not read.
  case unsupportedVersion(Int)
  /// A payload that cannot be read.
  case badPayload(String)
  /// The checksum does not match: the token was cut or altered.
  case altered
  /// The token names a property this catalog does not have.
  case unknownProperty(String)
  /// The token belongs to another catalog (another implementation's).
  case otherCatalog(token: CatalogID, here: CatalogID)

  /// A one-line reason.
  public var description: String {
    switch self {
    case .missingSeparator:
      return "malformed replay token: expected 'name@v\(ReplayToken.version).catalog:payload'"
    case .emptyPropertyName:
      return "malformed replay token: the property name before '@' is empty"
    case .missingVersion:
      return "malformed replay token: expected 'v<version>.<catalog>:' after '@'"
    case .unsupportedVersion(let version):
      return
        "replay token version v\(version) is not supported (this build reads v\(ReplayToken.version))"
    case .badPayload(let reason):
      return "malformed replay token payload: \(reason)"
    case .altered:
      return "replay token is cut or altered (its checksum does not match): copy it whole"
    case .unknownProperty(let name):
      return "replay token names an unknown property '\(name)'"
    case .otherCatalog(let token, let here):
      return "replay token belongs to another catalog (\(token)), not this one (\(here)): "
        + "replay it with the executable that printed it"
    }
  }
}

extension String {
  var trimmingWhitespace: Substring {
    let isSpace: (Character) -> Bool = { $0.isWhitespace }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return self[first...last]
  }
}
