import Generators
import SnapshotCore
import SnapshotModel

/// What a rendered data-source test asserts beyond what every one does.
struct DataSourceRenderedChecks: Hashable, Sendable {
  /// Each apply's and toggle's changeset has the minimal move counts.
  var minimalMoves = false
  /// After each collapse of a parent, re-expanding it (on a copy) restores
  /// the rows.
  var collapseExpandProbe = false
}

extension DataSourceScript {
  /// The session as a ready-to-paste Swift Testing function on the data
  /// source type `types.dataSource` (with its snapshot types) whose ids are
  /// `Map`'s (`IntIdentifiers`: the catalog's own): the script's settings
  /// and every handler it installs (each logging its call), then each call,
  /// and after it what the catalog checked, the expected values computed on
  /// the reference data source (whose changesets refresh exactly, as
  /// `diff.model` checks) and written with `Map`'s literals and texts: the
  /// outcome or error, the handler calls, every changeset replayed through
  /// `BatchInterpreter` (valid, round trip, identity, refreshes only in a
  /// reload-only batch, exactly the expected reloads and reconfigures; a
  /// toggle's only inserts or deletes), a drag's transaction, and
  /// `snapshot()` with every `snapshot(for:)`.
  func swiftTest<Map: IdentifierMapping>(
    named name: String, types: DataSourceTestTypes, sections: Int,
    checks: DataSourceRenderedChecks = DataSourceRenderedChecks(), identifiers: Map.Type
  ) -> String {
    let ids = DataSourceLiterals<Map>()
    var model = ModelDataSource<Int, Int>()
    var log: [String] = []
    configure(&model, log: { log.append($0) })
    var body = ["var log: [String] = []", "var d = \(types.dataSource)()"]
    body += settingStatements(on: "d", log: "log").map(ids.setting)
    body += Self.helpers(types, sections: sections, ids: ids)
    for (index, command) in commands.enumerated() {
      let argument = "dArg\(index)"
      body += command.argumentStatements(
        argument, snapshotType: types.snapshot, sectionSnapshotType: types.sectionSnapshot
      ).map(ids.argument)
      body.append("before = d.snapshot()")
      let before = model
      log = []
      let call = ids.call(command, argument: argument)
      var transaction: Transaction<ModelSnapshot<Int, Int>, ModelSectionSnapshot<Int>>?
      let result = Result { () throws(SnapshotError) -> DataSourceOutcome in
        guard case .userReorder(let from, let to) = command else {
          return try command.perform(on: &model)
        }
        transaction = try model.userReorder(from: from, to: to)
        return .reorder(nil)
      }
      switch result {
      case .failure(let error):
        body.append(
          "#expect(throws: SnapshotError.self) { try \(call) }  // \(Map.userError(error))")
      case .success(let outcome):
        body += Self.outcomeStatements(
          outcome, call: call, index: index, before: before, after: model, command: command,
          transaction: transaction, checks: checks, ids: ids)
      }
      body.append("#expect(log == \(Self.literal(log.map(ids.logEntry))))")
      body.append("log = []")
      body.append(
        "#expect(state() == \(Self.literal(ids.state(model, sections: sections, capabilities: types.sectionCapabilities))))"
      )
      if checks.collapseExpandProbe, case .success(let outcome) = result {
        body += Self.probeStatements(
          outcome, index: index, before: before, after: model, command: command,
          vetoed: { vetoesExpanding($0) }, ids: ids)
      }
    }
    return SwiftCode.test(named: name, body: body)
  }

  /// The assertions after a call that returned `outcome` on the model.
  static func outcomeStatements<Map: IdentifierMapping>(
    _ outcome: DataSourceOutcome, call: String, index: Int, before: ModelDataSource<Int, Int>,
    after: ModelDataSource<Int, Int>, command: DataSourceCommand,
    transaction: Transaction<ModelSnapshot<Int, Int>, ModelSectionSnapshot<Int>>?,
    checks: DataSourceRenderedChecks, ids: DataSourceLiterals<Map>
  ) -> [String] {
    let result = "result\(index)"
    let moves = MinimalMoves(from: before.snapshot(), to: after.snapshot())
    let movesArgument = checks.minimalMoves ? "[\(moves.sectionMoves), \(moves.itemMoves)]" : "nil"
    switch outcome {
    case .changeset(let changeset):
      let argument = command.fullArgument(as: ModelSnapshot<Int, Int>.self)?.snapshot
      let update = BatchInterpreter.replay(
        changeset, from: before.snapshot(), to: argument ?? after.snapshot())
      let target = argument == nil ? "d.snapshot()" : "dArg\(index)"
      return [
        "let \(result) = \(call)",
        "check(\(result), to: \(target), refreshed: \(ids.refreshed(update)), moves: \(movesArgument))",
      ]
    case .toggle(let toggle):
      return [
        "let \(result) = try \(call)", "#expect(kind(\(result)) == \(literal(kind(toggle))))",
        "checkToggle(\(result), moves: \(movesArgument))",
      ]
    case .reorder:
      return [
        "let \(result) = try \(call)",
        "#expect(\(result).map(describe) == \(transaction.map { literal(ids.describe($0)) } ?? "nil"))",
      ]
    }
  }

  /// After a collapse of a parent: re-expanding it on a copy shows the rows
  /// the reference shows then.
  static func probeStatements<Map: IdentifierMapping>(
    _ outcome: DataSourceOutcome, index: Int, before: ModelDataSource<Int, Int>,
    after: ModelDataSource<Int, Int>, command: DataSourceCommand, vetoed: (Int) -> Bool,
    ids: DataSourceLiterals<Map>
  ) -> [String] {
    guard case .toggle(.collapsed) = outcome, case .userToggle(let item, let section) = command,
      (try? before.snapshot(for: section).snapshot(of: item))?.items.isEmpty == false
    else { return [] }
    // The reference's own re-expanding: the rows before the collapse, the
    // collapse standing when shouldExpandItem vetoes, or the lazy child in
    // place of the children when the handler replaces them.
    var probe = after
    let rows =
      vetoed(item) || (try? probe.userToggle(item, in: section)) == nil
      ? after.snapshot().itemIdentifiers : probe.snapshot().itemIdentifiers
    return [
      "var probe\(index) = d",
      "_ = try " + ids.call(command, argument: "", on: "probe\(index)"),
      "#expect(probe\(index).snapshot().itemIdentifiers == \(ids.items(rows)))",
      "log = []",
    ]
  }

  static func kind(_ toggle: ToggleOutcome) -> String {
    switch toggle {
    case .expanded: return "expanded"
    case .collapsed: return "collapsed"
    case .vetoed: return "vetoed"
    case .ignored: return "ignored"
    }
  }

  /// The helper functions a rendered test declares after its data source;
  /// their bodies mirror `DataSourceLiterals.state`, `describe` and the
  /// catalog's changeset checks.
  static func helpers<Map: IdentifierMapping>(
    _ types: DataSourceTestTypes, sections: Int, ids: DataSourceLiterals<Map>
  ) -> [String] {
    let item = String(reflecting: Map.Item.self)
    let section = String(reflecting: Map.Section.self)
    let sectionList = "[" + (0...sections).map(Map.sectionLiteral).joined(separator: ", ") + "]"
    let reads = types.stateReads
    let treeLine =
      "\\(section): \\(\(reads.expanded))"
      + (reads.visualDescription ? "\\n\\(tree.visualDescription())" : "")
    return [
      "var before = d.snapshot()",
      """
      func state() -> [String] {
        let snapshot = d.snapshot()
        var lines = snapshot.sectionIdentifiers.map {
          "\\($0): \\((try? snapshot.itemIdentifiers(inSection: $0)) ?? [])"
        }
        for section in \(sectionList) {
          let tree = d.snapshot(for: section)
          lines.append("\(treeLine)")
        }
        return lines
      }
      """,
      """
      func describe(_ transaction: Transaction<\(types.snapshot), \(types.sectionSnapshot)>) -> [String] {
        ["\\(transaction.initialSnapshot.itemIdentifiers) -> \\(transaction.finalSnapshot.itemIdentifiers)",
         "\\(Array(transaction.difference))"]
          + transaction.sectionTransactions.map {
            "\\($0.sectionIdentifier): \\($0.initialSnapshot.visibleItems) -> "
              + "\\($0.finalSnapshot.visibleItems) \\(Array($0.difference))"
          }
      }
      """,
      """
      func check(
        _ changeset: Changeset, to new: \(types.snapshot),
        refreshed: (items: Set<\(item)>, reconfigured: Set<\(item)>, sections: Set<\(section)>), moves: [Int]?
      ) {
        let update = BatchInterpreter.replay(changeset, from: before, to: new)
        #expect(update.isCorrect, "\\(update.problems)")
        #expect(changeset.batches.allSatisfy {
          $0.isReloadOnly || $0.itemReloads.isEmpty && $0.itemReconfigures.isEmpty && $0.sectionReloads.isEmpty
        })
        #expect(Set(update.reloadedItems) == refreshed.items)
        #expect(Set(update.reconfiguredItems) == refreshed.reconfigured)
        #expect(Set(update.reloadedSections) == refreshed.sections)
        if let moves { #expect([changeset.sectionMoveCount, changeset.itemMoveCount] == moves) }
      }
      """,
      """
      func kind(_ outcome: ToggleOutcome) -> String {
        switch outcome {
        case .expanded: return "expanded"
        case .collapsed: return "collapsed"
        case .vetoed: return "vetoed"
        case .ignored: return "ignored"
        }
      }
      """,
      """
      func checkToggle(_ outcome: ToggleOutcome, moves: [Int]?) {
        let none = (items: Set<\(item)>(), reconfigured: Set<\(item)>(), sections: Set<\(section)>())
        switch outcome {
        case .expanded(let changeset):
          check(changeset, to: d.snapshot(), refreshed: none, moves: moves)
          #expect(changeset.batches.allSatisfy {
            $0.itemDeletes.isEmpty && $0.sectionDeletes.isEmpty && $0.sectionInserts.isEmpty && $0.sectionMoves.isEmpty
          })
        case .collapsed(let changeset):
          check(changeset, to: d.snapshot(), refreshed: none, moves: moves)
          #expect(changeset.batches.allSatisfy {
            $0.itemInserts.isEmpty && $0.itemMoves.isEmpty && $0.sectionDeletes.isEmpty
              && $0.sectionInserts.isEmpty && $0.sectionMoves.isEmpty
          })
        case .vetoed, .ignored:
          break
        }
      }
      """,
    ]
  }

  static func literal(_ values: [String]) -> String { SwiftCode.strings(values) }

  static func literal(_ text: String) -> String { SwiftCode.string(text) }
}
