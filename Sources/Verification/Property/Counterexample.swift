import Generators

/// A (shrunk) failing case, with everything a person needs to reproduce and
/// read it: the seed, a replay token, the case as Swift test code and as
/// structured JSON, and a `-`/`+` diff of the two sides' states.
public struct Counterexample: Hashable, Sendable, Codable {
  /// The property's stable name.
  public var property: String
  /// The run seed, when the case came from a run.
  public var seed: UInt64?
  /// The case's index within the run, when known.
  public var caseIndex: Int?
  /// `name@v2.<catalog>:…`; `DIFFABLE_REPLAY=<token>` re-runs exactly this
  /// case.
  public var token: String
  /// The case's choice sequence.
  public var choices: [UInt64]
  /// What the failure is blamed on and how bad it is: a run reports one
  /// counterexample per kind.
  public var kind: FailureKind?
  /// The failure message.
  public var message: String
  /// The expected side's state.
  public var expected: String
  /// The actual side's state.
  public var actual: String
  /// `LineDiff.render(expected:actual:)`; empty when both are empty.
  public var diff: String
  /// The case as a ready-to-paste Swift `@Test` function.
  public var swiftCode: String
  /// The case in structured form (the property's `Codable` case).
  public var script: JSONValue?
  /// The number of choices before shrinking.
  public var originalChoiceCount: Int
  /// Candidates run by the shrinker.
  public var shrinkCalls: Int
  /// Seconds spent shrinking.
  public var shrinkSeconds: Double
  /// The corpus file written for the case, if any.
  public var corpusFile: String?
  /// The step of the case's script that showed the failure, if it has
  /// steps.
  public var step: Int?
  /// Where the documentation states the rule broken.
  public var rule: String?

  /// The full multi-line report printed on failure.
  public var report: String {
    var lines = ["Property '\(property)' failed: \(message)"]
    if let kind {
      lines.append("  culprit: \(kind.culprit), severity: \(kind.severity.label)")
    }
    if let rule { lines.append("  rule: \(rule)") }
    if let seed { lines.append("  seed: \(seed)" + (caseIndex.map { ", case \($0)" } ?? "")) }
    lines.append("  replay: DIFFABLE_REPLAY='\(token)'")
    lines.append(
      "  shrunk: \(originalChoiceCount) → \(choices.count) choices in \(shrinkCalls) calls, "
        + "\(String(format3(shrinkSeconds)))s")
    if let corpusFile { lines.append("  corpus: \(corpusFile)") }
    if let script { lines.append("  case: \(script.text)") }
    if !diff.isEmpty { lines += ["", "State (- expected, + actual):", diff] }
    lines += ["", "Swift test:", swiftCode]
    return lines.joined(separator: "\n")
  }
}

/// `value` with three decimals.
func format3(_ value: Double) -> String {
  let thousandths = Int((value * 1000).rounded())
  let fraction = String(thousandths % 1000)
  return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
}
