/// One regression: a failing case saved to the corpus (proptest's
/// regression files, Hypothesis's example database), as a versioned JSON
/// file.
///
/// It holds the choice sequence *and* the decoded case (`script`, the
/// property's `Codable` case, e.g. a list of commands), so it still replays
/// after the generators change: replay decodes `script` first and uses the
/// choices only when the script is absent.
public struct CorpusEntry: Hashable, Sendable, Codable {
  /// The format version this build writes.
  public static let currentFormatVersion = 1

  /// The format version of the entry.
  public var formatVersion: Int
  /// The property's stable name.
  public var property: String
  /// The case's choice sequence.
  public var choices: [UInt64]
  /// The decoded case in structured form; `nil` for a migrated entry that
  /// only had choices.
  public var script: JSONValue?
  /// The failure message when the entry was written.
  public var message: String
  /// The run seed that found it, when known.
  public var seed: UInt64?
  /// The replay token of the case (as it was printed; replay reads the
  /// choices and the script).
  public var token: String

  /// Creates an entry in the current format.
  public init(
    property: String, choices: [UInt64], script: JSONValue?, message: String, seed: UInt64?,
    catalog: CatalogID = CatalogID(name: "")
  ) {
    formatVersion = CorpusEntry.currentFormatVersion
    self.property = property
    self.choices = choices
    self.script = script
    self.message = message
    self.seed = seed
    token = ReplayToken(property: property, catalog: catalog, choices: choices).description
  }

  /// The stable file name: `<property>-<FNV-1a 64 of the choices, hex>.json`.
  public var fileName: String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in Varint.encode(choices) {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    let padded = String(repeating: "0", count: 16 - hex.count) + hex
    let safe = property.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" ? $0 : "-" }
    return "\(String(safe))-\(padded).json"
  }
}
