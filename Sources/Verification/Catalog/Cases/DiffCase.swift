import Generators
import SnapshotCore

/// A diff catalog case: an old snapshot (the script's start layout), a new
/// one (the old after the script's valid commands: reorders, cross-section
/// and section moves, marks) with content changes, and a third one (the new
/// after `further` commands) for composition.
public struct DiffCase: Hashable, Sendable, Codable {
  /// The old layout and the commands from old to new.
  public var script: FullScript
  /// Items whose content differs between old and new.
  public var changed: [Int]
  /// How content changes are refreshed.
  public var style: ContentUpdateStyle
  /// The commands from new (marks removed) to the third snapshot.
  public var further: [FullCommand]

  /// Creates a case.
  public init(
    script: FullScript, changed: [Int], style: ContentUpdateStyle, further: [FullCommand]
  ) {
    self.script = script
    self.changed = changed
    self.style = style
    self.further = further
  }

  /// The old snapshot.
  public func old<S: SnapshotProtocol<Int, Int>>(as type: S.Type = S.self) -> S {
    script.start()
  }

  /// The new snapshot, marks included.
  public func new<S: SnapshotProtocol<Int, Int>>(as type: S.Type = S.self) -> S {
    var snapshot = S()
    script.run(on: &snapshot)
    return snapshot
  }

  /// The third snapshot (new, without marks, after `further`).
  public func third<S: SnapshotProtocol<Int, Int>>(as type: S.Type = S.self) -> S {
    var snapshot: S = new()
    snapshot.removeAllMarks()
    for command in further { try? command.apply(to: &snapshot) }
    return snapshot
  }

  /// The diff options: content 0 for every old item, 1 for changed items in
  /// the new snapshot.
  public func options<S: SnapshotProtocol<Int, Int>>(old: S, new: S) -> DiffOptions<Int> {
    var oldContent: ContentMap<Int> = [:]
    var newContent: ContentMap<Int> = [:]
    for item in old.itemIdentifiers { oldContent[item] = 0 }
    for item in new.itemIdentifiers { newContent[item] = changed.contains(item) ? 1 : 0 }
    return DiffOptions(oldContent: oldContent, newContent: newContent, contentUpdate: style)
  }

  /// Cases from gen's full-snapshot scripts with no invalid command: a
  /// start layout and up to `maxCommands` commands, a few content changes,
  /// a style, and up to `maxCommands / 2` further commands.
  public static func generator(
    universe: FullScript.Universe = FullScript.Universe(sections: 5, items: 30),
    maxCommands: Int = 20
  ) -> Gen<DiffCase> {
    let scripts = FullScript.generator(
      maxCommands: maxCommands, universe: universe, invalidShare: 0)
    let machine = FullScript.machine(universe: universe, invalidShare: 0)
    return Gen.primitive { source throws(GenerationError) in
      let script = try scripts.generate(source, label: "pair")
      var model = script.finalModel
      let items = model.itemIdentifiers
      let changed = source.collect(count: 0...3) { () -> Int? in source.element(of: items) }
        .compactMap { $0 }
      let style: ContentUpdateStyle = source.drawBool(probability: 0.5) ? .reconfigure : .reload
      model.removeAllMarks()
      let further = try machine.generateCommands(
        source, from: &model, count: 0...(maxCommands / 2))
      return DiffCase(
        script: script, changed: Array(Set(changed)).sorted(), style: style, further: further)
    }
  }
}
