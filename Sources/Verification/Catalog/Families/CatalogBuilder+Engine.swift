import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel

extension CatalogBuilder {
  /// `full.engineQueries`, when the full snapshot has the engine's extra
  /// API (`ExtendedSnapshotProtocol`).
  var fullEngineProperties: [AnyProperty] {
    guard let type = Snapshot.self as? any ExtendedSnapshotProtocol.Type else {
      return [placeholder("full.engineQueries", .full, .snapshot)]
    }
    return [fullEngineQueries(type)]
  }

  /// `section.engineQueries`, when the section snapshot has the engine's
  /// extra queries (`ExtendedSectionSnapshotProtocol`).
  var sectionEngineProperties: [AnyProperty] {
    guard let type = SectionSnapshot.self as? any ExtendedSectionSnapshotProtocol.Type else {
      return [placeholder("section.engineQueries", .section, .sectionSnapshot)]
    }
    return [sectionEngineQueries(type)]
  }

  /// `diff.storedContents`, when the full snapshot can store contents
  /// (`ExtendedSnapshotProtocol`).
  var diffEngineProperties: [AnyProperty] {
    guard let type = Snapshot.self as? any ExtendedSnapshotProtocol.Type else {
      return [placeholder("diff.storedContents", .diff, .differ)]
    }
    return [diffStoredContents(type)]
  }

  /// A property of the engine's own API for an implementation without it:
  /// declared, never run, never listed.
  func placeholder(_ name: String, _ family: Catalog.Family, _ part: ImplementationParts)
    -> AnyProperty
  {
    Property<Int>(name, generator: .int(in: 0...0)) { _ in .discard("no engine API") }
      .declared(family: family, part: part, needs: .engineAPI, tag: .contract)
      .eraseToAnyProperty()
  }

  /// `full.engineQueries` (contract): after every command of a random
  /// script, `indexPath(of:)` and `contains(item:)` answer what
  /// `itemPath(of:)` and `indexOfItem` derive for every id, `content(of:)`
  /// is `nil` (no content was stored), `reserveCapacity` on a copy (every
  /// third step) changes neither the copy nor the original, a snapshot
  /// rebuilt from its arrays (the other steps) holds the same state, and
  /// one built from those arrays edited (`editedArrays`) answers what the
  /// model built from them does.
  func fullEngineQueries<E: ExtendedSnapshotProtocol>(_ type: E.Type) -> AnyProperty {
    let builder = self
    let universe = Self.fullUniverse
    return Property(
      "full.engineQueries",
      generator: FullScript.generator(maxCommands: 30, universe: universe, invalidShare: 0.15),
      coverage: [
        .cover(minimumShare: 0.15, "cross-section move"),
        .cover(minimumShare: 0.1, "empty argument"),
      ],
      labels: { $0.catalogLabels },
      observations: { $0.observations },
      render: { builder.fullTest("full.engineQueries", $0, $1) },
      check: { script, context in
        let run = builder.runFull(script, context, states: .atEnd) { step in
          guard let snapshot = step.candidate as? E else { return [] }
          let problems = Self.engineProblems(snapshot, step: step.index, universe: universe)
          guard !problems.isEmpty else { return [] }
          return [
            Failure(
              kind: FailureKind(.call(part: "snapshot", operation: step.command.operation)),
              step: step.index, observable: "engine queries",
              message: "after `\(step.command.swiftCall(on: "c"))`: "
                + problems.joined(separator: "; "),
              test: [step.command.statementPrefix + step.command.swiftCall(on: "c")]
                + (0...universe.items).flatMap { item -> [String] in
                  let path = snapshot.itemPath(of: item).map {
                    "ItemPath(section: \($0.section), item: \($0.item))"
                  }
                  return [
                    "#expect(c.indexPath(of: \(item)) == \(path ?? "nil"))",
                    "#expect(c.contains(item: \(item)) == \(path != nil))",
                  ]
                })
          ]
        }
        return .from(run.failures)
      }
    ).declared(family: .full, part: .snapshot, needs: .engineAPI, tag: .contract, budget: 600)
      .eraseToAnyProperty()
  }

  /// What the engine's extra queries of `snapshot` get wrong after step
  /// `step`, a copy given room and a rebuild from its arrays included.
  static func engineProblems<E: ExtendedSnapshotProtocol>(
    _ snapshot: E, step: Int, universe: FullScript.Universe
  ) -> [String] {
    var problems = queryProblems(snapshot, universe: universe)
    let state = { (s: E) in
      FullState(s, universe: universe, capabilities: E.capabilities, asksMissing: true)
    }
    if step.isMultiple(of: 3) {
      var copy = snapshot
      let before = state(snapshot)
      copy.reserveCapacity(snapshot.numberOfItems + step)
      if state(copy) != before { problems.append("reserveCapacity changed the copy") }
      if state(snapshot) != before {
        problems.append("reserveCapacity on a copy changed the original")
      }
      problems += queryProblems(copy, universe: universe).map { "after reserveCapacity: \($0)" }
    }
    if step % 3 == 1 {
      if let engine = snapshot as? EngineSnapshot<Int, Int> {
        _ = EngineDiffer<Int, Int>().changeset(from: engine, to: engine, options: DiffOptions())
      }
      let layout = snapshot.layout
      var rebuilt = E()
      do throws(SnapshotError) {
        try rebuilt.appendSections(layout.map(\.section))
        for (section, items) in layout { try rebuilt.appendItems(items, toSection: section) }
        if rebuilt.layout.map(\.items) != layout.map(\.items)
          || rebuilt.sectionIdentifiers != snapshot.sectionIdentifiers
        {
          problems.append("rebuilt from its arrays it holds another layout")
        }
        problems += queryProblems(rebuilt, universe: universe).map { "rebuilt: \($0)" }
      } catch {
        problems.append("rebuilding it from its arrays threw \(error)")
      }
      problems += editedRebuildProblems(
        of: E.self, from: editedArrays(layout, variant: step / 3, fresh: universe.items),
        universe: universe)
    }
    return problems
  }

  /// `layout` edited the way an app's next arrays differ from the ones it
  /// built the shown snapshot from (variant `variant`, in turn): items
  /// dropped, ids new to the snapshot added (numbered from `fresh` on,
  /// outside the universe), an item moved to another section, an item
  /// also appended to another section (a move, A.3), a new id in two
  /// sections or twice in one (a repeat), a section reversed after sixteen
  /// new ids. The engine derives such a section from the remembered one,
  /// or takes its usual path where that would change an answer.
  static func editedArrays(
    _ layout: [(section: Int, items: [Int])], variant: Int, fresh: Int
  ) -> [(section: Int, items: [Int])] {
    var arrays = layout
    guard !arrays.isEmpty else { return arrays }
    let last = arrays.count - 1
    switch variant % 7 {
    case 0:
      for position in arrays.indices {
        var items = Array(arrays[position].items.dropFirst(2))
        items.insert(fresh + position, at: items.count / 2)
        arrays[position].items = items
      }
      arrays[last].items += (0..<10).map { fresh + 10 + $0 }
    case 1:
      if let moved = arrays[0].items.first {
        arrays[0].items.removeFirst()
        arrays[last].items.append(moved)
      }
      arrays[last].items.insert(fresh, at: 0)
    case 2:
      if let item = arrays[last].items.first { arrays[0].items.append(item) }
    case 3:
      if let item = arrays[0].items.first { arrays[last].items.append(item) }
    case 4:
      arrays[0].items.append(fresh)
      arrays[last].items.insert(fresh, at: 0)
    case 5:
      arrays[0].items += [fresh, fresh]
    default:
      arrays[last].items = (0..<16).map { fresh + 2 + $0 } + arrays[last].items.reversed()
    }
    return arrays
  }

  /// Where a snapshot of type `E` built from nothing from `arrays` (its
  /// sections appended, then each section's items) differs from the
  /// reference model built the same way: an outcome of a call, the layout
  /// or the engine queries.
  static func editedRebuildProblems<E: ExtendedSnapshotProtocol>(
    of _: E.Type, from arrays: [(section: Int, items: [Int])], universe: FullScript.Universe
  ) -> [String] {
    func build<S: SnapshotProtocol<Int, Int>>(_ snapshot: inout S) -> [SnapshotError?] {
      func outcome(_ call: (inout S) throws(SnapshotError) -> Void) -> SnapshotError? {
        do throws(SnapshotError) {
          try call(&snapshot)
          return nil
        } catch {
          return error
        }
      }
      let sections = arrays.map(\.section)
      var outcomes = [outcome { s throws(SnapshotError) in try s.appendSections(sections) }]
      for (section, items) in arrays {
        outcomes.append(
          outcome { s throws(SnapshotError) in try s.appendItems(items, toSection: section) })
      }
      return outcomes
    }
    var reference = ModelSnapshot<Int, Int>()
    var rebuilt = E()
    let (expected, actual) = (build(&reference), build(&rebuilt))
    var problems: [String] = []
    if actual != expected {
      problems.append(
        "built from the edited arrays \(arrays.map(\.items)) it answered \(actual), "
          + "the reference \(expected)")
    }
    if rebuilt.layout.map(\.items) != reference.layout.map(\.items)
      || rebuilt.sectionIdentifiers != reference.sectionIdentifiers
    {
      problems.append("built from the edited arrays \(arrays.map(\.items)) it holds another layout")
    }
    return problems
      + queryProblems(rebuilt, universe: universe).map { "built from edited arrays: \($0)" }
  }

  /// Where `indexPath(of:)`, `contains(item:)` or `content(of:)` disagree
  /// with what the protocol's queries derive.
  static func queryProblems<E: ExtendedSnapshotProtocol>(
    _ snapshot: E, universe: FullScript.Universe
  ) -> [String] {
    (0...universe.items).flatMap { item -> [String] in
      var problems: [String] = []
      if snapshot.indexPath(of: item) != snapshot.itemPath(of: item) {
        problems.append("indexPath(of: \(item)) disagrees with itemPath(of:)")
      }
      if snapshot.contains(item: item) != (snapshot.indexOfItem(item) != nil) {
        problems.append("contains(item: \(item)) disagrees with indexOfItem")
      }
      if snapshot.content(of: item) != nil {
        problems.append("content(of: \(item)) is set, but no content was stored")
      }
      return problems
    }
  }

  /// `section.engineQueries` (contract): after every command of a random
  /// script, `count` is `items.count`, `children(of: nil)` is `rootItems`,
  /// and `children(of:)` of every id lists the items whose parent it is,
  /// in order, or throws as `parent(of:)` does for an absent id.
  func sectionEngineQueries<E: ExtendedSectionSnapshotProtocol>(_ type: E.Type) -> AnyProperty {
    let builder = self
    let universe = Self.sectionUniverse
    return Property(
      "section.engineQueries", generator: Self.sectionScripts,
      coverage: [
        .cover(minimumShare: 0.1, "replace(childrenOf:using:)"),
        .cover(minimumShare: 0.1, "empty argument"),
      ],
      render: { builder.sectionTest("section.engineQueries", $0, $1) },
      check: { script, context in
        let run = builder.runSection(script, context, states: .atEnd) { step in
          guard let tree = step.candidate as? E else { return [] }
          var problems: [String] = []
          if tree.count != tree.items.count { problems.append("count is not items.count") }
          for item in [nil] + (0...universe).map(Optional.some) {
            let expected = Result { () throws(SnapshotError) in
              guard let item else { return tree.rootItems }
              _ = try tree.parent(of: item)
              return tree.items.filter { (try? tree.parent(of: $0)) == item }
            }
            let actual = Result { () throws(SnapshotError) in try tree.children(of: item) }
            if (try? expected.get()) != (try? actual.get()) {
              problems.append("children(of: \(item.map(String.init) ?? "nil")) disagrees")
            }
          }
          guard !problems.isEmpty else { return [] }
          return [
            Failure(
              kind: FailureKind(.call(part: "section snapshot", operation: step.command.operation)),
              step: step.index, observable: "engine queries",
              message: "after `\(step.command.swiftCall(on: "c"))`: "
                + problems.joined(separator: "; "))
          ]
        }
        return .from(run.failures)
      }
    ).described { $0.catalogDescription }.declared(
      family: .section, part: .sectionSnapshot, needs: .engineAPI, tag: .contract, budget: 400
    ).eraseToAnyProperty()
  }

  /// The identifiers of `diff.storedContents` cases: sections of more than
  /// 32 items are common (the engine stores a section that long in chunks
  /// once a copy of it is edited).
  static var storedContentsUniverse: FullScript.Universe {
    FullScript.Universe(sections: 3, items: 90)
  }

  /// `diff.storedContents` (contract): snapshots that store contents
  /// (`appendItems(_:contents:toSection:)`) keep their state and answer
  /// `content(of:)` with what was stored, and the differ's stages over
  /// them without maps equal its stages over the plain snapshots with the
  /// maps and pass the round-trip and exact-refresh audits (see
  /// `DiffCase.storedContentsVerdict`).
  func diffStoredContents<E: ExtendedSnapshotProtocol>(_ type: E.Type) -> AnyProperty {
    let implementation = implementation
    let builder = self
    return Property(
      "diff.storedContents", generator: DiffCase.generator(universe: Self.storedContentsUniverse),
      coverage: Self.diffCoverage,
      labels: { $0.labels },
      observations: { $0.script.observations },
      render: { diffCase, failure in builder.storedContentsTest(diffCase, failure) },
      check: { diffCase, _ in
        guard let differ = implementation.makeDiffer() as? any DifferProtocol<E> else {
          return .discard("the differ does not diff \(E.self)")
        }
        return diffCase.storedContentsVerdict(differ)
      }
    ).declared(family: .diff, part: .differ, needs: .engineAPI, tag: .contract, budget: 300)
      .eraseToAnyProperty()
  }
}
