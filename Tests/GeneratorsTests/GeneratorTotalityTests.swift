import Generators
import SnapshotCore
import SnapshotModel
import Testing

/// Every public domain generator is total: any choice sequence (random
/// values of any size and length, all zeros, all maxima, recorded
/// sequences mutated like the shrinker mutates them, the shrinker's own
/// candidates: `ArbitraryChoices`) decodes without trapping, either to a
/// discard (`GenerationError`) or to a well-formed case that the choices
/// it consumed replay to exactly. Where a generator
/// promises valid commands (no invalid share, diff pairs), the reference
/// model accepts every one of them.
///
/// The catalog's `DiffCase.generator()` (in Verification, which this
/// target does not import) is checked the same way by
/// `DiffCaseGeneratorTests` in VerificationTests.
@Suite struct GeneratorTotalityTests {
  /// Decodes `sequences` arbitrary sequences with `generator` and checks
  /// each decoded case, given the choices it consumed, with `problems`
  /// (what is wrong with it, `[]` when nothing is); fails with the first
  /// offending sequences, and when fewer than 90% decode.
  static func expectTotal<T: Equatable>(
    _ name: String, _ generator: Gen<T>, seed: UInt64, sequences: Int = 2_000,
    problems: (T, [UInt64]) -> [String]
  ) {
    var inputs = ArbitraryChoices(
      seed: seed, mutating: generator, candidateCount: sequences / 5)
    var decoded = 0
    var failures: [String] = []
    for index in 0..<sequences {
      let (kind, choices) = inputs.next(index)
      let first: (value: T, choices: [UInt64])
      do { first = try generator.replay(choices) } catch { continue }
      decoded += 1
      var found = problems(first.value, first.choices)
      if let again = try? generator.replay(first.choices) {
        if again.value != first.value {
          found.append("its consumed choices decode to another case")
        }
        if again.choices != first.choices {
          found.append("its consumed choices are not a fixed point")
        }
      } else {
        found.append("its consumed choices are discarded")
      }
      if !found.isEmpty, failures.count < 3 {
        failures.append(
          "\(name) #\(index) (\(kind), \(choices.count) choices, first \(choices.prefix(40))): "
            + "\(found)")
      }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    #expect(decoded * 10 >= sequences * 9, "\(name): only \(decoded) of \(sequences) decode")
  }

  // MARK: Full scripts

  /// What is wrong with a full script: a start layout that repeats a
  /// section or an item, more than `maxCommands` commands, an end state
  /// (`finalModel`) that breaks the model's invariants, or (when
  /// `allValid`) a command the model rejects.
  static func fullScriptProblems(_ script: FullScript, maxCommands: Int, allValid: Bool)
    -> [String]
  {
    var problems: [String] = []
    let sections = script.initial.map(\.section)
    let items = script.initial.flatMap(\.items)
    if Set(sections).count != sections.count || Set(items).count != items.count {
      problems.append("the start layout repeats an id: \(script.initial)")
    }
    if script.commands.count > maxCommands { problems.append("\(script.commands.count) commands") }
    let final = script.finalModel
    problems += final.invariantViolations()
    guard allValid else { return problems }
    var model = script.start(as: ModelSnapshot<Int, Int>.self)
    for command in script.commands {
      do throws(SnapshotError) { try command.apply(to: &model) } catch {
        problems.append("valid `\(command.swiftCall(on: "s"))` throws \(error)")
      }
    }
    if model != final { problems.append("finalModel differs from the steps") }
    return problems
  }

  @Test func fullScriptsDecodeFromAnyChoices() {
    Self.expectTotal("FullScript", FullScript.generator(), seed: 1) { script, _ in
      Self.fullScriptProblems(script, maxCommands: 50, allValid: false)
    }
  }

  @Test func fullScriptsWithoutInvalidShareHoldOnlyValidCommands() {
    Self.expectTotal("FullScript valid", FullScript.generator(invalidShare: 0), seed: 2) {
      script, _ in Self.fullScriptProblems(script, maxCommands: 50, allValid: true)
    }
  }

  /// Bulk scenarios (every case whose size choice, the first, is 100): one
  /// section of `bulkItems` ids `0..<n`, 1 to 8 commands. Fewer
  /// sequences than the others: a bulk case builds a snapshot of up to 500
  /// items in the reference model, whose checks are O(*n*²).
  @Test func bulkScenariosDecodeFromAnyChoices() {
    var bulk = 0
    let generator = FullScript.generator(bulkShare: 1)
    Self.expectTotal("FullScript bulk", generator, seed: 3, sequences: 600) { script, choices in
      guard choices.first == 100 else {
        return Self.fullScriptProblems(script, maxCommands: 50, allValid: false)
      }
      bulk += 1
      var problems = Self.fullScriptProblems(script, maxCommands: 8, allValid: false)
      let items = script.initial.first?.items ?? []
      if script.initial.count != 1 || !FullScript.bulkItems.contains(items.count)
        || items != Array(0..<items.count) || script.commands.isEmpty
      {
        problems.append("not a bulk scenario")
      }
      return problems
    }
    #expect(bulk > 200)
  }

  // MARK: Section snapshots

  /// What is wrong with a forest: a repeated id, an id outside `universe`,
  /// more than `shape.maxNodes` nodes, deeper than `shape.maxDepth`, or a
  /// build that loses items.
  static func forestProblems(_ forest: Forest, universe: Range<Int>, shape: Forest.Shape)
    -> [String]
  {
    var problems: [String] = []
    let items = forest.items
    if Set(items).count != items.count { problems.append("repeated ids \(items)") }
    if !items.allSatisfy(universe.contains) { problems.append("ids outside \(universe): \(items)") }
    if items.count > shape.maxNodes { problems.append("\(items.count) nodes") }
    if forest.depth > shape.maxDepth { problems.append("depth \(forest.depth)") }
    let tree = forest.build(as: ModelSectionSnapshot<Int>.self)
    if tree.items != items { problems.append("the build holds \(tree.items), not \(items)") }
    return problems + tree.invariantViolations()
  }

  @Test func forestsDecodeFromAnyChoices() {
    let shape = Forest.Shape()
    Self.expectTotal("Forest", Forest.generator(universe: Array(0..<30), shape: shape), seed: 4) {
      forest, _ in Self.forestProblems(forest, universe: 0..<30, shape: shape)
    }
  }

  @Test func sectionScriptsDecodeFromAnyChoices() {
    Self.expectTotal("SectionScript", SectionScript.generator(), seed: 5) { script, _ in
      var problems = Self.forestProblems(
        script.initial, universe: 0..<40, shape: Forest.Shape(maxNodes: 20))
      if script.commands.count > 50 { problems.append("\(script.commands.count) commands") }
      var tree = script.initial.build(as: ModelSectionSnapshot<Int>.self)
      for command in script.commands {
        _ = try? command.apply(to: &tree)
        problems += tree.invariantViolations()
      }
      if tree != script.run(as: ModelSectionSnapshot<Int>.self) {
        problems.append("run differs from the steps")
      }
      return problems
    }
  }

  // MARK: Data sources and diff pairs

  @Test func dataSourceScriptsDecodeFromAnyChoices() {
    Self.expectTotal("DataSourceScript", DataSourceScript.generator(), seed: 6) { script, _ in
      var problems: [String] = []
      for (name, ids) in [("refused", script.refusedReorders), ("vetoed", script.vetoedToggles)]
      where Set(ids).count != ids.count || !ids.allSatisfy((0..<8).contains) {
        problems.append("\(name) \(ids)")
      }
      if script.commands.count > 20 { problems.append("\(script.commands.count) commands") }
      var dataSource = ModelDataSource<Int, Int>()
      script.configure(&dataSource)
      for command in script.commands {
        _ = try? command.perform(on: &dataSource)
        problems += dataSource.invariantViolations()
      }
      return problems
    }
  }

  /// Diff pairs promise valid edits and content changes on items in both
  /// snapshots.
  @Test func diffPairsDecodeToValidEditsFromAnyChoices() {
    Self.expectTotal("DiffPair", DiffPair.generator(), seed: 7) { pair, _ in
      var problems = Self.fullScriptProblems(
        FullScript(initial: pair.old, commands: pair.edits), maxCommands: .max, allValid: true)
      let old = Set(pair.oldSnapshot(as: ModelSnapshot<Int, Int>.self).itemIdentifiers)
      let new = Set(pair.newSnapshot(as: ModelSnapshot<Int, Int>.self).itemIdentifiers)
      let changed = pair.contentChanged
      if Set(changed).count != changed.count
        || !changed.allSatisfy({ old.contains($0) && new.contains($0) })
      {
        problems.append("content changed on \(changed), not surviving items")
      }
      return problems
    }
  }
}
