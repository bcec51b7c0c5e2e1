import Generators
import SnapshotCore

/// Hand-built scripts whose rendered Swift is pasted verbatim into
/// `RenderedRegressionTests.swift` (so it must compile and pass) and
/// compared byte for byte by `RenderedCodeTests`.
enum RenderedCodeSamples {
  static let full = FullScript(
    initial: [.init(section: 0, items: [0]), .init(section: 1, items: [1])],
    commands: [
      .moveItem(0, .afterItem(1)), .moveItem(0, .afterItem(0)), .appendSections([0]),
      .deleteItems([1, 1]), .insertSections([2], .beforeSection(0)), .reloadItems([0]),
      .deleteAllItems, .appendItems([2], toSection: nil),
    ])

  static let section = SectionScript(
    initial: Forest(roots: [.init(0, children: [.init(1)])]),
    commands: [
      .insert([2], .after(0)),
      .insertSnapshot(Forest(roots: [.init(5, expanded: true, children: [.init(6)])]), .before(1)),
      .replace(childrenOf: 0, using: Forest(roots: [.init(7)])),
      .expand([0, 9]), .snapshot(of: 0, includingParent: true),
      .snapshot(of: 42, includingParent: false), .delete([42]), .collapse([0]),
      .append([8], to: 41), .deleteAll,
    ])

  static let dataSource = DataSourceScript(
    refusedReorders: [3], vetoedToggles: [4],
    commands: [
      .apply([.init(section: 0, items: [0, 1]), .init(section: 1, items: [])], changed: [1]),
      .applyTo(
        Forest(roots: [.init(2, children: [.init(3)]), .init(4, children: [.init(5)])]), section: 1),
      .userToggle(2, in: 1), .userToggle(4, in: 1), .userToggle(9, in: 7),
      .userReorder(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 1)),
      .userReorder(from: ItemPath(section: 1, item: 1), to: ItemPath(section: 0, item: 0)),
      .userReorder(from: ItemPath(section: 5, item: 0), to: ItemPath(section: 0, item: 0)),
    ])

  static let diffPair = DiffPair(
    old: [.init(section: 0, items: [0, 1, 2]), .init(section: 1, items: [3])],
    edits: [
      .moveItem(2, .beforeItem(0)), .moveItem(1, .afterItem(3)), .moveSection(1, .beforeSection(0)),
      .reloadItems([0]), .moveItem(9, .afterItem(0)),
    ],
    contentChanged: [3], contentUpdate: .reconfigure)
}
