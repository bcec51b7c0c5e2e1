/// base64url (RFC 4648 §5) without padding, written out so it never depends
/// on Foundation's options and never traps on bad input.
enum Base64URL {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// The encoding of `bytes`.
  static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let chunk = bytes[index..<min(index + 3, bytes.count)]
      var bits: UInt32 = 0
      for (offset, byte) in chunk.enumerated() { bits |= UInt32(byte) << (16 - 8 * offset) }
      for position in 0...chunk.count {
        out.append(alphabet[Int((bits >> (18 - 6 * position)) & 0x3F)])
      }
      index += 3
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The bytes encoded by `text`, or `nil` when it holds a character
  /// outside the alphabet or has an impossible length.
  static func decode(_ text: String) -> [UInt8]? {
    var values: [UInt8] = []
    for character in text.utf8 {
      guard let value = alphabet.firstIndex(of: character) else { return nil }
      values.append(UInt8(value))
    }
    guard values.count % 4 != 1 else { return nil }
    var bytes: [UInt8] = []
    var index = 0
    while index < values.count {
      let chunk = values[index..<min(index + 4, values.count)]
      var bits: UInt32 = 0
      for (offset, value) in chunk.enumerated() { bits |= UInt32(value) << (18 - 6 * offset) }
      for position in 0..<(chunk.count - 1) {
        bytes.append(UInt8(truncatingIfNeeded: bits >> (16 - 8 * position)))
      }
      index += 4
    }
    return bytes
  }
}
