import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import Testing

/// Random sequences of full applies, section applies (of new trees and of
/// the stored ones edited), user toggles (with vetoing and lazy-loading
/// handlers) and user drags on the reference
/// model's own data source (`ModelDataSource`) and on the generic
/// `DiffableDataSource` over the engine's types (`EngineDataSource`), side
/// by side over the same scripts. After every step both hold the same state,
/// ran the same handlers, answered the same outcome, report no invariant
/// violation, and each changeset replays correctly; the engine's refreshes
/// equal the model's. A planted differ shows the comparison catches a
/// data source that diffs wrongly.
@Suite struct DataSourceDifferentialTests {
  /// The reference data source, written independently of
  /// `DiffableDataSource`.
  typealias MDS = ModelDataSource<Int, Int>
  /// The generic data source over the engine's types.
  typealias EDS = DiffableDataSource<
    EngineSnapshot<Int, Int>, EngineSectionSnapshot<Int>, EngineDiffer<Int, Int>
  >

  /// A layout, built into either snapshot type.
  struct Layout: CustomStringConvertible {
    var sections: [(Int, [Int])]
    var reloaded: [Int] = []

    func build<S: SnapshotProtocol>(_: S.Type) -> S
    where S.SectionIdentifier == Int, S.ItemIdentifier == Int {
      var snapshot = S()
      for (section, items) in sections {
        try? snapshot.appendSections([section])
        try? snapshot.appendItems(items, toSection: section)
      }
      try? snapshot.reloadItems(reloaded)
      return snapshot
    }

    var description: String { "\(sections) reload \(reloaded)" }

    static func random(_ rng: inout SplitMix64) -> Layout {
      var pool = Array(0..<16).shuffled(using: &rng)
      var layout = Layout(sections: [])
      for section in Array(0..<4).shuffled(using: &rng).prefix(rng.below(4) + 1) {
        let count = min(pool.count, rng.below(5))
        layout.sections.append((section, Array(pool.prefix(count))))
        pool.removeFirst(count)
      }
      let all = layout.sections.flatMap(\.1)
      if !all.isEmpty && rng.below(3) == 0 { layout.reloaded = [rng.pick(all)] }
      return layout
    }
  }

  /// A random forest over ids 0..<16 (plus fresh ids ≥ 100).
  static func randomForest<T: SectionSnapshotProtocol>(
    _: T.Type, seed: UInt64
  ) -> T where T.ItemIdentifier == Int {
    var rng = SplitMix64(seed: seed)
    var tree = T()
    var used: [Int] = []
    for _ in 0..<rng.below(7) {
      let id = rng.below(3) == 0 ? 100 + rng.below(20) : rng.below(16)
      guard !used.contains(id) else { continue }
      let parent: Int? = used.isEmpty || rng.below(2) == 0 ? nil : rng.pick(used)
      try? tree.append([id], to: parent)
      used.append(id)
      if rng.below(2) == 0 { tree.expand([id]) }
    }
    return tree
  }

  /// Installs handlers that log to `log` and decide from the item.
  static func handlers<T: SectionSnapshotProtocol>(
    log: Log, lazyIDs: Bool
  ) -> SectionSnapshotHandlers<T> where T.ItemIdentifier == Int {
    SectionSnapshotHandlers<T>(
      shouldExpandItem: { item in
        log.lines.append("shouldExpand \(item)")
        return item % 5 != 0
      },
      willExpandItem: { item in log.lines.append("willExpand \(item)") },
      shouldCollapseItem: { item in
        log.lines.append("shouldCollapse \(item)")
        return item % 7 != 0
      },
      willCollapseItem: { item in log.lines.append("willCollapse \(item)") },
      snapshotForExpandingParent: lazyIDs
        ? { item, children in
          log.lines.append("children of \(item): \(children.items)")
          var replacement = children
          try? replacement.append([200 + item], to: nil)
          return replacement
        } : nil)
  }

  final class Log { var lines: [String] = [] }

  /// One edit of a stored section snapshot's copy (the derived update of
  /// an outline), on ids below 24: some shown in other sections, some new.
  enum TreeEdit: CustomStringConvertible {
    case append(Int, to: Int?)
    case insert(Int, after: Int)
    case insertBefore(Int, Int)
    case delete(Int)
    case expand(Int)
    case collapse(Int)

    static func random(_ rng: inout SplitMix64, in items: [Int]) -> TreeEdit {
      let id = rng.below(24)
      guard !items.isEmpty else { return .append(id, to: nil) }
      let item = rng.pick(items)
      switch rng.below(8) {
      case 0: return .append(id, to: nil)
      case 1, 2: return .append(id, to: item)
      case 3: return .insert(id, after: item)
      case 4: return .insertBefore(id, item)
      case 5: return .delete(item)
      case 6: return .expand(item)
      default: return .collapse(item)
      }
    }

    func apply<T: SectionSnapshotProtocol<Int>>(to tree: inout T) {
      switch self {
      case .append(let id, let parent): try? tree.append([id], to: parent)
      case .insert(let id, let item): try? tree.insert([id], after: item)
      case .insertBefore(let id, let item): try? tree.insert([id], before: item)
      case .delete(let item): try? tree.delete([item])
      case .expand(let item): tree.expand([item])
      case .collapse(let item): tree.collapse([item])
      }
    }

    var description: String {
      switch self {
      case .append(let id, let parent): "append(\(id), to: \(String(describing: parent)))"
      case .insert(let id, let item): "insert(\(id), after: \(item))"
      case .insertBefore(let id, let item): "insert(\(id), before: \(item))"
      case .delete(let item): "delete(\(item))"
      case .expand(let item): "expand(\(item))"
      case .collapse(let item): "collapse(\(item))"
      }
    }
  }

  @Test(arguments: 0..<6)
  func randomSessionsAgree(chunk: Int) {
    for run in 0..<30 {
      let seed = UInt64(chunk * 1_000 + run)
      if let failure = Self.firstDisagreement(seed: seed, candidate: EDS.self) {
        Issue.record("seed \(seed)\n\(failure)")
        return
      }
    }
  }

  /// A planted bug: the engine's data source, diffing with a differ that
  /// drops every reload and reconfigure, is caught on some seed.
  @Test func aDifferThatDropsRefreshesIsCaught() {
    typealias Planted = DiffableDataSource<
      EngineSnapshot<Int, Int>, EngineSectionSnapshot<Int>, DropsRefreshes
    >
    let caught = (0..<60).contains { run in
      Self.firstDisagreement(seed: UInt64(run), candidate: Planted.self) != nil
    }
    #expect(caught)
  }

  /// `EngineDiffer`, with every reload and reconfigure removed.
  struct DropsRefreshes: DataSourceDiffer {
    func changeset(
      from old: EngineSnapshot<Int, Int>, to new: EngineSnapshot<Int, Int>,
      options: DiffOptions<Int>
    ) -> Changeset {
      var changeset = EngineDiffer<Int, Int>().changeset(from: old, to: new, options: options)
      for index in changeset.batches.indices {
        changeset.batches[index].itemReloads = []
        changeset.batches[index].itemReconfigures = []
      }
      return changeset
    }
  }

  /// Runs the random session of `seed` on `MDS` and on `candidate`; the
  /// script and the problems at the first step where they disagree, or
  /// `nil`.
  static func firstDisagreement<S, T, D>(
    seed: UInt64, candidate: DiffableDataSource<S, T, D>.Type
  ) -> String?
  where S: SnapshotProtocol<Int, Int>, T: SectionSnapshotProtocol<Int>, D.Snapshot == S {
    var rng = SplitMix64(seed: seed)
    var model = MDS()
    var engine = DiffableDataSource<S, T, D>()
    let (modelLog, engineLog) = (Log(), Log())
    let lazy = rng.below(2) == 0
    model.sectionSnapshotHandlers = Self.handlers(log: modelLog, lazyIDs: lazy)
    engine.sectionSnapshotHandlers = Self.handlers(log: engineLog, lazyIDs: lazy)
    model.reorderingHandlers = ReorderingHandlers(
      canReorderItem: { $0 % 6 != 1 },
      willReorder: { modelLog.lines.append("will \($0.difference.count)") },
      didReorder: { modelLog.lines.append("did \($0.finalSnapshot.itemIdentifiers)") })
    engine.reorderingHandlers = ReorderingHandlers(
      canReorderItem: { $0 % 6 != 1 },
      willReorder: { engineLog.lines.append("will \($0.difference.count)") },
      didReorder: { engineLog.lines.append("did \($0.finalSnapshot.itemIdentifiers)") })
    var trace: [String] = []
    for _ in 0..<30 {
      let modelBefore = model.snapshot()
      let engineBefore = engine.snapshot()
      var problems: [String] = []
      var changesets: (Changeset?, Changeset?) = (nil, nil)
      switch rng.below(12) {
      case 0, 1, 2:
        let layout = Layout.random(&rng)
        var contents: ContentMap<Int> = [:]
        for item in layout.sections.flatMap(\.1) where rng.below(3) == 0 {
          contents[item] = rng.below(2)
        }
        let style: ContentUpdateStyle = rng.below(2) == 0 ? .reload : .reconfigure
        model.contentUpdateStyle = style
        engine.contentUpdateStyle = style
        trace.append("apply(\(layout), contents: \(contents.sorted { $0.key < $1.key }), \(style))")
        changesets = (
          model.apply(layout.build(ModelSnapshot<Int, Int>.self), contents: contents),
          engine.apply(layout.build(S.self), contents: contents)
        )
      case 3, 4:
        let forestSeed = UInt64(rng.below(1_000_000))
        let section = rng.below(5)
        let mt = Self.randomForest(ModelSectionSnapshot<Int>.self, seed: forestSeed)
        let et = Self.randomForest(T.self, seed: forestSeed)
        trace.append("apply(\(mt), to: \(section))")
        changesets = (model.apply(mt, to: section), engine.apply(et, to: section))
      case 5, 6, 7:
        let section = rng.below(5)
        let rows = (try? model.snapshot().itemIdentifiers(inSection: section)) ?? []
        let item = rows.isEmpty || rng.below(8) == 0 ? rng.below(20) : rng.pick(rows)
        trace.append("userToggle(\(item), in: \(section))")
        let m = Result { () throws(SnapshotError) in try model.userToggle(item, in: section) }
        let e = Result { () throws(SnapshotError) in try engine.userToggle(item, in: section) }
        switch (m, e) {
        case (.success(.expanded(let a)), .success(.expanded(let b))),
          (.success(.collapsed(let a)), .success(.collapsed(let b))):
          changesets = (a, b)
        case (.success(.vetoed), .success(.vetoed)), (.success(.ignored), .success(.ignored)):
          break
        case (.failure(let a), .failure(let b)) where a == b:
          break
        default:
          problems.append("toggle outcome: model \(m), engine \(e)")
        }
      case 8, 9:
        let section = rng.below(5)
        var (mt, et) = (model.snapshot(for: section), engine.snapshot(for: section))
        var edits: [TreeEdit] = []
        for _ in 0..<(1 + rng.below(3)) {
          let edit = TreeEdit.random(&rng, in: mt.items)
          edit.apply(to: &mt)
          edit.apply(to: &et)
          edits.append(edit)
        }
        trace.append("apply(snapshot(for: \(section)) edited by \(edits), to: \(section))")
        changesets = (model.apply(mt, to: section), engine.apply(et, to: section))
      default:
        let layout = model.snapshot().layout
        guard !layout.isEmpty else { continue }
        let from = ItemPath(section: rng.below(layout.count), item: rng.below(4))
        let to = ItemPath(section: rng.below(layout.count), item: rng.below(5))
        trace.append("userReorder(from: \(from), to: \(to))")
        let m = Result { () throws(SnapshotError) in try model.userReorder(from: from, to: to) }
        let e = Result { () throws(SnapshotError) in try engine.userReorder(from: from, to: to) }
        switch (m, e) {
        case (.success(let a), .success(let b)):
          if (a == nil) != (b == nil) {
            problems.append("reorder refused differently")
          } else if let a, let b {
            if a.difference != b.difference
              || a.finalSnapshot.itemIdentifiers != b.finalSnapshot.itemIdentifiers
              || a.sectionTransactions.map(\.sectionIdentifier)
                != b.sectionTransactions.map(\.sectionIdentifier)
              || a.sectionTransactions.map({ $0.finalSnapshot.visualDescription() })
                != b.sectionTransactions.map({ $0.finalSnapshot.visualDescription() })
              || a.sectionTransactions.map(\.difference) != b.sectionTransactions.map(\.difference)
            {
              problems.append("transactions differ")
            }
          }
        case (.failure(let a), .failure(let b)) where a == b:
          break
        default:
          problems.append("reorder outcome: model \(m), engine \(e)")
        }
      }
      if let modelChanges = changesets.0, let engineChanges = changesets.1 {
        let m = BatchInterpreter.replay(modelChanges, from: modelBefore, to: model.snapshot())
        let e = BatchInterpreter.replay(engineChanges, from: engineBefore, to: engine.snapshot())
        if !e.isCorrect { problems.append("engine changeset: \(e.problems)\n\(engineChanges)") }
        if Set(m.reloadedItems) != Set(e.reloadedItems)
          || Set(m.reconfiguredItems) != Set(e.reconfiguredItems)
          || Set(m.reloadedSections) != Set(e.reloadedSections)
        {
          problems.append("refreshes differ: model \(modelChanges), engine \(engineChanges)")
        }
      }
      problems += Self.disagreements(model, engine)
      if modelLog.lines != engineLog.lines {
        problems.append("handlers: model \(modelLog.lines), engine \(engineLog.lines)")
      }
      if !problems.isEmpty {
        let script = trace.joined(separator: "\n")
        return "\(script)\n- \(problems.joined(separator: "\n- "))"
      }
    }
    return nil
  }

  static func disagreements<S, T, D>(
    _ model: MDS, _ engine: DiffableDataSource<S, T, D>
  ) -> [String]
  where S: SnapshotProtocol<Int, Int>, T: SectionSnapshotProtocol<Int>, D.Snapshot == S {
    var found: [String] = []
    let (m, e) = (model.snapshot(), engine.snapshot())
    if m.sectionIdentifiers != e.sectionIdentifiers || m.itemIdentifiers != e.itemIdentifiers
      || m.layout.map(\.items) != e.layout.map(\.items)
    {
      found.append("snapshot: model \(m), engine \(e)")
    }
    for section in 0..<6 {
      let a = model.snapshot(for: section).visualDescription()
      let b = engine.snapshot(for: section).visualDescription()
      if a != b { found.append("snapshot(for: \(section)):\n\(a)\n\(b)") }
    }
    if model.sectionsWithStoredSnapshots != engine.sectionsWithStoredSnapshots {
      found.append("stored sections differ")
    }
    if model.contentMap != engine.contentMap { found.append("content maps differ") }
    found += model.invariantViolations().map { "model invariant: \($0)" }
    found += engine.invariantViolations().map { "engine invariant: \($0)" }
    return found
  }
}
