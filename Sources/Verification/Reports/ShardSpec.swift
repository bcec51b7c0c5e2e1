/// One part of a run's case space: shard `index` of `count` (1-based) runs
/// the case indices `k` with `k % count == index - 1`, so shards of the same
/// seed are disjoint and together cover every case.
public struct ShardSpec: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The 1-based shard number, in `1...count`.
  public let index: Int
  /// The number of shards.
  public let count: Int

  /// The whole case space.
  public static let whole = ShardSpec(uncheckedIndex: 1, count: 1)

  /// Creates shard `index` of `count`, or `nil` unless `1 <= index <= count`.
  public init?(index: Int, count: Int) {
    guard count >= 1, (1...count).contains(index) else { return nil }
    self.index = index
    self.count = count
  }

  private init(uncheckedIndex: Int, count: Int) {
    self.index = uncheckedIndex
    self.count = count
  }

  /// Parses `I/N` (for example `2/8`); `nil` when malformed or out of range.
  public init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let index = Int(parts[0]), let count = Int(parts[1])
    else { return nil }
    self.init(index: index, count: count)
  }

  /// The `ordinal`-th case index (0-based) of this shard.
  /// - Complexity: O(1).
  public func caseIndex(ordinal: Int) -> Int {
    ordinal * count + (index - 1)
  }

  /// Whether case index `k` belongs to this shard.
  public func contains(_ k: Int) -> Bool { k % count == index - 1 }

  /// Orders shards by count, then by index.
  public static func < (lhs: ShardSpec, rhs: ShardSpec) -> Bool {
    (lhs.count, lhs.index) < (rhs.count, rhs.index)
  }

  /// `I/N`, as the `--shard` flag takes it.
  public var description: String { "\(index)/\(count)" }

  /// Decodes a shard from its `I/N` string.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let shard = ShardSpec(parsing: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "shard \"\(text)\" is not I/N with 1 <= I <= N")
    }
    self = shard
  }

  /// Encodes the shard as its `I/N` string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
