import Generators
import SnapshotCore

extension CatalogBuilder {
  /// `full.`: the implementation's full snapshot against the model.
  var fullProperties: [AnyProperty] {
    [fullDifferential]
  }

  /// `full.differential`: after every step of a random script (every
  /// operation of part A, valid and invalid), the model and the
  /// implementation threw the same error or none, agree on every query, and
  /// the implementation reports no invariant violation.
  var fullDifferential: AnyProperty {
    let universe = FullCase.Universe()
    let typeName = implementation.snapshotTypeName
    return Property(
      "full.differential",
      generator: FullCase.generator(universe: universe),
      coverage: [
        .cover(minimumShare: 0.3, "invalid command"),
        .cover(minimumShare: 0.15, "cross-section move"),
        .cover(minimumShare: 0.1, "section move"),
        .cover(minimumShare: 0.1, "existing item moved by insert"),
        .cover(minimumShare: 0.05, "throws duplicateInArgument"),
        .cover(minimumShare: 0.05, "throws destinationNotFound"),
        .cover(minimumShare: 0.03, "throws moveOntoSelf"),
        .cover(minimumShare: 0.03, "throws reloadMissing"),
        .cover(minimumShare: 0.03, "throws sectionAlreadyExists"),
      ],
      labels: { $0.labels },
      observations: { [.value("steps", $0.steps.count)] },
      render: { $0.swiftTest(named: "full.differential", candidate: typeName) },
      check: { $0.differential(Snapshot.self, universe: universe) }
    ).eraseToAnyProperty()
  }
}

extension FullCase {
  /// Runs the case on the model and on `Candidate` side by side, comparing
  /// outcomes and every query after each step.
  func differential<Candidate: SnapshotProtocol<Int, Int>>(
    _ candidate: Candidate.Type, universe: FullCase.Universe
  ) -> PropertyResult {
    var model = ModelReference.Snapshot()
    var other = Candidate()
    for (index, step) in allSteps.enumerated() {
      let expected = Result { () throws(SnapshotError) in try step.apply(to: &model) }
      let actual = Result { () throws(SnapshotError) in try step.apply(to: &other) }
      let left = StateText.outcome(expected) + "\n" + StateText.full(model, universe: universe)
      let right = StateText.outcome(actual) + "\n" + StateText.full(other, universe: universe)
      let call = "step \(index) `\(step.swiftCall(on: "s"))`"
      if left != right {
        return .fail(
          message: "\(call): model and \(Candidate.self) differ", expected: left, actual: right)
      }
      let problems = other.invariantViolations()
      if !problems.isEmpty {
        return .fail(
          message: "\(call): invariant violated: " + problems.joined(separator: "; "),
          expected: left, actual: right)
      }
    }
    return .pass
  }

  /// The case as a Swift Testing function: the script on the model, then on
  /// the candidate, then equal layouts and marks.
  func swiftTest(named name: String, candidate: String) -> String {
    var body = ["var s = ModelSnapshot<Int, Int>()"]
    body += FullStep.swiftStatements(allSteps, on: "s")
    body.append("var c = \(candidate)()")
    body += FullStep.swiftStatements(allSteps, on: "c")
    body += [
      "#expect(c.sectionIdentifiers == s.sectionIdentifiers)",
      "#expect(c.layout.map(\\.items) == s.layout.map(\\.items))",
      "#expect(c.reloadedItemIdentifiers == s.reloadedItemIdentifiers)",
      "#expect(c.reconfiguredItemIdentifiers == s.reconfiguredItemIdentifiers)",
      "#expect(c.reloadedSectionIdentifiers == s.reloadedSectionIdentifiers)",
    ]
    return SwiftCode.test(named: name, body: body)
  }
}
