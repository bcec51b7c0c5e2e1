import Generators
import SnapshotCore

extension CatalogBuilder {
  /// `full.`: the implementation's full snapshot against the model.
  var fullProperties: [any VisitableProperty] {
    [fullDifferential]
      + (hasCapabilities(for: "full.markOrder") ? [fullMarkOrder] : [])
      + fullEngineProperties
  }

  /// Records, per case of a script over `steps` steps, the checks the
  /// implementation's missing capabilities skip (nothing when it has them
  /// all, so full implementations' reports are unchanged).
  static func skipObservations(steps: Int, perStep: Int) -> [Observation] {
    perStep == 0 ? [] : [.value(Statistics.skippedChecksHistogram, steps * perStep)]
  }

  /// The id universe of the `full.` and `diff.` families.
  static var fullUniverse: FullScript.Universe { FullScript.Universe(sections: 5, items: 30) }

  /// `full.differential`: after every command of a random script (every
  /// operation of part A, valid and invalid), the model and the
  /// implementation threw the same error or none, agree on every query
  /// (layout, counts, marks, per-id lookups and errors), and the
  /// implementation reports no invariant violation.
  var fullDifferential: any VisitableProperty {
    let universe = Self.fullUniverse
    let (typeName, identifiers) = (implementation.snapshotTypeName, implementation.identifiers)
    return Property(
      "full.differential",
      generator: FullScript.generator(
        maxCommands: 30, universe: universe, invalidShare: 0.15, bulkShare: 0.06
      ).supported(by: Snapshot.capabilities),
      coverage: [
        .cover(minimumShare: 0.3, "invalid command"),
        .cover(minimumShare: 0.15, "cross-section move"),
        .cover(minimumShare: 0.1, "section move"),
        .cover(minimumShare: 0.1, "existing item moved by insert"),
        .cover(minimumShare: 0.05, "throws duplicateInArgument"),
        .cover(minimumShare: 0.05, "throws destinationNotFound"),
        .cover(minimumShare: 0.02, "throws moveOntoSelf"),
        .cover(minimumShare: 0.02, "throws reloadMissing"),
        .cover(minimumShare: 0.02, "throws sectionAlreadyExists"),
        .cover(minimumShare: 0.02, "throws sourceNotFound"),
        .cover(minimumShare: 0.02, "throws destinationInArgument"),
        .cover(minimumShare: 0.1, "empty argument"),
        .cover(minimumShare: 0.02, "empty argument, missing target"),
        .cover(minimumShare: 0.01, "bulk section"),
        .cover(minimumShare: 0.005, "bulk repeated id after deletes"),
        .cover(minimumShare: 0.005, "bulk move across groups"),
      ],
      labels: { $0.catalogLabels },
      observations: {
        $0.observations
          + Self.skipObservations(
            steps: $0.allCommands.count, perStep: CapabilitySkips.perStep(Snapshot.capabilities))
      },
      render: {
        $0.stepwiseSwiftTest(
          named: "full.differential", candidate: typeName, universe: universe,
          identifiers: identifiers, capabilities: Snapshot.capabilities)
      },
      check: { $0.fullDifferential(Snapshot.self, universe: universe) }
    )
  }
}

extension CatalogBuilder {
  /// `full.markOrder` (contract): the mark getters list marks in first-mark
  /// order, as the model does. Apple's order is unconfirmed (SPEC), so
  /// `full.differential` compares marks as sets; only implementations whose
  /// getters are arrays (`.orderedMarks`) run this.
  var fullMarkOrder: any VisitableProperty {
    let universe = Self.fullUniverse
    let typeName = implementation.snapshotTypeName
    return Property(
      "full.markOrder",
      generator: FullScript.generator(maxCommands: 30, universe: universe, invalidShare: 0.15)
        .supported(by: Snapshot.capabilities),
      labels: { $0.catalogLabels },
      render: { $0.swiftTest(named: "full.markOrder", candidate: typeName) },
      check: { $0.markOrder(Snapshot.self) }
    ).tagged(.contract)
  }
}

extension FullScript {
  /// Runs the script on the model and on `Candidate`; after every command
  /// whose marks agree as sets, checks that they agree in order too (a
  /// disagreement as sets is `full.differential`'s to report).
  func markOrder<Candidate: SnapshotProtocol<Int, Int>>(_ candidate: Candidate.Type)
    -> PropertyResult
  {
    var model = ModelReference.Snapshot()
    var other = Candidate()
    for (index, command) in allCommands.enumerated() {
      try? command.apply(to: &model)
      try? command.apply(to: &other)
      let expected = [model.reloadedItems, model.reconfiguredItems, model.reloadedSections]
      let actual = [other.reloadedItems, other.reconfiguredItems, other.reloadedSections]
      guard zip(expected, actual).allSatisfy({ $0.sorted() == $1.sorted() }) else { return .pass }
      if expected != actual {
        let text = { (marks: [[Int]]) in
          zip(["reloadedItems", "reconfiguredItems", "reloadedSections"], marks)
            .map { "\($0): \(StateText.list($1))" }.joined(separator: "\n")
        }
        return .fail(
          message: "step \(index) `\(command.swiftCall(on: "s"))`: marks not in first-mark order",
          expected: text(expected), actual: text(actual))
      }
    }
    return .pass
  }

  /// Runs the script on the model and on `Candidate` side by side, comparing
  /// outcomes and every query after each command.
  func fullDifferential<Candidate: SnapshotProtocol<Int, Int>>(
    _ candidate: Candidate.Type, universe: FullScript.Universe
  ) -> PropertyResult {
    fullDifferential(candidate, reference: ModelReference.Snapshot.self, universe: universe)
  }

  /// The same against `Reference`, whose own invariants are checked after
  /// every command too: a violation there fails as "reference model
  /// broken" (the catalog always passes the model; tests plant others).
  func fullDifferential<
    Reference: SnapshotProtocol<Int, Int>, Candidate: SnapshotProtocol<Int, Int>
  >(
    _ candidate: Candidate.Type, reference: Reference.Type, universe: FullScript.Universe
  ) -> PropertyResult {
    var model = Reference()
    var other = Candidate()
    // The model is described with the candidate's capabilities: what the
    // candidate lacks is compared on neither side.
    let capabilities = Candidate.capabilities
    let equality = capabilities.contains(.equality)
    if let ours = OurLayerCheck.verdict(Candidate.self) { return ours }
    for (index, command) in allCommands.enumerated() {
      // Every other step keeps the state before it and compares `==` with
      // it; the kept copy makes the step mutate shared storage, so the
      // other steps still mutate unique storage in place.
      let before = equality && index.isMultiple(of: 2) ? (model, other) : nil
      let expected = Result { () throws(SnapshotError) in try command.apply(to: &model) }
      let actual = Result { () throws(SnapshotError) in try command.apply(to: &other) }
      let left =
        StateText.outcome(expected) + "\n"
        + StateText.full(model, universe: universe, capabilities: capabilities)
        + (before.map { "\n== before: \(model == $0.0)" } ?? "")
      let right =
        StateText.outcome(actual) + "\n"
        + StateText.full(other, universe: universe, capabilities: capabilities)
        + (before.map { "\n== before: \(other == $0.1)" } ?? "")
      let call = "step \(index) `\(command.swiftCall(on: "s"))`"
      let broken = model.invariantViolations()
      if !broken.isEmpty {
        return .fail(
          message: "\(call): reference model broken: " + broken.joined(separator: "; "),
          expected: left, actual: right, kind: FailureKind("reference model broken"))
      }
      if let ours = OurLayerCheck.guardVerdict(
        other, expected: expected, actual: actual, call: call, left: left, right: right)
      {
        return ours
      }
      if left != right {
        return .fail(
          message: "\(call): model and \(Candidate.self) differ", expected: left, actual: right,
          kind: StateText.mismatchKind(expected: left, actual: right))
      }
      let problems = other.invariantViolations()
      if !problems.isEmpty {
        return .fail(
          message: "\(call): invariant violated: " + problems.joined(separator: "; "),
          expected: left, actual: right, kind: FailureKind("invariant violated"))
      }
    }
    return .pass
  }
}
