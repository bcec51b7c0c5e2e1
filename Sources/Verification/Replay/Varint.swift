/// Unsigned LEB128 varints: 7 bits per byte, low bits first, the high bit
/// set on every byte but the last.
enum Varint {
  /// The encoding of `values`, concatenated.
  static func encode(_ values: [UInt64]) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(values.count)
    for var value in values {
      while value >= 0x80 {
        bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
        value >>= 7
      }
      bytes.append(UInt8(value))
    }
    return bytes
  }

  /// The values encoded in `bytes`, or `nil` when the last value is cut
  /// short or a value does not fit 64 bits.
  static func decode(_ bytes: [UInt8]) -> [UInt64]? {
    var values: [UInt64] = []
    var current: UInt64 = 0
    var shift: UInt64 = 0
    var inValue = false
    for byte in bytes {
      let payload = UInt64(byte & 0x7F)
      guard shift < 64, shift < 63 || payload <= 1 else { return nil }
      current |= payload << shift
      inValue = byte & 0x80 != 0
      if inValue {
        shift += 7
      } else {
        values.append(current)
        current = 0
        shift = 0
      }
    }
    return inValue ? nil : values
  }
}
