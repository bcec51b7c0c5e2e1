/// What a case is, for statistics and coverage: its labels (classes) and
/// its histogram samples, computed together so a property that reads both
/// off one run of the case on the reference model runs it once.
public struct CaseDescription: Hashable, Sendable {
  /// The labels of the case.
  public var labels: [String]
  /// The histogram samples of the case.
  public var observations: [Observation]

  /// Creates a description.
  public init(labels: [String] = [], observations: [Observation] = []) {
    self.labels = labels
    self.observations = observations
  }
}
