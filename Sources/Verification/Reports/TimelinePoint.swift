/// A sample of a run's progress: cumulative cases at a wall-clock offset.
public struct TimelinePoint: Hashable, Sendable, Codable {
  /// Seconds since the run started.
  public var elapsed: Double
  /// Cases (checked and discarded) completed so far over all properties.
  public var cases: Int

  /// Creates a sample.
  public init(elapsed: Double, cases: Int) {
    self.elapsed = elapsed
    self.cases = cases
  }
}
