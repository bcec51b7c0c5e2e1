/// A sectioned differ made of a one-array differ, composed the way UIKit
/// documents batch updates: one structural batch, then the refreshes.
///
/// 1. **Sections.** `base.changes(from:to:)` over the section identifiers
///    gives the section deletes, inserts and moves.
/// 2. **Items of surviving sections.** For every section the first step
///    keeps or moves, `base.changes(from:to:)` over its old and new items
///    gives item deletes (old paths), inserts (new paths) and moves.
/// 3. **Items that change section.** An item deleted from one section and
///    inserted into another (by step 2, or with a deleted or inserted
///    section) is one move from its old path to its new one, so it keeps
///    its cell. Within one section the base's choice stands: a base that
///    deletes and re-inserts an element there loses its identity.
/// 4. **Refreshes**, in a later batch at new paths: `Refreshes(from:to:options:)`.
///
/// Where `base` returns changes that do not take its input to its output
/// (`ArrayChanges.problems(from:to:)`), the composition drops the entries
/// out of range and carries on (it never traps), and
/// `inputProblems(from:to:)` names the call, so the catalog blames
/// `changes(from:to:)` rather than the composition.
///
/// ```swift
/// let differ = ComposedDiffer(MyArrayDiffer(), snapshot: MySnapshot.self)
/// ```
public struct ComposedDiffer<Snapshot: SnapshotProtocol, Base: ArrayDiffer>: DifferInputChecking {
  /// The one-array differ composed.
  public var base: Base

  /// Composes `base` into a differ of `Snapshot`.
  public init(_ base: Base, snapshot: Snapshot.Type = Snapshot.self) {
    self.base = base
  }

  /// The structural batch of the composition, then the refreshes at new
  /// paths; empty batches are left out.
  ///
  /// - Complexity: the base's cost over the section identifiers and over
  ///   each surviving section's items, plus O(*n*) for *n* items.
  public func changeset(
    from old: Snapshot, to new: Snapshot, options: DiffOptions<Snapshot.ItemIdentifier>
  ) -> Changeset {
    let batches = [
      composition(from: old, to: new).batch,
      Refreshes(from: old, to: new, options: options).batch(in: new),
    ]
    return Changeset(batches: batches.filter { !$0.isEmpty })
  }

  /// The base's faults while diffing `old` to `new`: every call whose
  /// changes do not take its input to its output.
  public func inputProblems(from old: Snapshot, to new: Snapshot) -> [InputProblem] {
    composition(from: old, to: new).problems
  }

  /// The structural batch and the base's faults found making it.
  func composition(from old: Snapshot, to new: Snapshot) -> (
    batch: Changeset.Batch, problems: [InputProblem]
  ) {
    var problems: [InputProblem] = []
    func changes<Element: Hashable>(_ what: String, _ before: [Element], _ after: [Element])
      -> ArrayChanges
    {
      let changes = base.changes(from: before, to: after)
      let found = changes.problems(from: before, to: after)
      if !found.isEmpty {
        problems.append(
          InputProblem(
            operation: "changes(from:to:)",
            message: "over \(what) (\(before.count) → \(after.count) elements) it returned "
              + "\(changes): " + found.joined(separator: "; ")))
      }
      return changes.inRange(old: before.count, new: after.count)
    }
    let oldLayout = old.layout
    let newLayout = new.layout
    let sections = changes(
      "the section identifiers", oldLayout.map(\.section), newLayout.map(\.section))
    var batch = Changeset.Batch(
      sectionDeletes: sections.deletes, sectionInserts: sections.inserts,
      sectionMoves: sections.moves.map { .init(from: $0.from, to: $0.to) })
    // Items leaving a deleted section and entering an inserted one, by id.
    var removed: [Snapshot.ItemIdentifier: ItemPath] = [:]
    var added: [Snapshot.ItemIdentifier: ItemPath] = [:]
    var removedOrder: [Snapshot.ItemIdentifier] = []
    for section in sections.deletes {
      for (index, item) in oldLayout[section].items.enumerated() {
        removed[item] = ItemPath(section: section, item: index)
        removedOrder.append(item)
      }
    }
    for section in sections.inserts {
      for (index, item) in newLayout[section].items.enumerated() {
        added[item] = ItemPath(section: section, item: index)
      }
    }
    var explicitDeletes: [ItemPath] = []
    var explicitInserts: [Snapshot.ItemIdentifier: ItemPath] = [:]
    for (from, to) in sections.survivors(old: oldLayout.count, new: newLayout.count) {
      let before = oldLayout[from].items
      let after = newLayout[to].items
      let items = changes("the items of section \(from) → \(to)", before, after)
      for offset in items.deletes {
        let path = ItemPath(section: from, item: offset)
        explicitDeletes.append(path)
        removed[before[offset]] = path
        removedOrder.append(before[offset])
      }
      for offset in items.inserts {
        let path = ItemPath(section: to, item: offset)
        explicitInserts[after[offset]] = path
        added[after[offset]] = path
      }
      batch.itemMoves += items.moves.map {
        .init(from: ItemPath(section: from, item: $0.from), to: ItemPath(section: to, item: $0.to))
      }
      // Deletes and inserts within this section pair stay as the base
      // chose: only a change of section becomes a move.
      for offset in items.deletes where explicitInserts[before[offset]]?.section == to {
        removed[before[offset]] = nil
        added[before[offset]] = nil
      }
    }
    var movedFrom: Set<ItemPath> = []
    var movedTo: Set<ItemPath> = []
    for item in removedOrder {
      guard let from = removed[item], let to = added[item] else { continue }
      batch.itemMoves.append(.init(from: from, to: to))
      movedFrom.insert(from)
      movedTo.insert(to)
      added[item] = nil
    }
    batch.itemDeletes = explicitDeletes.filter { !movedFrom.contains($0) }
    batch.itemInserts = explicitInserts.values.filter { !movedTo.contains($0) }
    return (batch.normalized(), problems)
  }
}

extension ArrayChanges {
  /// The same changes without the entries whose offsets fall outside
  /// arrays of `old` and `new` elements, nor the repeats of an offset: what
  /// the composition can lay out without trapping.
  func inRange(old: Int, new: Int) -> ArrayChanges {
    var taken = Set<Int>()
    var filled = Set<Int>()
    var result = ArrayChanges()
    for offset in deletes where (0..<old).contains(offset) && taken.insert(offset).inserted {
      result.deletes.append(offset)
    }
    for move in moves
    where (0..<old).contains(move.from) && (0..<new).contains(move.to)
      && !taken.contains(move.from) && !filled.contains(move.to)
    {
      taken.insert(move.from)
      filled.insert(move.to)
      result.moves.append(move)
    }
    for offset in inserts where (0..<new).contains(offset) && filled.insert(offset).inserted {
      result.inserts.append(offset)
    }
    return result
  }

  /// The old offset and new offset of every element moved or kept, in old
  /// order: kept elements fill the new offsets no insert or move took, in
  /// their old order. Reads in-range changes only.
  func survivors(old: Int, new: Int) -> [(from: Int, to: Int)] {
    var destination = Array(repeating: -1, count: old)
    var filled = Array(repeating: false, count: new)
    for offset in deletes { destination[offset] = -2 }
    for move in moves {
      destination[move.from] = move.to
      filled[move.to] = true
    }
    for offset in inserts { filled[offset] = true }
    var free = (0..<new).filter { !filled[$0] }.makeIterator()
    var pairs: [(from: Int, to: Int)] = []
    for offset in 0..<old {
      if destination[offset] == -1 {
        guard let slot = free.next() else { break }
        destination[offset] = slot
      }
      if destination[offset] >= 0 { pairs.append((offset, destination[offset])) }
    }
    return pairs
  }
}
