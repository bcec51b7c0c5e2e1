import Generators
import SnapshotCore
import SnapshotModel

extension FullScript {
  /// Runs the script on the reference model and on `Candidate` side by
  /// side; after every command (the setup included) checks that both threw
  /// the same error or none, hold the same layout and marks, and that the
  /// candidate reports no invariant violation.
  ///
  /// - Returns: `.pass`, or `.fail` naming the first diverging step
  ///   (`setup k` or `command k`), with
  ///   both states for the `-`/`+` diff.
  public func differential<Candidate: SnapshotProtocol<Int, Int>>(
    against candidate: Candidate.Type
  ) -> PropertyResult {
    var model = ModelSnapshot<Int, Int>()
    var other = Candidate()
    let setup = setupCommands
    for (index, command) in (setup + commands).enumerated() {
      let step = index < setup.count ? "setup \(index)" : "command \(index - setup.count)"
      let expected = Result { () throws(SnapshotError) in try command.apply(to: &model) }
      let actual = Result { () throws(SnapshotError) in try command.apply(to: &other) }
      let left = FullScript.describe(model, expected)
      let right = FullScript.describe(other, actual)
      if left != right {
        return .fail(
          message: "\(step) `\(command.swiftCall(on: "s"))`: model and candidate differ",
          expected: left, actual: right)
      }
      let problems = other.invariantViolations()
      if !problems.isEmpty {
        return .fail(
          message: "\(step) `\(command.swiftCall(on: "s"))`: invariant violated: "
            + problems.joined(separator: "; "),
          expected: left, actual: right)
      }
    }
    return .pass
  }

  /// A state as comparable lines: the outcome, each section with its items,
  /// then the marks.
  public static func describe<S: SnapshotProtocol<Int, Int>>(
    _ snapshot: S, _ outcome: Result<Void, SnapshotError>
  ) -> String {
    var lines: [String] = []
    switch outcome {
    case .success: lines.append("ok")
    case .failure(let error): lines.append("throws \(error)")
    }
    for (section, items) in snapshot.layout {
      lines.append("section \(section): \(SwiftCode.list(items))")
    }
    lines.append("reloadedItems: \(SwiftCode.list(snapshot.reloadedItems))")
    lines.append("reloadedSections: \(SwiftCode.list(snapshot.reloadedSections))")
    lines.append("reconfiguredItems: \(SwiftCode.list(snapshot.reconfiguredItems))")
    return lines.joined(separator: "\n")
  }

  /// The script as a ready-to-paste Swift Testing function: it builds the
  /// script on a `ModelSnapshot` (`#expect(throws:)` for the steps the model
  /// rejects) and on `candidate` (a type name, e.g. `EngineSnapshot<Int,
  /// Int>`), then expects equal layouts.
  public func swiftTest(named name: String, candidate: String = "ModelSnapshot<Int, Int>")
    -> String
  {
    var body = ["var s = ModelSnapshot<Int, Int>()"]
    body += swiftStatements(on: "s")
    if candidate != "ModelSnapshot<Int, Int>" {
      body.append("var c = \(candidate)()")
      body += swiftStatements(on: "c")
      body.append("#expect(c.sectionIdentifiers == s.sectionIdentifiers)")
      body.append("#expect(c.itemIdentifiers == s.itemIdentifiers)")
    }
    return SwiftCode.test(named: name, body: body)
  }
}
