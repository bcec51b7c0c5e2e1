import Foundation

/// Line-delimited JSON for the worker protocol.
public enum WireFormat {
  /// `value` as one line of JSON, newline included.
  public static func line<T: Encodable>(_ value: T) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    data.append(UInt8(ascii: "\n"))
    return data
  }

  /// Decodes one line, or `nil` when it is not a `T`.
  public static func decode<T: Decodable>(_ type: T.Type, from line: String) -> T? {
    try? JSONDecoder().decode(T.self, from: Data(line.utf8))
  }
}
