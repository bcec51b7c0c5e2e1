// Stand-ins for other people's differs, in the shapes the popular
// libraries return: what the guide "Checking a differ" adapts. None of
// this is glue; the glue is in Articles/CheckingADiffer.swift.

/// Heckel (1978) over distinct elements: the operations in batch form, as
/// the HeckelDiff and DeepDiff libraries return them.
enum HeckelOperation: Hashable {
  case insert(Int)
  case delete(Int)
  case move(Int, Int)
  case update(Int)
}

func heckel<T: Hashable>(_ old: [T], _ new: [T]) -> [HeckelOperation] {
  var oldIndex: [T: Int] = [:]
  for (i, e) in old.enumerated() { oldIndex[e] = i }
  var newIndex: [T: Int] = [:]
  for (i, e) in new.enumerated() { newIndex[e] = i }
  var ops: [HeckelOperation] = []
  for (i, e) in old.enumerated() where newIndex[e] == nil { ops.append(.delete(i)) }
  // Offsets of the matched elements once deletes and inserts are applied.
  var deletedBefore = 0
  var shift: [Int] = []
  for e in old {
    shift.append(deletedBefore)
    if newIndex[e] == nil { deletedBefore += 1 }
  }
  var insertedBefore = 0
  for (j, e) in new.enumerated() {
    guard let i = oldIndex[e] else {
      ops.append(.insert(j))
      insertedBefore += 1
      continue
    }
    if i - shift[i] + insertedBefore != j { ops.append(.move(i, j)) }
  }
  return ops
}

/// Wagner–Fischer edit distance with its edit script applied step by step
/// (each offset refers to the array as the edits before it left it), as
/// DeepDiff's WagnerFischer returns it. No moves.
enum Edit: Hashable {
  case delete(Int)
  case insert(Int)
  case substitute(Int)
}

/// `substitution` is the cost of a substitution (1: Levenshtein; 2: an
/// alignment that keeps every common element in order).
func wagnerFischer<T: Equatable>(_ a: [T], _ b: [T], substitution: Int = 1) -> [Edit] {
  let (n, m) = (a.count, b.count)
  var d = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
  for i in 0...n { d[i][0] = i }
  for j in 0...m { d[0][j] = j }
  if n > 0 && m > 0 {
    for i in 1...n {
      for j in 1...m {
        d[i][j] =
          a[i - 1] == b[j - 1]
          ? d[i - 1][j - 1] : min(1 + d[i - 1][j], 1 + d[i][j - 1], substitution + d[i - 1][j - 1])
      }
    }
  }
  // Walk back, then emit from the end so earlier offsets stay valid.
  var edits: [Edit] = []
  var (i, j) = (n, m)
  while i > 0 || j > 0 {
    if i > 0, j > 0, a[i - 1] == b[j - 1] {
      i -= 1
      j -= 1
    } else if i > 0, j > 0, d[i][j] == d[i - 1][j - 1] + substitution {
      edits.append(.substitute(i - 1))
      i -= 1
      j -= 1
    } else if i > 0, d[i][j] == d[i - 1][j] + 1 {
      edits.append(.delete(i - 1))
      i -= 1
    } else {
      edits.append(.insert(i))
      j -= 1
    }
  }
  return edits
}

/// A nested extended diff in the style of Differ's `nestedExtendedDiff`:
/// sections diffed, then the elements of every section present on both
/// sides; an element that changes section is deleted and inserted
/// (Differ documents no moves across sections).
enum NestedElement: Hashable {
  case deleteSection(Int)
  case insertSection(Int)
  case moveSection(from: Int, to: Int)
  case deleteElement(Int, section: Int)
  case insertElement(Int, section: Int)
  case moveElement(from: (item: Int, section: Int), to: (item: Int, section: Int))

  static func == (l: NestedElement, r: NestedElement) -> Bool { "\(l)" == "\(r)" }
  func hash(into h: inout Hasher) { h.combine("\(self)") }
}

func nestedExtendedDiff<S: Hashable, I: Hashable>(
  from old: [(S, [I])], to new: [(S, [I])]
) -> [NestedElement] {
  var out: [NestedElement] = []
  let sections = new.map(\.0).difference(from: old.map(\.0)).inferringMoves()
  for change in sections {
    switch change {
    case .remove(let o, _, let to?): out.append(.moveSection(from: o, to: to))
    case .remove(let o, _, nil): out.append(.deleteSection(o))
    case .insert(let o, _, nil): out.append(.insertSection(o))
    case .insert: break
    }
  }
  for (oi, (section, before)) in old.enumerated() {
    guard let ni = new.firstIndex(where: { $0.0 == section }) else { continue }
    for change in new[ni].1.difference(from: before).inferringMoves() {
      switch change {
      case .remove(let o, _, let to?):
        out.append(.moveElement(from: (o, oi), to: (to, ni)))
      case .remove(let o, _, nil): out.append(.deleteElement(o, section: oi))
      case .insert(let o, _, nil): out.append(.insertElement(o, section: ni))
      case .insert: break
      }
    }
  }
  return out
}

/// A staged changeset in the style of DifferenceKit and RxDataSources'
/// Differentiator: deletes, then section inserts and moves, then element
/// inserts and moves, then updates, each stage with the data to set before
/// its batch. Elements of a deleted section are deleted with it (these
/// libraries document no moves out of deleted sections); there are no
/// section updates (Differentiator).
struct LibraryStage<S: Hashable, I: Hashable> {
  var data: [(S, [I])]
  var sectionDeleted: [Int] = [], sectionInserted: [Int] = []
  var sectionMoved: [(source: Int, target: Int)] = []
  var elementDeleted: [(element: Int, section: Int)] = []
  var elementInserted: [(element: Int, section: Int)] = []
  var elementMoved: [(source: (element: Int, section: Int), target: (element: Int, section: Int))] =
    []
  var elementUpdated: [(element: Int, section: Int)] = []
}

func stagedDiff<S: Hashable, I: Hashable>(
  from old: [(S, [I])], to new: [(S, [I])], updated: Set<I>
) -> [LibraryStage<S, I>] {
  let newSections = new.map(\.0)
  let newItems = Set(new.flatMap(\.1))
  // 1. Deletes.
  var d1 = LibraryStage<S, I>(data: [])
  for (si, (s, items)) in old.enumerated() {
    guard newSections.contains(s) else {
      d1.sectionDeleted.append(si)
      continue
    }
    var kept: [I] = []
    for (ii, i) in items.enumerated() {
      if newItems.contains(i) { kept.append(i) } else { d1.elementDeleted.append((ii, si)) }
    }
    d1.data.append((s, kept))
  }
  // 2. Section inserts and moves (items of surviving sections as they are).
  var d2 = LibraryStage<S, I>(data: [])
  let survivors = d1.data.map(\.0)
  for (ni, (s, _)) in new.enumerated() {
    if let si = survivors.firstIndex(of: s) {
      d2.data.append(d1.data[si])
    } else {
      d2.data.append((s, []))
      d2.sectionInserted.append(ni)
    }
  }
  let moved = survivors.filter(newSections.contains)
  let order = newSections.filter(survivors.contains)
  for (from, s) in moved.enumerated() where order[from] != s {
    d2.sectionMoved.append((survivors.firstIndex(of: s)!, newSections.firstIndex(of: s)!))
  }
  // 3. Element inserts and moves into the new layout.
  var d3 = LibraryStage<S, I>(data: new)
  var place: [I: (Int, Int)] = [:]
  for (si, (_, items)) in d2.data.enumerated() {
    for (ii, i) in items.enumerated() { place[i] = (ii, si) }
  }
  for (si, (_, items)) in new.enumerated() {
    for (ii, i) in items.enumerated() {
      if let from = place[i] {
        if from != (ii, si) { d3.elementMoved.append(((from.0, from.1), (ii, si))) }
      } else {
        d3.elementInserted.append((ii, si))
      }
    }
  }
  // 4. Updates at new positions.
  var d4 = LibraryStage<S, I>(data: new)
  for (si, (_, items)) in new.enumerated() {
    for (ii, i) in items.enumerated() where updated.contains(i) && place[i] != nil {
      d4.elementUpdated.append((ii, si))
    }
  }
  return [d1, d2, d3, d4].filter {
    !($0.sectionDeleted.isEmpty && $0.sectionInserted.isEmpty && $0.sectionMoved.isEmpty
      && $0.elementDeleted.isEmpty && $0.elementInserted.isEmpty && $0.elementMoved.isEmpty
      && $0.elementUpdated.isEmpty)
  }
}

/// A sectioned differ that returns what `performBatchUpdates` takes, in
/// the style of IGListKit's `ListIndexPathResult`: index sets of sections,
/// index paths (`[section, item]`) of items, updates at old and new paths. IGListKit
/// performs an update as a delete and an insert (on purpose: a reload of a
/// moved cell crashes UIKit).
struct IndexPathResult {
  var deletedSections: [Int] = [], insertedSections: [Int] = []
  var movedSections: [(from: Int, to: Int)] = []
  var deletes: [[Int]] = [], inserts: [[Int]] = []
  var moves: [(from: [Int], to: [Int])] = []
  var updates: [(from: [Int], to: [Int])] = []
}

func indexPathDiff<S: Hashable, I: Hashable>(
  from old: [(S, [I])], to new: [(S, [I])], updated: Set<I>
) -> IndexPathResult {
  var result = IndexPathResult()
  let (oldSections, newSections) = (old.map(\.0), new.map(\.0))
  for (i, s) in oldSections.enumerated() {
    if let j = newSections.firstIndex(of: s) {
      if i != j { result.movedSections.append((i, j)) }
    } else {
      result.deletedSections.append(i)
    }
  }
  for (j, s) in newSections.enumerated() where !oldSections.contains(s) {
    result.insertedSections.append(j)
  }
  var oldPath: [I: [Int]] = [:]
  for (si, (_, items)) in old.enumerated() {
    for (ii, i) in items.enumerated() { oldPath[i] = [si, ii] }
  }
  var newPath: [I: [Int]] = [:]
  for (si, (_, items)) in new.enumerated() {
    for (ii, i) in items.enumerated() { newPath[i] = [si, ii] }
  }
  for (si, (_, items)) in old.enumerated() {
    for (ii, i) in items.enumerated() {
      guard let to = newPath[i] else {
        result.deletes.append([si, ii])
        continue
      }
      if updated.contains(i) { result.updates.append(([si, ii], to)) }
      if oldSections[si] != newSections[to[0]] || ii != to[1] {
        result.moves.append(([si, ii], to))
      }
    }
  }
  for (si, (_, items)) in new.enumerated() {
    for (ii, i) in items.enumerated() where oldPath[i] == nil { result.inserts.append([si, ii]) }
  }
  return result
}
