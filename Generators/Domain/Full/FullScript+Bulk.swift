import SnapshotCore
import SnapshotModel

extension FullScript {
  /// The fewest and most items of a bulk scenario's one section.
  public static let bulkItems = 40...500

  /// How many ids past its section's a bulk scenario draws from (fresh
  /// ids to append and insert).
  public static let bulkFreshIds = 48

  /// A bound on every id a full script draws: a bulk scenario's ids are
  /// below its section's count plus `bulkFreshIds`, and the other
  /// scripts' universes are far smaller. A reader that maps ids back by
  /// scanning (`IdentifierMapping`) scans up to it.
  public static var identifierBound: Int { bulkItems.upperBound + bulkFreshIds }

  /// Bulk scenarios: one section of `bulkItems` ids (`0..<n`, `n` drawn as
  /// one choice that shrinks to the fewest), then up to `maxCommands`
  /// commands of `bulkMachine`: runs of deletes, appends and inserts with a
  /// repeated id (a claim that fails after the deletes), appends that
  /// refill, moves across at least 8 positions, and runs of up to 32 new
  /// ids inserted mid-section. They reach the engine's item-table paths
  /// that need a full bucket group, deletes and then a failed claim, and
  /// items filed chunks away from where a long insert shifted them, which
  /// small universes rarely do.
  static func bulkScript(_ source: ChoiceSource, maxCommands: Int) throws(GenerationError)
    -> FullScript
  {
    let count =
      bulkItems.lowerBound
      + Int(source.draw(upTo: UInt64(bulkItems.upperBound - bulkItems.lowerBound)))
    let initial = [Layout(section: 0, items: Array(0..<count))]
    var state = FullScript(initial: initial, commands: []).start(as: ModelSnapshot<Int, Int>.self)
    let machine = bulkMachine(universe: count + bulkFreshIds)
    let commands = try machine.generateCommands(source, from: &state, count: 1...maxCommands)
    return FullScript(initial: initial, commands: commands)
  }

  /// The state machine of bulk commands over ids `0..<universe`.
  static func bulkMachine(universe: Int) -> StateMachine<ModelSnapshot<Int, Int>, FullCommand> {
    StateMachine(
      initial: { ModelSnapshot<Int, Int>() },
      command: { snapshot in
        Gen.primitive { source throws(GenerationError) in
          try BulkCommandDrawer(snapshot: snapshot, universe: universe, source: source).draw()
        }
      },
      next: { snapshot, command in try? command.apply(to: &snapshot) })
  }
}

/// Draws one command of a bulk scenario for a reference snapshot.
struct BulkCommandDrawer {
  let items: [Int]
  let absent: [Int]
  let source: ChoiceSource
  let pool: IdPool

  init(snapshot: ModelSnapshot<Int, Int>, universe: Int, source: ChoiceSource) {
    items = snapshot.itemIdentifiers
    var present = [Bool](repeating: false, count: universe)
    for item in items where item >= 0 && item < universe { present[item] = true }
    absent = (0..<universe).filter { !present[$0] }
    self.source = source
    pool = IdPool(source: source)
  }

  /// The command kinds, simplest first.
  enum Kind: Int, CaseIterable {
    case deleteRun, appendRepeated, insertRepeated, appendFresh, moveFar, insertRun
  }

  /// Draws a command. The kind is one with a positive weight for the
  /// snapshot, replayed choices included (`weightedIndex`): a delete run
  /// or a repeated insert needs an item, a far move more than 8 items, an
  /// inserted run an item and an absent id, so the index arithmetic below
  /// stays in range.
  /// - Throws: `GenerationError.empty` when no kind has weight, which
  ///   cannot happen: the appends always have weight.
  func draw() throws(GenerationError) -> FullCommand {
    let weights = [
      items.isEmpty ? 0 : 4, 2, items.isEmpty ? 0 : 2, 2, items.count > 8 ? 3 : 0,
      items.isEmpty || absent.isEmpty ? 0 : 2,
    ]
    let kind =
      Kind(rawValue: try source.weightedIndex(weights, label: "bulk command")) ?? .appendFresh
    switch kind {
    case .deleteRun:
      let start = source.index(count: items.count)
      let length = 1 + Int(source.draw(upTo: UInt64(min(47, items.count - start - 1))))
      return .deleteItems(Array(items[start..<(start + length)]))
    case .appendRepeated:
      return .appendItems(pool.withDuplicate(ids()), toSection: nil)
    case .insertRepeated:
      let anchor = pool.one(of: items, or: 0)
      let ids = pool.withDuplicate(self.ids().filter { $0 != anchor })
      return .insertItems(
        ids, source.drawBool(probability: 0.5) ? .afterItem(anchor) : .beforeItem(anchor))
    case .appendFresh:
      return .appendItems(ids(), toSection: nil)
    case .moveFar:
      // `distance` is in `8..<items.count`, so `other` is another item.
      let from = source.index(count: items.count)
      let distance = 8 + source.index(count: items.count - 8)
      let other = items[(from + distance) % items.count]
      return .moveItem(
        items[from], source.drawBool(probability: 0.5) ? .afterItem(other) : .beforeItem(other))
    case .insertRun:
      // Every item after the run moves up by its length, farther than a
      // chunk of the engine's storage: their filed locations drift.
      let anchor = items[source.index(count: items.count)]
      let run = Array(absent.prefix(1 + source.index(count: min(absent.count, 32))))
      return .insertItems(
        run, source.drawBool(probability: 0.5) ? .afterItem(anchor) : .beforeItem(anchor))
    }
  }

  /// A few ids, mostly absent ones (fresh or deleted), some live.
  func ids() -> [Int] {
    pool.mixed(absent: absent, live: items, existingShare: 0.2, max: 6)
  }
}
