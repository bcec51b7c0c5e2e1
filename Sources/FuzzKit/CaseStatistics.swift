/// The labels and histogram samples of one generated case.
public struct CaseStatistics: Hashable, Sendable, Codable {
  /// Coverage labels.
  public var labels: [String]
  /// Histogram samples as `[histogram, bucket]` pairs.
  public var samples: [Sample]

  /// One histogram sample.
  public struct Sample: Hashable, Sendable, Codable {
    /// The histogram's name.
    public var histogram: String
    /// The bucket.
    public var bucket: String

    /// Creates a sample.
    public init(_ histogram: String, _ bucket: String) {
      self.histogram = histogram
      self.bucket = bucket
    }
  }

  /// Creates statistics.
  public init(labels: [String] = [], samples: [Sample] = []) {
    self.labels = labels
    self.samples = samples
  }
}
