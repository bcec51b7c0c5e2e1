import Verification

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
  /// is checked; computed on each read (a shrink candidate is never
  /// described), so read it once per case.
  public var statistics: CaseStatistics { statisticsBody() }
  private let statisticsBody: () -> CaseStatistics
  private let checkBody: (CheckContext) -> CaseOutcome
  private let swiftCodeBody: (CaseOutcome.Failure?) -> String
  private let shrinkBody: (ShrinkRequest) -> FuzzCase

  /// Creates a case from its parts.
  public init(
    property: String, token: String, statistics: @escaping @autoclosure () -> CaseStatistics,
    check: @escaping (CheckContext) -> CaseOutcome,
    swiftCode: @escaping (CaseOutcome.Failure?) -> String,
    shrink: @escaping (ShrinkRequest) -> FuzzCase
  ) {
    self.property = property
    self.token = token
    self.statisticsBody = statistics
    self.checkBody = check
    self.swiftCodeBody = swiftCode
    self.shrinkBody = shrink
  }

  /// Runs the code under test on the case, telling `context` of each call
  /// and failure as they happen. May trap when that code traps.
  public func check(_ context: CheckContext = .none) -> CaseOutcome { checkBody(context) }

  /// The Swift test of `failure` (`nil`: the case as a whole). It runs the
  /// code under test only on the steps before the failure's step, which
  /// ran without trapping when the case was checked.
  public func swiftCode(for failure: CaseOutcome.Failure? = nil) -> String {
    swiftCodeBody(failure)
  }

  /// The simplest case found that is still interesting to `request`.
  public func shrink(_ request: ShrinkRequest) -> FuzzCase { shrinkBody(request) }
}
