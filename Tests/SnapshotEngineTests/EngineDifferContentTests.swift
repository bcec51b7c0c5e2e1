import SnapshotCore
import SnapshotEngine
import Testing

/// Content compared at the pairs the structural walk matches: contents
/// stored with the items (`appendItems(_:contents:toSection:)`) give the
/// same changesets as the same values passed as `DiffOptions` maps.
@Suite struct EngineDifferContentTests {
  typealias Snap = EngineSnapshot<Int, Int>
  let differ = EngineDiffer<Int, Int>()

  /// `snapshot` rebuilt with `content` stored with its items (none for ids
  /// without a value), marks copied.
  static func storing(_ content: ContentMap<Int>, in snapshot: Snap) -> Snap {
    var copy = Snap()
    try? copy.appendSections(snapshot.sectionIdentifiers)
    for section in snapshot.sectionIdentifiers {
      for item in (try? snapshot.itemIdentifiers(inSection: section)) ?? [] {
        if let value = content[item] {
          try? copy.appendItems([item], contents: [value], toSection: section)
        } else {
          try? copy.appendItems([item], toSection: section)
        }
      }
    }
    try? copy.reloadItems(snapshot.reloadedItemIdentifiers)
    try? copy.reconfigureItems(snapshot.reconfiguredItemIdentifiers)
    try? copy.reloadSections(snapshot.reloadedSectionIdentifiers)
    return copy
  }

  @Test(arguments: 0..<3)
  func storedContentDiffsAsTheMaps(chunk: Int) {
    for run in 0..<80 {
      let seed = UInt64(chunk * 1_000 + run)
      let (old, new, options) = EngineDifferTests.generatedPair(seed: seed, contentOneIn: 3)
      let stored = (
        Self.storing(options.oldContent, in: old), Self.storing(options.newContent, in: new)
      )
      let viaMaps = differ.changeset(from: old, to: new, options: options)
      let viaStore = differ.changeset(
        from: stored.0, to: stored.1, options: DiffOptions(contentUpdate: options.contentUpdate))
      #expect(viaStore == viaMaps, "seed \(seed)")
      EngineDifferTests().verify(stored.0, stored.1, options: options, "seed \(seed) both")
    }
  }

  /// Maps of every item and sparse maps both refresh exactly the items
  /// present in both snapshots whose entries differ. The maps of every
  /// item also hold a changed entry for each item of `new`, so an
  /// inserted item (in a surviving section or in an inserted one)
  /// refreshed by mistake shows.
  @Test(arguments: [1, 12])
  func mapsOfEveryItemAndSparseMaps(contentOneIn: Int) {
    for run in 0..<150 {
      let seed = UInt64(5_000 + run)
      var (old, new, options) = EngineDifferTests.generatedPair(
        seed: seed, contentOneIn: contentOneIn)
      if contentOneIn == 1 {
        for item in new.itemIdentifiers where options.newContent[item] == nil {
          (options.oldContent[item], options.newContent[item]) = (0, 1)
        }
      }
      EngineDifferTests().verify(old, new, options: options, "seed \(seed)")
      (old, new) = (new, old)
      EngineDifferTests().verify(old, new, options: options, "seed \(seed) reversed")
    }
  }

  @Test func changedContentIsRefreshedAtTheNewPath() throws {
    var old = Snap()
    try old.appendSections([0, 1])
    try old.appendItems([1, 2, 3], contents: [10, 20, 30], toSection: 0)
    try old.appendItems([4, 5], contents: [40, 50], toSection: 1)
    var new = Snap()
    try new.appendSections([1, 0])
    try new.appendItems([4, 5], contents: [41, 50], toSection: 1)  // unchanged order
    try new.appendItems([3, 2], contents: [30, 21], toSection: 0)  // 3 moved, 2 changed
    try new.appendItems([1], contents: [11], toSection: 1)  // across sections, changed
    let changeset = differ.changeset(from: old, to: new)
    let refresh = try #require(changeset.batches.last)
    #expect(
      refresh.itemReloads == [
        ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 2), ItemPath(section: 1, item: 1),
      ])
    let quiet = differ.changeset(
      from: old, to: new, options: DiffOptions(contentUpdate: .reconfigure))
    #expect(quiet.batches.last?.itemReconfigures == refresh.itemReloads)
    #expect(quiet.batches.last?.itemReloads == [])
  }

  @Test func contentOnOneSideOnlyOrSameStorageRefreshesNothing() throws {
    var old = Snap()
    try old.appendSections([0])
    try old.appendItems([1, 2], contents: [1, 2], toSection: 0)
    var new = Snap()
    try new.appendSections([0])
    try new.appendItems([1, 2], toSection: 0)
    #expect(differ.changeset(from: old, to: new).isEmpty)
    #expect(differ.changeset(from: old, to: old).isEmpty)
    // A reload mark and a content change on the same item: one reload.
    var marked = Snap()
    try marked.appendSections([0])
    try marked.appendItems([1, 2], contents: [1, 3], toSection: 0)
    try marked.reloadItems([2])
    try marked.reconfigureItems([1])
    let refresh = differ.changeset(from: old, to: marked).batches.last
    #expect(refresh?.itemReloads == [ItemPath(section: 0, item: 1)])
    #expect(refresh?.itemReconfigures == [ItemPath(section: 0, item: 0)])
  }
}
