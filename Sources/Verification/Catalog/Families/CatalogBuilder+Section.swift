import Generators
import SnapshotCore

extension CatalogBuilder {
  /// `section.`: the implementation's section snapshot against the model.
  var sectionProperties: [any VisitableProperty] {
    [sectionDifferential] + sectionEngineProperties
  }

  /// The id universe of the `section.` and `expansion.` families.
  static var sectionUniverse: Int { 30 }

  /// The generator of the `section.` and `expansion.` families.
  static var sectionScripts: Gen<SectionScript> {
    SectionScript.generator(maxCommands: 30, universe: sectionUniverse, invalidShare: 0.15)
  }

  /// `section.differential`: after every command of a random script (every
  /// operation of part B, valid and invalid), the model and the
  /// implementation threw the same error or none, agree on every query
  /// (tree, derived views, per-id queries and errors, extracted snapshots,
  /// `visualDescription`), and the implementation reports no invariant
  /// violation.
  var sectionDifferential: any VisitableProperty {
    let universe = Self.sectionUniverse
    let (typeName, identifiers) = (
      implementation.sectionSnapshotTypeName, implementation.identifiers
    )
    return Property(
      "section.differential",
      generator: Self.sectionScripts.supported(by: SectionSnapshot.capabilities),
      coverage: [
        .cover(minimumShare: 0.3, "invalid command"),
        .cover(minimumShare: 0.05, "collapse over expanded descendant"),
        .cover(minimumShare: 0.1, "replace(childrenOf:using:)"),
        .cover(minimumShare: 0.1, "insert(snapshot:after:)"),
        .cover(minimumShare: 0.1, "snapshot(of:includingParent:)"),
        .cover(minimumShare: 0.05, "throws treeDuplicate"),
        .cover(minimumShare: 0.05, "throws parentNotFound"),
        .cover(minimumShare: 0.03, "throws insertDestinationNotFound"),
        .cover(minimumShare: 0.03, "throws deleteMissing"),
        .cover(minimumShare: 0.1, "empty argument"),
        .cover(minimumShare: 0.02, "empty argument, missing target"),
      ].reachable(CoverageRequirement.unreachable(SectionSnapshot.capabilities)),
      labels: { $0.catalogLabels },
      observations: {
        $0.observations
          + Self.skipObservations(
            steps: $0.commands.count, perStep: CapabilitySkips.perStep(SectionSnapshot.capabilities)
          )
      },
      render: {
        $0.stepwiseSwiftTest(
          named: "section.differential", candidate: typeName, universe: universe,
          identifiers: identifiers, capabilities: SectionSnapshot.capabilities)
      },
      check: { $0.sectionDifferential(SectionSnapshot.self, universe: universe) }
    )
  }
}

extension SectionScript {
  /// Runs the script on the model and on `Candidate` side by side, comparing
  /// outcomes (extracted snapshots included) and every query after each
  /// command.
  func sectionDifferential<Candidate: SectionSnapshotProtocol<Int>>(
    _ candidate: Candidate.Type, universe: Int
  ) -> PropertyResult {
    sectionDifferential(
      candidate, reference: ModelReference.SectionSnapshot.self, universe: universe)
  }

  /// The same against `Reference`, whose own invariants are checked after
  /// every command too: a violation there fails as "reference model
  /// broken" (the catalog always passes the model; tests plant others).
  func sectionDifferential<
    Reference: SectionSnapshotProtocol<Int>, Candidate: SectionSnapshotProtocol<Int>
  >(
    _ candidate: Candidate.Type, reference: Reference.Type, universe: Int
  ) -> PropertyResult {
    var model: Reference = initial.build()
    var other: Candidate = initial.build()
    var ids: [Int] = []
    // Both sides are described with the candidate's capabilities.
    let capabilities = Candidate.capabilities
    if let ours = OurLayerCheck.verdict(Candidate.self) { return ours }
    func text<T: SectionSnapshotProtocol<Int>>(_ t: T, _ outcome: Result<T?, SnapshotError>)
      -> String
    {
      var head = StateText.outcome(outcome)
      if case .success(let extracted?) = outcome {
        head +=
          "\nextracted:\n"
          + StateText.section(extracted, universe: universe, ids: [], capabilities: capabilities)
      }
      return head + "\n"
        + StateText.section(t, universe: universe, ids: ids, capabilities: capabilities)
    }
    // Per-id queries cover the ids either side holds, plus one never used.
    func lookups() -> [Int] {
      Array(Set(model.items + other.items + [universe])).sorted()
    }
    ids = lookups()
    let start = (text(model, .success(nil)), text(other, .success(nil)))
    if start.0 != start.1 {
      return .fail(message: "the start forest differs", expected: start.0, actual: start.1)
    }
    for (index, command) in commands.enumerated() {
      // `==` with the state before, every other step (as in
      // `full.differential`: the other steps mutate unique storage).
      let before =
        capabilities.contains(.equality) && index.isMultiple(of: 2) ? (model, other) : nil
      let expected = Result { () throws(SnapshotError) in try command.apply(to: &model) }
      let actual = Result { () throws(SnapshotError) in try command.apply(to: &other) }
      ids = lookups()
      let left = text(model, expected) + (before.map { "\n== before: \(model == $0.0)" } ?? "")
      let right = text(other, actual) + (before.map { "\n== before: \(other == $0.1)" } ?? "")
      let call = "step \(index) `\(command.swiftCall(on: "t"))`"
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
