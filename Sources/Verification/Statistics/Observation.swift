/// One sample of a named histogram, recorded for a case: e.g. the command
/// kind `"moveItem"` in histogram `"command"`, or `"12"` in `"items"`.
public struct Observation: Hashable, Sendable, Codable {
  /// The histogram's name.
  public var histogram: String
  /// The bucket the sample falls in.
  public var bucket: String

  /// Creates an observation.
  public init(_ histogram: String, _ bucket: String) {
    self.histogram = histogram
    self.bucket = bucket
  }

  /// A numeric sample, bucketed by its value.
  public static func value(_ histogram: String, _ value: Int) -> Observation {
    Observation(histogram, String(value))
  }
}
