import Generators
import SnapshotCore
import SnapshotModel

extension SectionScript {
  /// Runs the script on the reference model and on `Candidate` side by
  /// side; after every command checks that both threw the same error or
  /// none, hold the same tree, flags and visible items (and, for
  /// `snapshot(of:)`, extracted the same tree), and that the candidate
  /// reports no invariant violation.
  public func differential<Candidate: SectionSnapshotProtocol<Int>>(
    against candidate: Candidate.Type
  ) -> PropertyResult {
    var model = initial.build(as: ModelSectionSnapshot<Int>.self)
    var other = initial.build(as: Candidate.self)
    let start = (
      SectionScript.describe(model, .success(nil)), SectionScript.describe(other, .success(nil))
    )
    if start.0 != start.1 {
      return .fail(message: "the start forest differs", expected: start.0, actual: start.1)
    }
    for (step, command) in commands.enumerated() {
      let expected = Result { () throws(SnapshotError) in try command.apply(to: &model) }
      let actual = Result { () throws(SnapshotError) in try command.apply(to: &other) }
      let left = SectionScript.describe(model, expected)
      let right = SectionScript.describe(other, actual)
      if left != right {
        return .fail(
          message: "command \(step) `\(command.swiftCall(on: "t"))`: model and candidate differ",
          expected: left, actual: right)
      }
      let problems = other.invariantViolations()
      if !problems.isEmpty {
        return .fail(
          message: "command \(step) `\(command.swiftCall(on: "t"))`: invariant violated: "
            + problems.joined(separator: "; "),
          expected: left, actual: right)
      }
    }
    return .pass
  }

  /// A tree as comparable lines: the outcome (with an extracted tree),
  /// the tree's `visualDescription()` (one line per item in pre-order,
  /// indented by level, `+`/`-` for expanded, `*` for visible), then
  /// `items`, `visibleItems` and `expandedItems` as lists. Linear in the
  /// tree's size for the reference model, so it can run after every step.
  public static func describe<T: SectionSnapshotProtocol<Int>>(
    _ tree: T, _ outcome: Result<T?, SnapshotError>
  ) -> String {
    var lines: [String] = []
    switch outcome {
    case .success(let extracted?):
      lines.append("ok, extracted \(extracted.items) expanded \(extracted.expandedItems)")
    case .success(nil): lines.append("ok")
    case .failure(let error): lines.append("throws \(error)")
    }
    lines.append(tree.visualDescription())
    lines.append("items: \(SwiftCode.list(tree.items))")
    lines.append("visible: \(SwiftCode.list(tree.visibleItems))")
    lines.append("expanded: \(SwiftCode.list(tree.expandedItems))")
    return lines.joined(separator: "\n")
  }

  /// The script as a ready-to-paste Swift Testing function on
  /// `ModelSectionSnapshot<Int>` and, when given, on `candidate` (a type
  /// name), expecting equal items, visible items and expanded items.
  public func swiftTest(named name: String, candidate: String? = nil) -> String {
    var body = swiftStatements(on: "t")
    if let candidate {
      body += swiftStatements(on: "c", type: candidate)
      body.append("#expect(c.items == t.items)")
      body.append("#expect(c.visibleItems == t.visibleItems)")
      body.append("#expect(c.expandedItems == t.expandedItems)")
    }
    return SwiftCode.test(named: name, body: body)
  }
}
