import Generators
import SnapshotCore
import SnapshotModel

/// The reference full snapshot.
typealias ReferenceSnapshot = ModelSnapshot<Int, Int>
/// The reference section snapshot.
typealias ReferenceSectionSnapshot = ModelSectionSnapshot<Int>

extension Differential
where
  Reference == ReferenceSnapshot, Candidate: SnapshotProtocol<Int, Int>,
  Command == FullCommand, Returned == Nothing, State == FullState
{
  /// The differential of full snapshots (part A): every query of
  /// `FullState` over `universe` widened to every id either side holds
  /// (a bulk scenario's section holds hundreds), marks when `Candidate`
  /// can read them,
  /// `==` with the state before when it has its own.
  ///
  /// With `decided` (a required property), what the spec decides where
  /// Apple is unconfirmed is left out: marks of ids no longer held, which
  /// mark an item marked both ways keeps, `==`, and whether
  /// `reconfigureItems` rejects a repeated id.
  static func full(
    universe: FullScript.Universe, policy: MisusePolicy, literals: Literals,
    context: CheckContext, decided: Bool
  ) -> Differential {
    let capabilities = Candidate.capabilities
    let asksMissing = policy.handsOverEverything
    let ids = IdentifierText(section: literals.section, item: literals.item)
    let layer = Layer(
      part: ImplementationParts.snapshot.name,
      performOnReference: { (command, reference) throws(SnapshotError) in
        try command.apply(to: &reference)
        return Nothing()
      },
      performOnCandidate: { (command, candidate) throws(SnapshotError) in
        try command.apply(to: &candidate)
        return Nothing()
      },
      read: { reference, candidate in
        let asked = FullState.universe(universe, covering: reference, candidate)
        let expected = FullState(
          reference, universe: asked, capabilities: capabilities, asksMissing: asksMissing,
          decided: decided)
        let actual = FullState(
          candidate, universe: asked, capabilities: capabilities, asksMissing: asksMissing,
          decided: decided)
        return (expected, decided ? expected.decidingMarks(of: actual) : actual)
      },
      divergences: { $0.divergences(from: $1, literals) },
      resynchronize: { candidate, reference in
        ReferenceSnapshot.rebuilt(from: candidate, marksOf: reference)
      },
      candidateViolations: { $0.invariantViolations() },
      referenceViolations: { $0.invariantViolations() },
      equality: capabilities.contains(.equality) && !decided ? ({ $0 == $1 }, { $0 == $1 }) : nil,
      undecided: { command, _, expected in
        guard case .reconfigureItems = command, case .threw(.duplicateInArgument) = expected else {
          return false
        }
        return true
      },
      family: \.misuseFamily, operation: \.operation,
      call: { command, _ in command.swiftCall(on: "c", ids: ids) },
      prefix: \.statementPrefix,
      returnedText: { _ in "returns" })
    return Differential(
      layer: layer, policy: policy, literals: literals, context: context, decidedOnly: decided)
  }
}

extension Differential
where
  Reference == ReferenceSectionSnapshot, Candidate: SectionSnapshotProtocol<Int>,
  Command == SectionCommand, Returned == SectionState?, State == SectionState
{
  /// The differential of section snapshots (part B): the derived views,
  /// every id's answers (the ids either side holds, and `absent`), an
  /// extracted snapshot's state, `visualDescription()` and `==` when
  /// `Candidate` has them.
  ///
  /// With `decided` (a required property), what the spec decides where
  /// Apple is unconfirmed is left out: `visualDescription()`'s text, `==`,
  /// an inserted snapshot with nested children (UIKit builds a wrong tree
  /// there), and whether `replace(childrenOf:using:)` rejects ids found
  /// elsewhere in the tree (UIKit does not check).
  ///
  /// A snapshot argument (of `insert(_:before:)`, `replace(childrenOf:using:)`)
  /// is built by the candidate's own type, call by call, and checked by
  /// the same differential (in the variable `arg<step>`): a wrong argument
  /// is blamed on the call that built it wrong, not on the call that took
  /// it.
  static func section(
    absent: Int, policy: MisusePolicy, literals: Literals, context: CheckContext,
    sectionType: String, decided: Bool, variable: String = "c"
  ) -> Differential {
    let capabilities =
      decided ? Candidate.capabilities.subtracting(.visualDescription) : Candidate.capabilities
    let asksMissing = policy.handsOverEverything
    let ids = IdentifierText(section: literals.section, item: literals.item)
    let layer = Layer(
      part: ImplementationParts.sectionSnapshot.name,
      performOnReference: { (command, reference) throws(SnapshotError) in
        try command.apply(to: &reference).map { tree in
          SectionState(
            reference: tree, ids: tree.items, capabilities: capabilities,
            asksMissing: asksMissing, describe: literals.itemRelabeling)
        }
      },
      performOnCandidate: { (command, candidate) throws(SnapshotError) in
        try command.apply(to: &candidate).map { tree in
          SectionState(
            tree, ids: tree.items, capabilities: capabilities, asksMissing: asksMissing,
            describe: nil)
        }
      },
      read: { reference, candidate in
        let asked = SectionState.ids(reference.items, candidate.items, absent: absent)
        return (
          SectionState(
            reference: reference, ids: asked, capabilities: capabilities,
            asksMissing: asksMissing, describe: literals.itemRelabeling),
          SectionState(
            candidate, ids: asked, capabilities: capabilities, asksMissing: asksMissing,
            describe: nil)
        )
      },
      divergences: { $0.divergences(from: $1, literals, variable: variable) },
      resynchronize: { candidate, _ in ReferenceSectionSnapshot.rebuilt(from: candidate) },
      candidateViolations: { $0.invariantViolations() },
      referenceViolations: { $0.invariantViolations() },
      equality: capabilities.contains(.equality) && !decided ? ({ $0 == $1 }, { $0 == $1 }) : nil,
      undecided: { command, _, expected in
        switch (command, expected) {
        case (.insertSnapshot(let forest, _), _): return forest.depth > 1
        case (.replace, .threw(.treeDuplicate)): return true
        default: return false
        }
      },
      family: { _ in .sectionSnapshotMutations }, operation: \.operation,
      call: { command, index in
        command.swiftCall(on: variable, argument: "arg\(index)", ids: ids)
      },
      arguments: { command, index in
        command.forest.map {
          $0.swiftStatements(declaring: "arg\(index)", type: sectionType, ids: ids)
        } ?? []
      },
      prefix: \.statementPrefix,
      returnedText: { state in
        state.map { "extracted \(literals.items($0.items))" } ?? "returns"
      },
      variable: variable,
      argumentFailure: { command, index in
        guard let forest = command.forest else { return nil }
        let name = "arg\(index)"
        let building = Differential.section(
          absent: absent, policy: policy, literals: literals, context: context,
          sectionType: sectionType, decided: decided, variable: name)
        let commands = forest.commands
        let run = building.run(
          commands, reference: ReferenceSectionSnapshot(), candidate: Candidate())
        guard var failure = run.failures.first else { return nil }
        let call = command.swiftCall(on: variable, argument: name, ids: ids)
        failure.message = "building `\(name)` for `\(call)`: " + failure.message
        failure.test =
          ["var \(name) = \(sectionType)()"]
          + building.statements(commands, run, endingAt: failure)
        failure.step = index
        return failure
      })
    return Differential(
      layer: layer, policy: policy, literals: literals, context: context, decidedOnly: decided)
  }
}

extension ModelSnapshot where SectionIdentifier == Int, ItemIdentifier == Int {
  /// The reference holding `candidate`'s observed layout and marks (the
  /// marks of `reference` when the candidate cannot read its own), or
  /// `nil` when that layout is not one a snapshot can hold (a repeated
  /// id).
  static func rebuilt<S: SnapshotProtocol<Int, Int>>(from candidate: S, marksOf reference: Self)
    -> Self?
  {
    var rebuilt = Self()
    let layout = candidate.layout
    let readable = S.capabilities.contains(.readableMarks)
    do throws(SnapshotError) {
      try rebuilt.appendSections(layout.map(\.section))
      for (section, items) in layout where !items.isEmpty {
        try rebuilt.appendItems(items, toSection: section)
      }
      guard rebuilt.layout.map(\.items) == layout.map(\.items) else { return nil }
      let present = Set(rebuilt.itemIdentifiers)
      let sections = Set(rebuilt.sectionIdentifiers)
      let marks =
        readable
        ? (candidate.reloadedItems, candidate.reconfiguredItems, candidate.reloadedSections)
        : (reference.reloadedItems, reference.reconfiguredItems, reference.reloadedSections)
      try rebuilt.reloadItems(marks.0.filter(present.contains))
      try rebuilt.reconfigureItems(marks.1.filter(present.contains))
      try rebuilt.reloadSections(marks.2.filter(sections.contains))
    } catch {
      return nil
    }
    return rebuilt
  }
}

extension ModelSectionSnapshot where ItemIdentifier == Int {
  /// The reference holding `candidate`'s observed tree and flags, or `nil`
  /// when that tree is not one a section snapshot can hold.
  static func rebuilt<T: SectionSnapshotProtocol<Int>>(from candidate: T) -> Self? {
    let rebuilt: Self = Forest(candidate).build()
    return rebuilt.items == candidate.items ? rebuilt : nil
  }
}
