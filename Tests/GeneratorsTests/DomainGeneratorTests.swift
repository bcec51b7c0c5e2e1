import Foundation
import Generators
import SnapshotCore
import SnapshotModel
import Testing

/// The domain generators produce meaningful cases: valid edits mostly
/// succeed, invalid ones exist, and every interesting shape shows up.
@Suite struct DomainGeneratorTests {
  static func cases<T>(_ generator: Gen<T>, count: Int = 200) throws -> [T] {
    try (0..<count).map { index in
      try generator.generate(
        ChoiceSource(
          seed: SplitMix64.caseSeed(runSeed: 77, caseIndex: index), size: min(100, index),
          caseIndex: index))
    }
  }

  @Test func fullScriptsMixValidAndInvalidCommands() throws {
    var succeeded = 0
    var failed = 0
    var largest = 0
    for script in try Self.cases(FullScript.generator()) {
      var model = script.start(as: ModelSnapshot<Int, Int>.self)
      for command in script.commands {
        do throws(SnapshotError) {
          try command.apply(to: &model)
          succeeded += 1
        } catch {
          failed += 1
        }
        largest = max(largest, model.numberOfItems)
      }
    }
    #expect(failed > 0)
    #expect(succeeded > 5 * failed)
    #expect(largest >= 40)
  }

  @Test func sectionScriptsReachDeepExpandedTrees() throws {
    var deepest = 0
    var expanded = 0
    var failed = 0
    for script in try Self.cases(SectionScript.generator()) {
      var tree = script.initial.build(as: ModelSectionSnapshot<Int>.self)
      for command in script.commands {
        do throws(SnapshotError) { try command.apply(to: &tree) } catch { failed += 1 }
        deepest = max(deepest, tree.items.compactMap { try? tree.level(of: $0) }.max() ?? 0)
        expanded = max(expanded, tree.expandedItems.count)
      }
      #expect(Forest(tree).build(as: ModelSectionSnapshot<Int>.self) == tree)
    }
    #expect(deepest >= 4)
    #expect(expanded >= 5)
    #expect(failed > 0)
  }

  @Test func diffPairsHoldMovesAcrossSectionsAndContentChanges() throws {
    var crossSection = 0
    var sectionMoves = 0
    var changed = 0
    for pair in try Self.cases(DiffPair.generator()) {
      var model = pair.oldSnapshot(as: ModelSnapshot<Int, Int>.self)
      for edit in pair.edits {
        if case .moveItem(let item, let anchor) = edit,
          model.sectionIdentifier(containingItem: item)
            != model.sectionIdentifier(containingItem: anchor.item)
        {
          crossSection += 1
        }
        if case .moveSection = edit { sectionMoves += 1 }
        #expect(throws: Never.self) { try edit.apply(to: &model) }
      }
      #expect(model == pair.newSnapshot(as: ModelSnapshot<Int, Int>.self))
      changed += pair.contentChanged.count
      #expect(pair.contentChanged.allSatisfy { pair.options.contentChanged($0) })
    }
    #expect(crossSection > 10)
    #expect(sectionMoves > 10)
    #expect(changed > 10)
  }

  @Test func dataSourceScriptsToggleAndReorder() throws {
    var toggles = 0
    var reorders = 0
    for script in try Self.cases(DataSourceScript.generator(), count: 150) {
      var dataSource = ModelDataSource<Int, Int>()
      script.configure(&dataSource)
      for command in script.commands {
        switch try? command.perform(on: &dataSource) {
        case .toggle(.expanded)?, .toggle(.collapsed)?: toggles += 1
        case .reorder(_?)?: reorders += 1
        default: break
        }
        #expect(dataSource.invariantViolations().isEmpty)
      }
    }
    #expect(toggles > 20)
    #expect(reorders > 20)
  }
}

/// Data-source sessions vary every setting a user makes and reach the
/// invalid and edge user actions, tracking rows with the same handlers as
/// the data source under test.
@Suite struct DataSourceSessionGeneratorTests {
  static var scripts: [DataSourceScript] {
    get throws { try DomainGeneratorTests.cases(DataSourceScript.generator(), count: 300) }
  }

  @Test func everySettingVaries() throws {
    let scripts = try Self.scripts
    #expect(scripts.contains { $0.contentUpdateStyle == .reconfigure })
    #expect(scripts.contains { $0.contentUpdateStyle == .reload })
    for handler in DataSourceHandler.allCases {
      #expect(scripts.contains { !$0.installs(handler) }, "\(handler) is never left out")
    }
    #expect(scripts.filter { $0.absentHandlers.isEmpty }.count > scripts.count / 5)
    let marks = scripts.flatMap(\.commands).filter {
      if case .apply(_, _, let marks) = $0 { return !marks.isEmpty }
      return false
    }
    #expect(marks.count > 10)
  }

  @Test func tapsReachHiddenRowsOtherSectionsAbsentIdsAndLazyRows() throws {
    var hidden = 0
    var elsewhere = 0
    var absent = 0
    var lazy = 0
    var ontoItself = 0
    for script in try Self.scripts {
      var dataSource = ModelDataSource<Int, Int>()
      script.configure(&dataSource)
      for command in script.commands {
        let rows = dataSource.snapshot()
        switch command {
        case .userToggle(let item, let section):
          let shown = (try? rows.itemIdentifiers(inSection: section)) ?? []
          if item >= DataSourceScript.lazyBase { lazy += 1 }
          if !shown.contains(item) {
            if dataSource.snapshot(for: section).contains(item) {
              hidden += 1
            } else if rows.indexOfItem(item) != nil {
              elsewhere += 1
            } else {
              absent += 1
            }
          }
        case .userReorder(let from, let to):
          if from == to { ontoItself += 1 }
        default:
          break
        }
        _ = try? command.perform(on: &dataSource)
      }
    }
    #expect(hidden > 5)
    #expect(elsewhere > 5)
    #expect(absent > 5)
    #expect(lazy > 5, "taps never reach a lazily loaded row: the generator's rows drift")
    #expect(ontoItself > 5)
  }

  @Test func emptyIdListsAreDrawn() throws {
    let full = try DomainGeneratorTests.cases(FullScript.generator(), count: 100)
    #expect(full.flatMap(\.commands).contains { $0.hasEmptyArgument })
    let section = try DomainGeneratorTests.cases(SectionScript.generator(), count: 100)
    #expect(section.flatMap(\.commands).contains { $0.hasEmptyArgument })
  }
}

/// Commands round-trip through their readable JSON records.
@Suite struct CommandCodingTests {
  @Test func everyGeneratedScriptRoundTripsThroughJSON() throws {
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    for script in try DomainGeneratorTests.cases(FullScript.generator(), count: 60) {
      #expect(try decoder.decode(FullScript.self, from: encoder.encode(script)) == script)
    }
    for script in try DomainGeneratorTests.cases(SectionScript.generator(), count: 60) {
      #expect(try decoder.decode(SectionScript.self, from: encoder.encode(script)) == script)
    }
    for script in try DomainGeneratorTests.cases(DataSourceScript.generator(), count: 30) {
      #expect(try decoder.decode(DataSourceScript.self, from: encoder.encode(script)) == script)
    }
    for pair in try DomainGeneratorTests.cases(DiffPair.generator(), count: 30) {
      #expect(try decoder.decode(DiffPair.self, from: encoder.encode(pair)) == pair)
    }
  }

  @Test func recordsUseTheSwiftOperationNames() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let full = try encoder.encode(FullCommand.moveItem(3, .afterItem(5)))
    #expect(
      String(decoding: full, as: UTF8.self)
        == #"{"afterItem":5,"item":3,"op":"moveItem(_:afterItem:)"}"#)
    let section = try encoder.encode(SectionCommand.insert([2], .after(0)))
    #expect(
      String(decoding: section, as: UTF8.self)
        == #"{"after":0,"items":[2],"op":"insert(_:after:)"}"#)
    #expect(throws: DecodingError.self) {
      _ = try JSONDecoder().decode(FullCommand.self, from: Data(#"{"op":"teleport(_:)"}"#.utf8))
    }
  }
}
