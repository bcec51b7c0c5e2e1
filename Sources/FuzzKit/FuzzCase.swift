/// One decoded case of one property: its replay token, how to check it, how
/// to shrink it and how to show it.
///
/// Values are built by a `FuzzTarget`; the closures capture the generated
/// input. Not `Sendable`: a case lives on the thread that generated it.
public struct FuzzCase {
  /// The property's name.
  public let property: String
  /// The replay token that reproduces exactly this case.
  public let token: String
  /// Labels and histogram samples of the generated input, known before it
  /// is checked.
  public let statistics: CaseStatistics
  private let checkBody: () -> CaseOutcome
  private let swiftCodeBody: () -> String
  private let shrinkBody: (ShrinkRequest) -> FuzzCase

  /// Creates a case from its parts.
  public init(
    property: String, token: String, statistics: CaseStatistics,
    check: @escaping () -> CaseOutcome, swiftCode: @escaping () -> String,
    shrink: @escaping (ShrinkRequest) -> FuzzCase
  ) {
    self.property = property
    self.token = token
    self.statistics = statistics
    self.checkBody = check
    self.swiftCodeBody = swiftCode
    self.shrinkBody = shrink
  }

  /// Runs the code under test on the case. May trap when that code traps.
  public func check() -> CaseOutcome { checkBody() }

  /// The case as ready-to-paste Swift test code; runs nothing under test.
  public func swiftCode() -> String { swiftCodeBody() }

  /// The simplest case found that is still interesting to `request`.
  public func shrink(_ request: ShrinkRequest) -> FuzzCase { shrinkBody(request) }
}

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

/// What a shrink is after and whom it tells about its progress.
public struct ShrinkRequest {
  /// Which candidates count as still failing.
  public enum Goal: String, Sendable, Codable {
    /// A candidate whose check fails (returns a failure verdict).
    case failure
    /// Only a candidate that crashes the process; every candidate that
    /// returns is uninteresting.
    case crash
  }

  /// Which candidates count as still failing.
  public var goal: Goal
  /// The most seconds the shrink may take.
  public var maxSeconds: Double
  /// Called with a candidate's token just before it is checked.
  public var willCheck: (String) -> Void
  /// Called with the token of each simpler failing case found.
  public var didImprove: (String) -> Void

  /// Creates a request.
  public init(
    goal: Goal, maxSeconds: Double, willCheck: @escaping (String) -> Void = { _ in },
    didImprove: @escaping (String) -> Void = { _ in }
  ) {
    self.goal = goal
    self.maxSeconds = maxSeconds
    self.willCheck = willCheck
    self.didImprove = didImprove
  }
}
