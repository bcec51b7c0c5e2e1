import SnapshotCore
import Testing

@Suite struct ChangesetTests {
  @Test func normalizedSortsListsAndDropsEmptyBatches() {
    let messy = Changeset(batches: [
      .init(itemDeletes: [ItemPath(section: 1, item: 0), ItemPath(section: 0, item: 2)]),
      .init(),
      .init(sectionMoves: [.init(from: 3, to: 0), .init(from: 1, to: 2)]),
    ])
    let tidy = messy.normalized()
    #expect(tidy.batches.count == 2)
    #expect(
      tidy.batches[0].itemDeletes == [ItemPath(section: 0, item: 2), ItemPath(section: 1, item: 0)])
    #expect(tidy.batches[1].sectionMoves.map(\.from) == [1, 3])
    #expect(tidy.sectionMoveCount == 2)
    #expect(!tidy.isEmpty)
    #expect(Changeset(batches: [.init()]).isEmpty)
  }

  @Test func errorDescriptionsNameTheIdentifiers() {
    let error = SnapshotError.duplicateInArgument(.item, SnapshotError.texts([3, 4]))
    #expect(error.description.contains("[3, 4]"))
    #expect(
      SnapshotError.reloadMissing(.reconfigureItem, "7").description.contains("reconfigure item"))
  }

  @Test func contentChangedNeedsBothValues() {
    let options = DiffOptions<Int>(oldContent: [1: 0, 2: 0], newContent: [1: 1, 3: 5])
    #expect(options.contentChanged(1))
    #expect(!options.contentChanged(2))
    #expect(!options.contentChanged(3))
  }
}
