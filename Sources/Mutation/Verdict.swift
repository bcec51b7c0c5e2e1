import Foundation

/// How a judging run ended, with what its report says.
public struct Verdict: Hashable, Sendable {
  /// How the process ended.
  public var outcome: ChildRun.Outcome
  /// The first failure's property, when the report names one.
  public var property: String?
  /// The first failure's kind and replay token, when the report has one.
  public var failure: String?
  /// Whether the first failure is a crash (a trapping case).
  public var crashed = false
  /// The properties that ran (at least one case), sorted.
  public var properties: [String] = []

  /// A verdict from `outcome` alone.
  public init(outcome: ChildRun.Outcome) { self.outcome = outcome }

  /// A verdict from `outcome` and the fuzz report at `report`, if any.
  public init(outcome: ChildRun.Outcome, report: URL) {
    self.outcome = outcome
    guard let data = FileManager.default.contents(atPath: report.path),
      let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return }
    let ran = (json["properties"] as? [[String: Any]]) ?? []
    properties = ran.compactMap { entry in
      (entry["cases"] as? Int ?? 0) > 0 ? entry["name"] as? String : nil
    }.sorted()
    if let first = (json["failures"] as? [[String: Any]])?.first {
      property = first["property"] as? String
      let kind = first["kind"] as? String ?? "failure"
      crashed = kind == "crash"
      let token = first["token"] as? String
      failure = [kind, token.map { "token \($0)" }].compactMap { $0 }.joined(separator: ", ")
    }
  }

  /// The mutant result this verdict gives for mutant `id`.
  public func result(id: String, seconds: Double) -> MutantResult {
    var result = MutantResult(id: id, status: .survived, properties: properties, seconds: seconds)
    switch outcome {
    case .exited(0):
      result.detail = "every property passed"
    case .exited(1):
      result.status = crashed ? .killedByTrap : .killed
      result.property = property
      result.detail = failure ?? "the run failed"
    case .exited(let status):
      result.status = .killedByTrap
      result.detail = "the run ended with exit status \(status)"
    case .signaled(let signal):
      result.status = .killedByTrap
      result.property = property
      result.detail = "the run died of signal \(signal)"
    case .timedOut(let seconds):
      result.status = .killedByTimeout
      result.detail = "the run exceeded \(DurationText.format(seconds))"
    case .notStarted(let reason):
      result.status = .killedByTrap
      result.detail = "the run could not start: \(reason)"
    }
    return result
  }
}
