import Foundation

/// A JSON document as a value, so a corpus entry can hold a property's
/// decoded case (any `Codable` type) in structured, readable form without
/// being generic over it.
public indirect enum JSONValue: Hashable, Sendable, Codable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number (integers up to 2^53 are exact).
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object.
  case object([String: JSONValue])

  /// Decodes any JSON value.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// Encodes the value as JSON.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value):
      if value == value.rounded(), abs(value) < 1e15 {
        try container.encode(Int64(value))
      } else {
        try container.encode(value)
      }
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }

  /// The JSON form of `value`.
  /// - Throws: what its `Encodable` conformance throws.
  public static func encoding<T: Encodable>(_ value: T) throws -> JSONValue {
    let data = try JSONEncoder().encode(value)
    return try JSONDecoder().decode(JSONValue.self, from: data)
  }

  /// Decodes a `T` from this JSON.
  /// - Throws: a `DecodingError` when the JSON does not describe a `T`.
  public func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let data = try JSONEncoder().encode(self)
    return try JSONDecoder().decode(T.self, from: data)
  }

  /// Compact JSON text with sorted keys.
  public var text: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "null" }
    return String(decoding: data, as: UTF8.self)
  }
}
