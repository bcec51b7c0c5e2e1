import SnapshotCore
import SnapshotModel

/// A catalog id as a failure text shows it: equal and hashed as its number,
/// described as the implementation's own id (`StateText.identifiers`).
/// Running the reference interpreter again over ids of this type gives the
/// same verdict (the mapping is injective) with every sentence in the
/// user's terms, without a second copy of any message.
struct ShownID: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  /// The catalog's id.
  var id: Int
  /// How the check running now writes it.
  var text: String

  static func == (lhs: ShownID, rhs: ShownID) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
  var description: String { text }
  var debugDescription: String { text }
}

extension StagedChangeset where Section == Int, Item == Int {
  /// The same stages, their data's ids shown as `ids` writes them.
  func shown(_ ids: StateText.IdentifierText) -> StagedChangeset<ShownID, ShownID> {
    StagedChangeset<ShownID, ShownID>(
      stages: stages.map {
        .init(
          batch: $0.batch, sections: $0.sections.map(ids.shownSection),
          items: $0.items.map { $0.map(ids.shownItem) })
      })
  }
}

extension SnapshotProtocol where SectionIdentifier == Int, ItemIdentifier == Int {
  /// The reference model's snapshot of this layout, its ids shown as `ids`
  /// writes them (marks left out: the interpreter reads only the layout).
  func shown(_ ids: StateText.IdentifierText) -> ModelSnapshot<ShownID, ShownID> {
    var shown = ModelSnapshot<ShownID, ShownID>()
    for (section, items) in layout {
      try? shown.appendSections([ids.shownSection(section)])
      try? shown.appendItems(items.map(ids.shownItem), toSection: ids.shownSection(section))
    }
    return shown
  }
}
