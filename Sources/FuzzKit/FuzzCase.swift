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
