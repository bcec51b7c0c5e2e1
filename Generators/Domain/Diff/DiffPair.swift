import SnapshotCore
import SnapshotModel

/// An old/new pair of full snapshots for diffing: `new` is `old` after
/// `edits` (section moves, cross-section moves, reverses, block moves,
/// inserts, deletes and marks), plus content changes. The structured,
/// `Codable` form of a generated diff case.
public struct DiffPair: Hashable, Sendable, Codable {
  /// The old layout.
  public var old: [FullScript.Layout]
  /// The edits that turn `old` into `new` (all valid on the way).
  public var edits: [FullCommand]
  /// The items (present in both) whose content changed: content 0 in the
  /// old map, 1 in the new one.
  public var contentChanged: [Int]
  /// How content-changed items are refreshed.
  public var contentUpdate: ContentUpdateStyle

  /// Creates a pair.
  public init(
    old: [FullScript.Layout], edits: [FullCommand], contentChanged: [Int] = [],
    contentUpdate: ContentUpdateStyle = .reload
  ) {
    self.old = old
    self.edits = edits
    self.contentChanged = contentChanged
    self.contentUpdate = contentUpdate
  }

  /// The old snapshot, without marks.
  public func oldSnapshot<S: SnapshotProtocol<Int, Int>>(as type: S.Type = S.self) -> S {
    FullScript(initial: old, commands: []).start(as: S.self)
  }

  /// The new snapshot, with the marks the edits set.
  public func newSnapshot<S: SnapshotProtocol<Int, Int>>(as type: S.Type = S.self) -> S {
    var snapshot: S = oldSnapshot()
    for edit in edits { try? edit.apply(to: &snapshot) }
    return snapshot
  }

  /// The content maps and style: every old item has content 0, every new
  /// item 0 except `contentChanged`, which have 1.
  public var options: DiffOptions<Int> {
    let oldItems = oldSnapshot(as: ModelSnapshot<Int, Int>.self).itemIdentifiers
    let newItems = newSnapshot(as: ModelSnapshot<Int, Int>.self).itemIdentifiers
    var oldContent: ContentMap<Int> = [:]
    var newContent: ContentMap<Int> = [:]
    for item in oldItems { oldContent[item] = 0 }
    for item in newItems { newContent[item] = contentChanged.contains(item) ? 1 : 0 }
    return DiffOptions(oldContent: oldContent, newContent: newContent, contentUpdate: contentUpdate)
  }

  /// Swift statements building `old` in `oldName` and `new` in `newName`.
  public func swiftStatements(old oldName: String = "old", new newName: String = "new") -> [String]
  {
    var lines = ["var \(oldName) = ModelSnapshot<Int, Int>()"]
    lines += FullScript(initial: old, commands: []).swiftStatements(on: oldName)
    lines.append("var \(newName) = \(oldName)")
    lines += FullScript(initial: [], commands: edits).swiftStatements(
      on: newName, from: oldSnapshot())
    return lines
  }
}

extension DiffPair {
  /// Swift statements declaring `options` (the content maps and style) for
  /// the pair: `DiffOptions<Int>(oldContent: […], newContent: […],
  /// contentUpdate: .reload)`, maps listed in item order.
  public func optionsStatement(named name: String = "options") -> String {
    let oldItems = oldSnapshot(as: ModelSnapshot<Int, Int>.self).itemIdentifiers
    let newItems = newSnapshot(as: ModelSnapshot<Int, Int>.self).itemIdentifiers
    func map(_ items: [Int], _ value: (Int) -> Int) -> String {
      items.isEmpty
        ? "[:]" : "[" + items.map { "\($0): \(value($0))" }.joined(separator: ", ") + "]"
    }
    return "let \(name) = DiffOptions<Int>(oldContent: \(map(oldItems) { _ in 0 }), "
      + "newContent: \(map(newItems) { contentChanged.contains($0) ? 1 : 0 }), "
      + "contentUpdate: .\(contentUpdate.rawValue))"
  }
}
