import Generators

/// One bug as a run found it: the failures of any properties that share a
/// culprit (`FailureKind.culprit`), listed once with the properties it
/// showed in, its severity (the worst of its failures) and its smallest
/// shrunk case.
public struct Cause<Failure>: CustomStringConvertible {
  /// What the failures are blamed on.
  public var culprit: Culprit
  /// The worst severity among them.
  public var severity: FailureKind.Severity
  /// The failures, in the order given.
  public var failures: [Failure]
  /// The one to show: the smallest shrunk case.
  public var smallest: Failure

  /// `snapshot: deleteAllItems() [wrong result]`.
  public var description: String { "\(culprit) [\(severity.label)]" }

  /// `items` grouped by culprit: the most severe causes first, then in
  /// order of first appearance; `size` ranks a cause's cases (fewest
  /// choices first) to pick the one to show. Items without a kind are a
  /// cause each.
  public static func group(
    _ items: [Failure], kind: (Failure) -> FailureKind?, size: (Failure) -> Int
  ) -> [Cause] {
    var causes: [(culprit: Culprit?, failures: [Failure], severity: FailureKind.Severity)] = []
    for item in items {
      let found = kind(item)
      let severity = found?.severity ?? .wrong
      if let culprit = found?.culprit,
        let index = causes.firstIndex(where: { $0.culprit == culprit })
      {
        causes[index].failures.append(item)
        causes[index].severity = min(causes[index].severity, severity)
      } else {
        causes.append((found?.culprit, [item], severity))
      }
    }
    let ordered = causes.enumerated().sorted {
      ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset)
    }.map(\.element)
    return ordered.map { entry in
      let smallest =
        entry.failures.enumerated().min {
          (size($0.element), $0.offset) < (size($1.element), $1.offset)
        }?.element ?? entry.failures[0]
      return Cause(
        culprit: entry.culprit ?? .check("failure"), severity: entry.severity,
        failures: entry.failures, smallest: smallest)
    }
  }

  /// "2 causes (16 failures)", "1 cause (1 failure)".
  public static func count(causes: Int, failures: Int) -> String {
    "\(causes) cause\(causes == 1 ? "" : "s") (\(failures) failure\(failures == 1 ? "" : "s"))"
  }
}
