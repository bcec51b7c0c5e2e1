import SnapshotCore
import SnapshotModel
import Testing
import Verification

// The code of the article "Checking a differ": each shape of differ
// output handed to the suite, its limits declared, and checked.

typealias Layout = ModelSnapshot<Int, Int>

struct HeckelAdapter: ArrayDiffer {
  func changes<E: Hashable>(from old: [E], to new: [E]) -> ArrayChanges {
    ArrayChanges(
      steps: heckel(old, new).compactMap { operation -> ArrayChanges.Step? in
        switch operation {
        case .insert(let j): .insert(j)
        case .delete(let i): .delete(i)
        case .move(let i, let j): .move(from: i, to: j)
        case .update: nil  // refreshes come from the rule
        }
      })
  }
}

struct EditScriptAdapter: ArrayDiffer {
  func changes<E: Hashable>(from old: [E], to new: [E]) -> ArrayChanges {
    let steps = wagnerFischer(old, new, substitution: 2).flatMap { edit -> [ArrayChanges.Step] in
      switch edit {
      case .delete(let i): [.delete(i)]
      case .insert(let i): [.insert(i)]
      case .substitute(let i): [.delete(i), .insert(i)]
      }
    }
    return ArrayChanges(sequentialSteps: steps, oldCount: old.count)
  }
}

let heckelDiffer = Implementation.differOnly(name: "heckel") {
  ComposedDiffer(HeckelAdapter(), snapshot: Layout.self)
}
let editScriptDiffer = Implementation.differOnly(name: "edit script") {
  ComposedDiffer(EditScriptAdapter(), snapshot: Layout.self)
}
.limits(.noItemMoves, .noSectionMoves)

struct NestedAdapter: DifferProtocol {
  func changeset(from old: Layout, to new: Layout, options: DiffOptions<Int>) -> Changeset {
    var batch = Changeset.Batch()
    let diff = nestedExtendedDiff(
      from: old.layout.map { ($0, $1) }, to: new.layout.map { ($0, $1) })
    for element in diff {
      switch element {
      case .deleteSection(let i): batch.sectionDeletes.append(i)
      case .insertSection(let i): batch.sectionInserts.append(i)
      case .moveSection(let from, let to): batch.sectionMoves.append(.init(from: from, to: to))
      case .deleteElement(let i, let s): batch.itemDeletes.append(ItemPath(section: s, item: i))
      case .insertElement(let i, let s): batch.itemInserts.append(ItemPath(section: s, item: i))
      case .moveElement(let from, let to):
        batch.itemMoves.append(
          .init(
            from: ItemPath(section: from.section, item: from.item),
            to: ItemPath(section: to.section, item: to.item)))
      }
    }
    let refreshes = Refreshes(from: old, to: new, options: options).batch(in: new)
    return Changeset(batches: [batch.normalized(), refreshes].filter { !$0.isEmpty })
  }
}

let nestedDiffer = Implementation.differOnly(name: "nested") { NestedAdapter() }
  .limits(.noCrossSectionMoves, .noMovesAcrossSectionChanges)

struct StagedAdapter: StagedDifferProtocol {
  func stagedChangeset(from old: Layout, to new: Layout, options: DiffOptions<Int>)
    -> StagedChangeset<Int, Int>
  {
    let refreshes = Refreshes(from: old, to: new, options: options)
    let stages = stagedDiff(
      from: old.layout.map { ($0, $1) }, to: new.layout.map { ($0, $1) },
      updated: Set(refreshes.reloadedItems + refreshes.reconfiguredItems))
    func path(_ p: (element: Int, section: Int)) -> ItemPath {
      ItemPath(section: p.section, item: p.element)
    }
    return StagedChangeset(
      stages: stages.map { stage in
        .init(
          batch: Changeset.Batch(
            sectionDeletes: stage.sectionDeleted, sectionInserts: stage.sectionInserted,
            sectionMoves: stage.sectionMoved.map { .init(from: $0.source, to: $0.target) },
            itemDeletes: stage.elementDeleted.map(path),
            itemInserts: stage.elementInserted.map(path),
            itemMoves: stage.elementMoved.map { .init(from: path($0.source), to: path($0.target)) },
            itemReloads: stage.elementUpdated.map(path)),
          data: stage.data.map { (section: $0.0, items: $0.1) })
      })
  }
}

let stagedDiffer = Implementation.differOnly(name: "staged") { StagedAdapter() }
  .limits(.noMovesAcrossSectionChanges, .noSectionReloads, .noReconfigure)

struct IndexPathAdapter: DifferProtocol {
  func changeset(from old: Layout, to new: Layout, options: DiffOptions<Int>) -> Changeset {
    let refreshes = Refreshes(from: old, to: new, options: options)
    let result = indexPathDiff(
      from: old.layout.map { ($0, $1) }, to: new.layout.map { ($0, $1) },
      updated: Set(refreshes.reloadedItems + refreshes.reconfiguredItems))
    func path(_ p: [Int]) -> ItemPath { ItemPath(section: p[0], item: p[1]) }
    // An update is a delete and an insert, as IGListKit performs it.
    let updated = Set(result.updates.map { path($0.from) })
    let batch = Changeset.Batch(
      sectionDeletes: result.deletedSections, sectionInserts: result.insertedSections,
      sectionMoves: result.movedSections.map { .init(from: $0.from, to: $0.to) },
      itemDeletes: result.deletes.map(path) + result.updates.map { path($0.from) },
      itemInserts: result.inserts.map(path) + result.updates.map { path($0.to) },
      itemMoves: result.moves.filter { !updated.contains(path($0.from)) }
        .map { .init(from: path($0.from), to: path($0.to)) })
    let sections = Refreshes<Int, Int>(reloadedSections: refreshes.reloadedSections)
    return Changeset(batches: [batch.normalized(), sections.batch(in: new)].filter { !$0.isEmpty })
  }
}

let indexPathDiffer = Implementation.differOnly(name: "index paths") { IndexPathAdapter() }
  .limits(.updatesAsDeleteInsert)

@Test func everyShapeOfDifferConformsWithinItsDeclaredLimits() {
  let results = [
    Conformance.check(heckelDiffer, seed: 7, cases: 120),
    Conformance.check(editScriptDiffer, seed: 7, cases: 120),
    Conformance.check(nestedDiffer, seed: 7, cases: 120),
    Conformance.check(stagedDiffer, seed: 7, cases: 120),
    Conformance.check(indexPathDiffer, seed: 7, cases: 120),
  ]
  for result in results {
    #expect(result.hasNoFailure, "\(result)")
  }
  #expect(results[0].limitations.isEmpty, "\(results[0])")
  #expect(results[2].limitations.map(\.limit).contains(.noCrossSectionMoves), "\(results[2])")
  #expect(results[4].limitations.map(\.limit) == [.updatesAsDeleteInsert], "\(results[4])")
}

@Test func theLimitsAreWhatMakesTheNestedDifferPass() {
  let undeclared = Conformance.check(
    Implementation.differOnly(name: "nested") { NestedAdapter() }, seed: 7, cases: 120)
  #expect(undeclared.causes.map(\.culprit) == [.differ(rule: "identity")], "\(undeclared)")
}
