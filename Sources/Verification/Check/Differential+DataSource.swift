import Generators
import SnapshotCore
import SnapshotModel

/// What the data-source differential compares beyond outcomes and states.
struct DataSourceComparison: Hashable, Sendable {
  /// The handler calls each call made, in order.
  var handlers = false
  /// A drag's transaction (its edit script is the spec's definition where
  /// Apple's is unconfirmed, C.2).
  var transactions = false
}

extension Differential
where
  Reference == DataSourceReference, Candidate: DataSourceProtocol,
  Candidate.Section == Int, Candidate.Item == Int,
  Command == DataSourceCommand, Returned == DataSourceReturn, State == DataSourceState
{
  /// The differential of data sources (B.5, C, D): each call's kind of
  /// outcome (and, by `comparing`, its handler calls and transaction), then
  /// `snapshot()` and every `snapshot(for:)`. The logs are the ones
  /// `HandlerLog.configure` installed on each side.
  ///
  /// With `decided` (a required property), what the spec decides where
  /// Apple is unconfirmed is left out: the tree of a section a full apply
  /// rebased or dropped (B.5), and taps and drags in it, until it is
  /// applied to again; `visualDescription()`'s text.
  static func dataSource(
    universe: FullScript.Universe, comparing: DataSourceComparison, logs: (HandlerLog, HandlerLog),
    script: DataSourceScript, types: DataSourceTestTypes, policy: MisusePolicy,
    literals: Literals, context: CheckContext, decided: Bool
  ) -> Differential {
    let reading =
      decided
      ? Candidate.SectionSnapshot.capabilities.subtracting(.visualDescription)
      : Candidate.SectionSnapshot.capabilities
    let asksMissing = policy.handsOverEverything
    let ids = IdentifierText(section: literals.section, item: literals.item)
    let (referenceLog, candidateLog) = logs
    func perform<D: DataSourceProtocol>(
      _ command: DataSourceCommand, _ dataSource: inout D, _ log: HandlerLog
    )
      throws(SnapshotError) -> DataSourceReturn where D.Section == Int, D.Item == Int
    {
      log.calls = []
      if case .userReorder(let from, let to) = command {
        let transaction = try dataSource.userReorder(from: from, to: to)
        return DataSourceReturn(
          kind: transaction == nil ? .refused : .reordered,
          log: comparing.handlers ? log.calls : [],
          transaction: comparing.transactions ? transaction.map(TransactionState.init) : nil,
          outcome: .reorder(transaction.map { _ in [] }))
      }
      let kind: DataSourceReturn.Kind
      let outcome = try command.perform(on: &dataSource)
      switch outcome {
      case .changeset: kind = .applied
      case .toggle(.expanded): kind = .expanded
      case .toggle(.collapsed): kind = .collapsed
      case .toggle(.vetoed): kind = .vetoed
      case .toggle(.ignored): kind = .ignored
      case .reorder(let moved): kind = moved == nil ? .refused : .reordered
      }
      return DataSourceReturn(
        kind: kind, log: comparing.handlers ? log.calls : [], transaction: nil, outcome: outcome)
    }
    let layer = Layer(
      part: ImplementationParts.dataSource.name,
      performOnReference: { (command, reference) throws(SnapshotError) in
        if decided { reference.undecided.formUnion(reference.rebasedSections(by: command)) }
        if case .applyTo(_, let section) = command { reference.undecided.remove(section) }
        return try perform(command, &reference.model, referenceLog)
      },
      performOnCandidate: { (command, candidate) throws(SnapshotError) in
        try perform(command, &candidate, candidateLog)
      },
      read: { reference, candidate in
        // Each side's stored trees are read once: they give the ids asked
        // about (every id either side holds) and then their states.
        let sections = (0...universe.sections).filter { !reference.undecided.contains($0) }
        let referenceTrees = sections.map { reference.model.snapshot(for: $0) }
        let candidateTrees = sections.map { candidate.snapshot(for: $0) }
        let asked = zip(referenceTrees, candidateTrees).map { pair in
          SectionState.ids(pair.0.items, pair.1.items, absent: universe.items + 1)
        }
        func state<D: DataSourceProtocol>(
          _ dataSource: D, _ stored: [D.SectionSnapshot],
          tree: (D.SectionSnapshot, _ asked: [Int]) -> SectionState
        ) -> DataSourceState where D.Section == Int, D.Item == Int {
          let layout = dataSource.snapshot().layout
          let trees = sections.indices.map {
            DataSourceState.Tree(section: sections[$0], state: tree(stored[$0], asked[$0]))
          }
          return DataSourceState(
            sections: layout.map(\.section), items: layout.map(\.items), trees: trees)
        }
        return (
          state(reference.model, referenceTrees) { tree, asked in
            SectionState(
              reference: tree, ids: asked, capabilities: reading, asksMissing: asksMissing,
              describe: literals.itemRelabeling)
          },
          state(candidate, candidateTrees) { tree, asked in
            SectionState(
              tree, ids: asked, capabilities: reading, asksMissing: asksMissing, describe: nil)
          }
        )
      },
      divergences: { $0.divergences(from: $1, literals) },
      resynchronize: { _, _ in nil },
      acceptsOnCandidate: { command, candidate in
        asksMissing || DataSourceValidity.accepts(command, on: candidate, script: script)
      },
      candidateViolations: { _ in [] },
      referenceViolations: { $0.model.invariantViolations() },
      equality: nil,
      undecided: { command, reference, _ in
        guard decided, !reference.undecided.isEmpty else { return false }
        return !reference.undecided.isDisjoint(with: reference.sections(touchedBy: command))
      },
      family: { _ in .dataSourceActions }, operation: \.operation,
      call: { command, index in command.swiftCall(on: "d", argument: "arg\(index)", ids: ids) },
      arguments: { command, index in
        command.argumentStatements(
          "arg\(index)", snapshotType: types.snapshot, sectionSnapshotType: types.sectionSnapshot,
          itemType: literals.itemType, ids: ids)
      },
      prefix: \.statementPrefix,
      returnedText: { returned in
        var text = returned.kind.rawValue
        if comparing.handlers {
          text += "\nhandlers: " + returned.log.map { $0.text(literals) }.joined(separator: ", ")
        }
        if let transaction = returned.transaction { text += "\n" + transaction.text(literals) }
        return text
      },
      returnedTest: { command, index, returned in
        let call = command.swiftCall(on: "d", argument: "arg\(index)", ids: ids)
        var lines: [String]
        switch command {
        case .userToggle:
          lines = [
            "let outcome = try \(call)",
            "#expect(\"\\(outcome)\".hasPrefix(\(SwiftCode.string(returned.kind.rawValue))))",
          ]
        case .userReorder:
          lines = [
            "let transaction = try \(call)",
            "#expect((transaction == nil) == \(returned.kind == .refused))",
          ]
          if let transaction = returned.transaction {
            let after = transaction.sections.map { literals.items($0.after) }
            lines += [
              "#expect(transaction?.initialSnapshot.itemIdentifiers == \(literals.items(transaction.initial)))",
              "#expect(transaction?.finalSnapshot.itemIdentifiers == \(literals.items(transaction.final)))",
              "#expect(transaction?.sectionTransactions.map(\\.sectionIdentifier) == "
                + "\(literals.sections(transaction.sections.map(\.id))))",
              "#expect(transaction?.sectionTransactions.map(\\.finalSnapshot.visibleItems) == "
                + "[\(after.joined(separator: ", "))])",
            ]
          }
        case .apply, .applyTo:
          lines = [command.statementPrefix + call]
        }
        if comparing.handlers {
          lines.insert("log = []", at: 0)
          lines.append(
            "#expect(log == \(SwiftCode.strings(returned.log.map { $0.text(literals) })))")
        }
        return lines
      },
      // An ignored drag is refused (no transaction), an ignored tap
      // ignored; an apply Apple rejects has nothing to return.
      ignoredReturns: { command, returned in
        switch command {
        case .userReorder: return returned.kind == .refused
        case .userToggle: return returned.kind == .ignored
        case .apply, .applyTo: return true
        }
      })
    return Differential(
      layer: layer, policy: policy, literals: literals, context: context, decidedOnly: decided)
  }
}

extension DataSourceReference {
  /// The sections whose stored tree (one with a child or an expanded
  /// flag) a full apply changes by the spec's rebase rule, or drops: their
  /// rows change, or the section goes.
  func rebasedSections(by command: DataSourceCommand) -> Set<Int> {
    guard case .apply(let layout, _, _) = command else { return [] }
    let rows = Dictionary(layout.map { ($0.section, $0.items) }, uniquingKeysWith: { $1 })
    var sections = Set<Int>()
    for section in model.snapshot().sectionIdentifiers {
      let tree = model.snapshot(for: section)
      guard tree.items.count != tree.rootItems.count || !tree.expandedItems.isEmpty else {
        continue
      }
      if rows[section] != tree.visibleItems { sections.insert(section) }
    }
    return sections
  }

  /// The sections a tap or a drag acts on.
  func sections(touchedBy command: DataSourceCommand) -> Set<Int> {
    let shown = model.snapshot().sectionIdentifiers
    switch command {
    case .userToggle(_, let section): return [section]
    case .userReorder(let from, let to):
      return Set([from.section, to.section].filter(shown.indices.contains).map { shown[$0] })
    case .apply, .applyTo: return []
    }
  }
}

extension HandlerCall {
  /// The call as a rendered handler logs it, in the user's terms.
  func text(_ literals: Literals) -> String {
    text(item: literals.itemDescription, list: literals.listDescription)
  }
}

/// What a data source's own state accepts, for a trap-style data source
/// that diverged: a drag from and to paths that are rows (or drop
/// positions) of its `snapshot()`, and lazy children its tree can take.
enum DataSourceValidity {
  /// Whether `dataSource` accepts `command` in the state it holds.
  static func accepts<D: DataSourceProtocol>(
    _ command: DataSourceCommand, on dataSource: D, script: DataSourceScript
  ) -> Bool where D.Section == Int, D.Item == Int {
    switch command {
    case .apply, .applyTo:
      return true
    case .userToggle(let item, let section):
      let tree = dataSource.snapshot(for: section)
      guard script.installs(.snapshotForExpandingParent), tree.contains(item),
        (try? tree.isExpanded(item)) == false
      else { return true }
      let children = (try? tree.snapshot(of: item)) ?? D.SectionSnapshot()
      let loaded = DataSourceScript.lazyChildren(
        of: item, children, replacing: script.replacesChildren)
      let elsewhere = Set(tree.items).subtracting(children.items)
      return loaded.items.allSatisfy { !elsewhere.contains($0) }
    case .userReorder(let source, let destination):
      let layout = dataSource.snapshot().layout
      guard layout.indices.contains(source.section),
        layout[source.section].items.indices.contains(source.item),
        layout.indices.contains(destination.section)
      else { return false }
      let from = layout[source.section].section
      let item = layout[source.section].items[source.item]
      let to = layout[destination.section].section
      var rows = dataSource.snapshot(for: to).visibleItems.count
      if to == from {
        let tree = dataSource.snapshot(for: from)
        let expanded = (try? tree.isExpanded(item)) ?? false
        let below =
          expanded
          ? ((try? tree.snapshot(of: item, includingParent: false))?.visibleItems.count ?? 0) : 0
        rows -= 1 + below
      }
      return (0...max(rows, 0)).contains(destination.item)
    }
  }
}
