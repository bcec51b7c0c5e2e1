/// A named distribution over labelled buckets (command kinds, sizes,
/// depths, expanded counts).
///
/// Buckets are kept in a canonical order: labels that are whole numbers
/// first, numerically, then the others by name. Merging adds counts.
public struct Histogram: Hashable, Sendable, Codable {
  /// One bucket: a label and how many observations fell into it.
  public struct Bucket: Hashable, Sendable, Codable {
    /// The bucket's label (a number for numeric distributions).
    public var label: String
    /// The number of observations.
    public var count: Int

    /// Creates a bucket.
    public init(label: String, count: Int) {
      self.label = label
      self.count = count
    }
  }

  /// The histogram's name (for example `command kind`).
  public var name: String
  /// The buckets in canonical order.
  public private(set) var buckets: [Bucket]

  /// Creates a histogram; buckets with the same label are added together.
  public init(name: String, buckets: [Bucket] = []) {
    self.name = name
    self.buckets = []
    for bucket in buckets { add(bucket.label, count: bucket.count) }
  }

  /// Adds `count` observations to the bucket `label`.
  /// - Complexity: O(*b*), where *b* is the number of buckets.
  public mutating func add(_ label: String, count: Int = 1) {
    if let index = buckets.firstIndex(where: { $0.label == label }) {
      buckets[index].count += count
      return
    }
    let position = buckets.firstIndex { Self.precedes(label, $0.label) } ?? buckets.endIndex
    buckets.insert(Bucket(label: label, count: count), at: position)
  }

  /// This histogram with `other`'s counts added.
  public func merged(with other: Histogram) -> Histogram {
    var result = self
    for bucket in other.buckets { result.add(bucket.label, count: bucket.count) }
    return result
  }

  /// The total number of observations.
  public var total: Int { buckets.reduce(0) { $0 + $1.count } }

  /// Whether label `a` sorts before label `b`: numbers first, numerically.
  static func precedes(_ a: String, _ b: String) -> Bool {
    switch (Int(a), Int(b)) {
    case (let x?, let y?): return x < y
    case (.some, nil): return true
    case (nil, .some): return false
    case (nil, nil): return a < b
    }
  }

  enum CodingKeys: String, CodingKey {
    case name, buckets
  }

  /// Decodes a histogram from its JSON object (see `Reports/README.md`).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let name = try container.decode(String.self, forKey: .name)
    let buckets = try container.decode([Bucket].self, forKey: .buckets)
    guard buckets.allSatisfy({ $0.count >= 0 }) else {
      throw DecodingError.dataCorruptedError(
        forKey: .buckets, in: container, debugDescription: "histogram \(name): negative count")
    }
    self.init(name: name, buckets: buckets)
  }
}
