import Generators
import SnapshotCore
import SnapshotModel

extension DataSourceAudit {
  /// The statements of a rendered test from the command on, when `rule`
  /// is broken there: what it needs before the call, the call (`call`, on
  /// `d`, its snapshot argument named `argument`), and the expectations on
  /// exactly what the rule compares, in the user's literals.
  func test(_ rule: Rule, call: String, argument: String) -> [String] {
    switch rule {
    case .changesetCorrect, .refreshExact, .minimalMoves:
      return changesetTest(rule, call: call, argument: argument)
    case .visibleRows:
      let sections = after.snapshot().sectionIdentifiers.map(literals.section)
      return [command.statementPrefix + call]
        + sections.map {
          "#expect(try d.snapshot().itemIdentifiers(inSection: \($0)) == d.snapshot(for: \($0)).visibleItems)"
        }
    case .vetoesChangeNothing, .refusedChangesNothing:
      let touched = touchedSections.map(literals.section)
      var lines = ["let shownBefore = d.snapshot()"]
      lines += touched.enumerated().map {
        "let treeBefore\($0.offset) = d.snapshot(for: \($0.element))"
      }
      lines += outcomeLines(call)
      lines.append("#expect(d.snapshot() == shownBefore)")
      lines += touched.enumerated().map {
        "#expect(d.snapshot(for: \($0.element)) == treeBefore\($0.offset))"
      }
      return lines
    case .lazyChildren:
      guard case .userToggle(let item, let section) = command else { return [] }
      let loaded = log.lazyChildren[item] ?? []
      return [
        command.statementPrefix + call,
        "#expect(try d.snapshot(for: \(literals.section(section))).snapshot(of: \(literals.item(item))).items == \(literals.items(loaded)))",
      ]
    case .applyThenSnapshotFor:
      guard case .applyTo(_, let section) = command else { return [] }
      return [
        command.statementPrefix + call,
        "#expect(d.snapshot(for: \(literals.section(section))) == \(argument))",
      ]
    case .userCollapseExpand:
      guard case .userToggle(let item, let section) = command else { return [] }
      var probe = after
      _ = try? probe.userToggle(item, in: section)
      return [
        command.statementPrefix + call, "var probe = d",
        "_ = try probe.userToggle(\(literals.item(item)), in: \(literals.section(section)))",
        "#expect(probe.snapshot().itemIdentifiers == \(literals.items(expectedReexpandedRows ?? probe.snapshot().itemIdentifiers)))",
      ]
    case .toggleChangeset:
      return [
        "let outcome = try \(call)",
        "switch outcome {",
        "case .expanded(let changeset):",
        "  #expect(changeset.batches.allSatisfy { $0.itemDeletes.isEmpty && $0.sectionDeletes.isEmpty && $0.sectionInserts.isEmpty && $0.sectionMoves.isEmpty })",
        "case .collapsed(let changeset):",
        "  #expect(changeset.batches.allSatisfy { $0.itemInserts.isEmpty && $0.itemMoves.isEmpty && $0.sectionDeletes.isEmpty && $0.sectionInserts.isEmpty && $0.sectionMoves.isEmpty })",
        "case .vetoed, .ignored:",
        "  break",
        "}",
      ]
    case .differencesApply:
      return [
        "let transaction = try \(call)",
        "if let transaction {",
        "  #expect(transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference) == transaction.finalSnapshot.itemIdentifiers)",
        "  for section in transaction.sectionTransactions {",
        "    #expect(section.initialSnapshot.visibleItems.applying(section.difference) == section.finalSnapshot.visibleItems)",
        "  }",
        "}",
      ]
    case .subtreeCarried:
      guard case .userReorder(let from, _) = command, let item = row(before, from),
        let source = section(before, from),
        let moved = try? before.snapshot(for: source).snapshot(of: item, includingParent: true)
      else { return [command.statementPrefix + call] }
      let target = touchedSections.last.map(literals.section) ?? literals.section(source)
      return [
        command.statementPrefix + call,
        "#expect(try d.snapshot(for: \(target)).snapshot(of: \(literals.item(item)), includingParent: true).items == \(literals.items(moved.items)))",
      ]
    case .storedTreesRebased:
      let shown = after.snapshot().layout
      return [command.statementPrefix + call]
        + shown.map { section, rows in
          let old = PlainForest(before.snapshot(for: section))
          let expected = old.rebased(to: rows) ?? PlainForest(flat: rows)
          return
            "#expect(d.snapshot(for: \(literals.section(section))).visibleItems == \(literals.items(expected.visibleItems)))"
        }
    }
  }

  /// The sections a tap or drag acts on (the source's and destination's).
  var touchedSections: [Int] {
    switch command {
    case .userToggle(_, let section): return [section]
    case .userReorder(let from, let to):
      let shown = before.snapshot().sectionIdentifiers
      var sections: [Int] = []
      for path in [from, to] where shown.indices.contains(path.section) {
        if !sections.contains(shown[path.section]) { sections.append(shown[path.section]) }
      }
      return sections
    case .apply, .applyTo: return []
    }
  }

  /// The call with its outcome checked: a tap's kind (what part D fixes:
  /// `toggleOutcomeProblem`'s expectation), a drag's refusal.
  func outcomeLines(_ call: String) -> [String] {
    switch command {
    case .userToggle:
      guard let expected = expectedToggle else { return [command.statementPrefix + call] }
      return [
        "let outcome = try \(call)",
        "#expect(\"\\(outcome)\".hasPrefix(\(SwiftCode.string(expected))))",
      ]
    case .userReorder:
      return ["#expect(try \(call) == nil)"]
    case .apply, .applyTo:
      return [command.statementPrefix + call]
    }
  }

  /// The rendered replay of the changeset an apply or a toggle returned,
  /// and the expectations of `rule` on it.
  func changesetTest(_ rule: Rule, call: String, argument: String) -> [String] {
    var lines: [String] = []
    switch command {
    case .userToggle:
      lines += [
        "let changeset: Changeset",
        "switch try \(call) {",
        "case .expanded(let applied), .collapsed(let applied): changeset = applied",
        "case .vetoed, .ignored: changeset = Changeset()",
        "}",
      ]
    default:
      lines.append("let changeset = \(call)")
    }
    let target = command.fullArgument(as: ReferenceSnapshot.self) == nil ? "d.snapshot()" : argument
    let audit = diffAudit
    let expectations: [String]
    switch rule {
    case .minimalMoves: expectations = audit?.minimalityFailure?.test ?? []
    case .refreshExact:
      expectations = audit?.refreshFailure(exact: false, "")?.test ?? []
    default: expectations = audit?.roundTripFailure("")?.test ?? []
    }
    if expectations.contains(where: { $0.contains("update.") }) {
      lines.insert("let shownBefore = d.snapshot()", at: 0)
      lines.append(
        "let update = BatchInterpreter.replay(changeset, from: shownBefore, to: \(target))")
    }
    return lines + expectations
  }
}
