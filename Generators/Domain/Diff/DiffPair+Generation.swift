import SnapshotCore
import SnapshotModel

extension DiffPair {
  /// Generates pairs: an old layout (boundary layouts first), then up to
  /// `maxEdits` edits, each a valid full-snapshot command (section moves,
  /// cross-section moves, inserts, deletes, marks), a section reverse or a
  /// block move (both spelled as `moveItem` commands); then content changes
  /// on surviving items and the update style.
  public static func generator(
    maxEdits: Int = 12, universe: FullScript.Universe = FullScript.Universe()
  )
    -> Gen<DiffPair>
  {
    Gen.sized { size in
      let scaled = FullScript.Universe(
        sections: universe.sections,
        items: min(universe.items, 12 + size * max(0, universe.items - 12) / 100))
      let machine = FullScript.machine(universe: scaled, invalidShare: 0)
      return Gen.primitive { source throws(GenerationError) in
        let old = try FullScript.layout(scaled).generate(source, label: "setup")
        var state = FullScript(initial: old, commands: []).start(as: ModelSnapshot<Int, Int>.self)
        let oldItems = state.itemIdentifiers
        var edits: [FullCommand] = []
        _ = try source.collect(count: 0...maxEdits) { () throws(GenerationError) in
          let token = source.beginSpan("command")
          defer { source.endSpan(token) }
          let macro = try source.weightedIndex([6, 1, 1], label: "diff edit")
          let commands: [FullCommand]
          switch macro {
          case 1: commands = reverse(in: state, source)
          case 2: commands = blockMove(in: state, source)
          default: commands = [try machine.command(state).generate(source)]
          }
          for command in commands {
            try? command.apply(to: &state)
            edits.append(command)
          }
        }
        let survivors = state.itemIdentifiers.filter { oldItems.contains($0) }
        let changed = IdPool(source: source).distinctOrNone(of: survivors, max: 4)
        let style: ContentUpdateStyle = source.drawBool(probability: 0.3) ? .reconfigure : .reload
        return DiffPair(old: old, edits: edits, contentChanged: changed, contentUpdate: style)
      }
    }
  }

  /// Moves that reverse one section's items.
  static func reverse(in snapshot: ModelSnapshot<Int, Int>, _ source: ChoiceSource) -> [FullCommand]
  {
    guard let section = source.element(of: snapshot.sectionIdentifiers),
      let items = try? snapshot.itemIdentifiers(inSection: section), items.count > 1
    else { return [] }
    return (1..<items.count).map { .moveItem(items[$0], .beforeItem(items[$0 - 1])) }
  }

  /// Moves that carry a block of up to 4 consecutive items of one section
  /// after an item outside the block (possibly in another section).
  static func blockMove(in snapshot: ModelSnapshot<Int, Int>, _ source: ChoiceSource)
    -> [FullCommand]
  {
    guard let section = source.element(of: snapshot.sectionIdentifiers),
      let items = try? snapshot.itemIdentifiers(inSection: section), !items.isEmpty
    else { return [] }
    let start = source.index(count: items.count)
    let length = 1 + Int(source.draw(upTo: UInt64(min(3, items.count - start - 1))))
    let block = Array(items[start..<(start + length)])
    let outside = snapshot.itemIdentifiers.filter { !block.contains($0) }
    guard let target = source.element(of: outside) else { return [] }
    var commands: [FullCommand] = [.moveItem(block[0], .afterItem(target))]
    for index in 1..<block.count {
      commands.append(.moveItem(block[index], .afterItem(block[index - 1])))
    }
    return commands
  }
}

extension IdPool {
  /// 0 to `max` distinct elements of `ids`, each behind a continue choice.
  func distinctOrNone(of ids: [Int], max: Int) -> [Int] {
    var pool = ids
    return source.collect(count: 0...Swift.min(max, ids.count)) { () -> Int in
      pool.remove(at: source.index(count: pool.count))
    }
  }
}
