/// A versioned replay token, `name@v1:<payload>`: the property name and the
/// case's choice sequence, varint-encoded (LEB128) and base64url-encoded
/// without padding. Replaying a token re-runs that one case directly.
public struct ReplayToken: Hashable, Sendable, CustomStringConvertible {
  /// The token format version this build writes and reads.
  public static let version = 1

  /// The property's stable name.
  public var property: String
  /// The case's choice sequence.
  public var choices: [UInt64]

  /// Creates a token.
  public init(property: String, choices: [UInt64]) {
    self.property = property
    self.choices = choices
  }

  /// The token text.
  public var description: String {
    "\(property)@v\(ReplayToken.version):\(Base64URL.encode(Varint.encode(choices)))"
  }

  /// Parses a token.
  /// - Throws: `ReplayTokenError` naming what is wrong; never traps.
  public static func parse(_ text: String) throws(ReplayTokenError) -> ReplayToken {
    let trimmed = text.trimmingWhitespace
    guard let at = trimmed.lastIndex(of: "@") else { throw .missingSeparator }
    let property = String(trimmed[..<at])
    guard !property.isEmpty else { throw .emptyPropertyName }
    let rest = trimmed[trimmed.index(after: at)...]
    guard let colon = rest.firstIndex(of: ":"), rest.first == "v",
      let version = Int(rest[rest.index(after: rest.startIndex)..<colon])
    else { throw .missingVersion }
    guard version == ReplayToken.version else { throw .unsupportedVersion(version) }
    guard let bytes = Base64URL.decode(String(rest[rest.index(after: colon)...])) else {
      throw .badPayload("not base64url")
    }
    guard let choices = Varint.decode(bytes) else {
      throw .badPayload("truncated or overlong varint")
    }
    return ReplayToken(property: property, choices: choices)
  }
}

/// Why a replay token was rejected.
public enum ReplayTokenError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No `@` between the property name and the version.
  case missingSeparator
  /// Nothing before the `@`.
  case emptyPropertyName
  /// No `v<number>:` after the `@`.
  case missingVersion
  /// A version this build cannot read.
  case unsupportedVersion(Int)
  /// The payload is not a valid encoding.
  case badPayload(String)
  /// The token names a property that is not in the catalog.
  case unknownProperty(String)

  /// A one-line explanation.
  public var description: String {
    switch self {
    case .missingSeparator:
      return "malformed replay token: expected 'name@v\(ReplayToken.version):payload'"
    case .emptyPropertyName:
      return "malformed replay token: the property name before '@' is empty"
    case .missingVersion:
      return "malformed replay token: expected 'v<version>:' after '@'"
    case .unsupportedVersion(let version):
      return
        "replay token version v\(version) is not supported (this build reads v\(ReplayToken.version))"
    case .badPayload(let reason):
      return "malformed replay token payload: \(reason)"
    case .unknownProperty(let name):
      return "replay token names an unknown property '\(name)'"
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
