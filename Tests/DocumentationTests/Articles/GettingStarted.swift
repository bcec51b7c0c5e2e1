import SnapshotCore
import SnapshotEngine
import SnapshotModel
import Testing
import Verification

@Test func aFirstDiff() throws {
  var old = EngineSnapshot<String, String>()
  try old.appendSections(["fruit"])
  try old.appendItems(["apple", "pear", "fig"], toSection: "fruit")

  var new = old
  try new.moveItem("fig", beforeItem: "apple")
  try new.deleteItems(["pear"])
  try new.appendItems(["plum"], toSection: "fruit")

  let changes = EngineDiffer<String, String>().changeset(from: old, to: new)
  print(changes)  // batch 0: deleteItems [[0, 1]]; insertItems [[0, 2]]; moveItems [[0, 2]->[0, 0]]
  #expect(changes.itemMoveCount == 1)
}

@Test func theEngineAgreesWithTheModel() throws {
  var model = ModelSnapshot<String, String>()
  var engine = EngineSnapshot<String, String>()
  try model.appendSections(["fruit"])
  try engine.appendSections(["fruit"])
  #expect(throws: SnapshotError.self) { try model.appendSections(["fruit"]) }
  #expect(throws: SnapshotError.self) { try engine.appendSections(["fruit"]) }
  #expect(model.sectionIdentifiers == engine.sectionIdentifiers)
}

@Test func theEngineConformsOnTheDiffProperties() {
  let result = Conformance.check(.engine, families: [.diff], seed: 42, cases: 20)
  #expect(result.passed, "\(result.summary)")
}
