import Generators
import SnapshotCore

/// A diff catalog case: an old snapshot (a start layout), a new one (the old
/// after valid steps, reorders, cross-section and section moves, marks) with
/// content changes, and a third one (the new after `further` steps) for
/// composition.
public struct DiffCase: Hashable, Sendable, Codable {
  /// The old snapshot's layout.
  public var initial: [FullCase.Section]
  /// The steps from old to new.
  public var steps: [FullStep]
  /// Items whose content differs between old and new.
  public var changed: [Int]
  /// How content changes are refreshed.
  public var style: ContentUpdateStyle
  /// The steps from new to the third snapshot.
  public var further: [FullStep]

  /// Creates a case.
  public init(
    initial: [FullCase.Section], steps: [FullStep], changed: [Int],
    style: ContentUpdateStyle, further: [FullStep]
  ) {
    self.initial = initial
    self.steps = steps
    self.changed = changed
    self.style = style
    self.further = further
  }

  /// The old snapshot.
  public func old<S: SnapshotProtocol<Int, Int>>(as type: S.Type = S.self) -> S {
    FullCase(initial: initial, steps: []).start()
  }

  /// The new snapshot, marks included.
  public func new<S: SnapshotProtocol<Int, Int>>(as type: S.Type = S.self) -> S {
    FullCase(initial: initial, steps: steps).end()
  }

  /// The third snapshot (new, without marks, after `further`).
  public func third<S: SnapshotProtocol<Int, Int>>(as type: S.Type = S.self) -> S {
    var snapshot: S = new()
    snapshot.removeAllMarks()
    for step in further { try? step.apply(to: &snapshot) }
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

  /// Cases: a start layout, up to `maxSteps` valid steps, a few content
  /// changes among the items, a style, and up to `maxSteps / 2` further
  /// steps.
  public static func generator(
    universe: FullCase.Universe = FullCase.Universe(), maxSteps: Int = 12
  ) -> Gen<DiffCase> {
    Gen { source throws(GenerationError) in
      let initial = try FullCase.layout(universe).generate(source, label: "setup")
      var model: ModelReference.Snapshot = FullCase(initial: initial, steps: []).start()
      func script(_ count: ClosedRange<Int>) -> [FullStep] {
        source.collect(count: count) { () -> FullStep in
          source.span("command") {
            let drawer = FullStepDrawer(model: model, universe: universe, source: source)
            let step = drawer.draw(invalidShare: 0)
            try? step.apply(to: &model)
            return step
          }
        }
      }
      let steps = script(0...maxSteps)
      let items = model.itemIdentifiers
      let changed = source.collect(count: 0...3) { () -> Int? in source.element(of: items) }
        .compactMap { $0 }
      let style: ContentUpdateStyle = source.drawBool(probability: 0.5) ? .reconfigure : .reload
      model.removeAllMarks()
      let further = script(0...(maxSteps / 2))
      return DiffCase(
        initial: initial, steps: steps, changed: Array(Set(changed)).sorted(), style: style,
        further: further)
    }
  }
}
