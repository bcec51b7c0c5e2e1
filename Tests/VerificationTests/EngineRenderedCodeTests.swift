import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import TestSupport
import Testing

@testable import Verification

/// The rendered Swift of the engine-only and entry-point properties for a
/// passing case is stable: the build of the case, in the catalog's
/// literals. `EngineRenderedRegressionTests` below holds the engine's extra
/// API queries and the interpreter's entry points as a failing case's test
/// asserts them, compiled and run (the rendered tests of real failures
/// are compiled and run by `RenderedReproductionTests`).
@Suite struct EngineRenderedCodeTests {
  static let script = FullScript(
    initial: [FullScript.Layout(section: 0, items: [1, 2])],
    commands: [.moveItem(2, .beforeItem(1))])
  static let tree = SectionScript(
    initial: Forest(roots: [Forest.Node(1, children: [Forest.Node(2)])]),
    commands: [.append([3], to: 1)])
  static let diffCase = DiffCase(script: script, changed: [1], style: .reconfigure, further: [])

  static let fullEngineQueries =
    #"""
    import SnapshotCore
    import SnapshotEngine
    import Testing

    @Test func fullEngineQueries() throws {
      var c = EngineSnapshot<Int, Int>()
      try c.appendSections([0])
      try c.appendItems([1, 2], toSection: 0)
      try c.moveItem(2, beforeItem: 1)
    }
    """#

  static let sectionEngineQueries =
    #"""
    import SnapshotCore
    import SnapshotEngine
    import Testing

    @Test func sectionEngineQueries() throws {
      var c = EngineSectionSnapshot<Int>()
      try c.append([1])
      try c.append([2], to: 1)
      try c.append([3], to: 1)
    }
    """#

  static let diffStoredContents =
    #"""
    var plainOld = EngineSnapshot<Int, Int>()
    try plainOld.appendSections([0])
    try plainOld.appendItems([1, 2], toSection: 0)
    var plainNew = plainOld
    try plainNew.moveItem(2, beforeItem: 1)
    func stored(_ s: EngineSnapshot<Int, Int>, _ content: (Int) -> Int) throws -> EngineSnapshot<Int, Int> {
      var built = EngineSnapshot<Int, Int>()
      built.reserveCapacity(s.numberOfItems)
      for (section, items) in s.layout {
        try built.appendSections([section])
        try built.appendItems(items, contents: items.map(content), toSection: section)
      }
      try built.reloadItems(s.reloadedItemIdentifiers)
      try built.reconfigureItems(s.reconfiguredItemIdentifiers)
      try built.reloadSections(s.reloadedSectionIdentifiers)
      return built
    }
    let old = try stored(plainOld) { _ in 0 }
    let new = try stored(plainNew) { [1].contains($0) ? 1 : 0 }
    let changeset = EngineDiffer<Int, Int>().stagedChangeset(from: old, to: new, options: DiffOptions(contentUpdate: .reconfigure))
    let update = BatchInterpreter.replay(changeset, from: old, to: new)
    #expect(update.isCorrect, "\(update.problems)")
    #expect(update.reloadedItems.sorted() == [])
    #expect(update.reconfiguredItems.sorted() == [1])
    #expect(update.reloadedSections.sorted() == [])
    var derived = old
    try derived.moveItem(2, beforeItem: 1)
    for item in [1] {
      guard let section = derived.sectionIdentifier(containingItem: item) else { continue }
      try derived.appendItems([item], contents: [1], toSection: section)
    }
    let rebuilt = try stored(plainOld) { [1].contains($0) ? 1 : 0 }
    let derivedChangeset = EngineDiffer<Int, Int>().stagedChangeset(from: old, to: derived, options: DiffOptions(contentUpdate: .reconfigure))
    let derivedUpdate = BatchInterpreter.replay(derivedChangeset, from: old, to: derived)
    #expect(derivedUpdate.isCorrect, "\(derivedUpdate.problems)")
    #expect(derivedUpdate.reloadedItems.sorted() == [])
    #expect(derivedUpdate.reconfiguredItems.sorted() == [1])
    let rebuiltChangeset = EngineDiffer<Int, Int>().stagedChangeset(from: old, to: rebuilt, options: DiffOptions(contentUpdate: .reconfigure))
    let rebuiltUpdate = BatchInterpreter.replay(rebuiltChangeset, from: old, to: rebuilt)
    #expect(rebuiltUpdate.isCorrect, "\(rebuiltUpdate.problems)")
    #expect(rebuiltUpdate.reloadedItems.sorted() == [])
    #expect(rebuiltUpdate.reconfiguredItems.sorted() == [1])
    """#

  static let diffEntryPoints =
    #"""
    import SnapshotCore
    import SnapshotEngine
    import SnapshotModel
    import Testing

    @Test func diffEntryPoints() throws {
      var old = EngineSnapshot<Int, Int>()
      try old.appendSections([0])
      try old.appendItems([1, 2], toSection: 0)
      var new = old
      try new.moveItem(2, beforeItem: 1)
      let options = DiffOptions<Int>(oldContent: [1: 0, 2: 0], newContent: [2: 0, 1: 1], contentUpdate: .reconfigure)
      let changeset = EngineDiffer<Int, Int>().stagedChangeset(from: old, to: new, options: options)
      let update = BatchInterpreter.replay(changeset, from: old, to: new)
      #expect(update.isCorrect, "\(update.problems)")
    }
    """#

  /// The engine catalog's property `name` rendering `value`.
  static func rendered<Case: Encodable>(_ name: String, _ value: Case) -> String {
    Catalog.property(named: name, for: .engine)?.render(value) ?? "no \(name)"
  }

  @Test func engineQueriesRender() {
    #expect(Self.rendered("full.engineQueries", Self.script) == Self.fullEngineQueries)
    #expect(Self.rendered("section.engineQueries", Self.tree) == Self.sectionEngineQueries)
  }

  @Test func diffRenders() {
    #expect(
      Self.diffCase.storedContentsSwiftTest(implementation: .engine).joined(separator: "\n")
        == Self.diffStoredContents)
    #expect(Self.rendered("diff.entryPoints", Self.diffCase) == Self.diffEntryPoints)
  }
}

/// The engine's extra API queries and the interpreter's entry points, as
/// rendered tests assert them, for the case above.
@Suite struct EngineRenderedRegressionTests {
  @Test func fullEngineQueries() throws {
    var s = EngineSnapshot<Int, Int>()
    try s.appendSections([0])
    try s.appendItems([1, 2], toSection: 0)
    try s.moveItem(2, beforeItem: 1)
    #expect(s.indexPath(of: 0) == nil)
    #expect(s.contains(item: 0) == false)
    #expect(s.content(of: 0) == nil)
    #expect(s.indexPath(of: 1) == ItemPath(section: 0, item: 1))
    #expect(s.contains(item: 1) == true)
    #expect(s.content(of: 1) == nil)
    #expect(s.indexPath(of: 2) == ItemPath(section: 0, item: 0))
    #expect(s.contains(item: 2) == true)
    #expect(s.content(of: 2) == nil)
    #expect(s.indexPath(of: 3) == nil)
    #expect(s.contains(item: 3) == false)
    #expect(s.content(of: 3) == nil)
  }

  @Test func sectionEngineQueries() throws {
    var t = EngineSectionSnapshot<Int>()
    try t.append([1])
    try t.append([2], to: 1)
    try t.append([3], to: 1)
    #expect(t.count == 3)
    #expect(try t.children(of: nil) == [1])
    #expect(try t.children(of: 1) == [2, 3])
    #expect(try t.children(of: 2) == [])
    #expect(try t.children(of: 3) == [])
  }

  @Test func diffStoredContents() throws {
    var plainOld = EngineSnapshot<Int, Int>()
    try plainOld.appendSections([0])
    try plainOld.appendItems([1, 2], toSection: 0)
    var plainNew = plainOld
    try plainNew.moveItem(2, beforeItem: 1)
    func stored(_ s: EngineSnapshot<Int, Int>, _ content: (Int) -> Int) throws -> EngineSnapshot<
      Int, Int
    > {
      var built = EngineSnapshot<Int, Int>()
      built.reserveCapacity(s.numberOfItems)
      for (section, items) in s.layout {
        try built.appendSections([section])
        try built.appendItems(items, contents: items.map(content), toSection: section)
      }
      try built.reloadItems(s.reloadedItemIdentifiers)
      try built.reconfigureItems(s.reconfiguredItemIdentifiers)
      try built.reloadSections(s.reloadedSectionIdentifiers)
      return built
    }
    let old = try stored(plainOld) { _ in 0 }
    let new = try stored(plainNew) { [1].contains($0) ? 1 : 0 }
    let changeset = EngineDiffer<Int, Int>().stagedChangeset(
      from: old, to: new, options: DiffOptions(contentUpdate: .reconfigure))
    let update = BatchInterpreter.replay(changeset, from: old, to: new)
    #expect(update.isCorrect, "\(update.problems)")
    #expect(update.reloadedItems.sorted() == [])
    #expect(update.reconfiguredItems.sorted() == [1])
    #expect(update.reloadedSections.sorted() == [])
    var derived = old
    try derived.moveItem(2, beforeItem: 1)
    for item in [1] {
      guard let section = derived.sectionIdentifier(containingItem: item) else { continue }
      try derived.appendItems([item], contents: [1], toSection: section)
    }
    let rebuilt = try stored(plainOld) { [1].contains($0) ? 1 : 0 }
    let derivedChangeset = EngineDiffer<Int, Int>().stagedChangeset(
      from: old, to: derived, options: DiffOptions(contentUpdate: .reconfigure))
    let derivedUpdate = BatchInterpreter.replay(derivedChangeset, from: old, to: derived)
    #expect(derivedUpdate.isCorrect, "\(derivedUpdate.problems)")
    #expect(derivedUpdate.reloadedItems.sorted() == [])
    #expect(derivedUpdate.reconfiguredItems.sorted() == [1])
    let rebuiltChangeset = EngineDiffer<Int, Int>().stagedChangeset(
      from: old, to: rebuilt, options: DiffOptions(contentUpdate: .reconfigure))
    let rebuiltUpdate = BatchInterpreter.replay(rebuiltChangeset, from: old, to: rebuilt)
    #expect(rebuiltUpdate.isCorrect, "\(rebuiltUpdate.problems)")
    #expect(rebuiltUpdate.reloadedItems.sorted() == [])
    #expect(rebuiltUpdate.reconfiguredItems.sorted() == [1])
  }

  @Test func diffEntryPoints() throws {
    var old = EngineSnapshot<Int, Int>()
    try old.appendSections([0])
    try old.appendItems([1, 2], toSection: 0)
    var new = old
    try new.moveItem(2, beforeItem: 1)
    var oldContent: ContentMap<Int> = [:]
    for item in old.itemIdentifiers { oldContent[item] = 0 }
    var newContent: ContentMap<Int> = [:]
    for item in new.itemIdentifiers { newContent[item] = [1].contains(item) ? 1 : 0 }
    let options = DiffOptions(
      oldContent: oldContent, newContent: newContent, contentUpdate: .reconfigure)
    let changeset = EngineDiffer<Int, Int>().stagedChangeset(from: old, to: new, options: options)
    let update = BatchInterpreter.replay(changeset, from: old, to: new)
    #expect(update.isCorrect, "\(update.problems)")
    let validated = BatchInterpreter.validate(
      changeset, sections: old.sectionIdentifiers, items: old.layout.map(\.items))
    #expect(validated.violations == update.violations)
    #expect(validated.resultItems == update.resultItems)
    #expect(validated.itemOrigins == update.itemOrigins)
  }
}
