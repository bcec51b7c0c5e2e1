import Generators
import SnapshotCore

/// Everything part A lets a caller read of a full snapshot, as one
/// `Equatable` value: the layout, the counts, the marks (sorted: their
/// order is a contract, `full.markOrder`), every id's lookups over the
/// case's universe, and the items at every index path.
///
/// Read once per step from the reference and from the implementation
/// through `SnapshotProtocol`, and compared with `==`; text is made from
/// it only to describe a failure (`FullState.divergences`).
struct FullState: Equatable {
  /// The answers about one section id of the universe.
  struct SectionAnswers: Equatable {
    var id: Int
    var index: Int?
    var count: Answer<Int>
    var items: Answer<[Int]>
  }

  /// The answers about one item id of the universe.
  struct ItemAnswers: Equatable {
    var id: Int
    var index: Int?
    var section: Int?
  }

  /// The marks, sorted.
  struct Marks: Equatable {
    var reloadedItems: [Int]
    var reconfiguredItems: [Int]
    var reloadedSections: [Int]
  }

  var sectionIdentifiers: [Int]
  var itemIdentifiers: [Int]
  var sectionItems: [[Int]]
  var numberOfSections: Int
  var numberOfItems: Int
  var marks: Marks?
  var sections: [SectionAnswers]
  var items: [ItemAnswers]
  /// `itemIdentifiers(at:)` of every path in order, in reverse, and of one
  /// path past the end of each section and past the last section.
  var positions: [[Int]?]

  /// Reads `snapshot`: every section id in `0...universe.sections` and
  /// item id in `0...universe.items`; marks only with `.readableMarks` in
  /// `capabilities`, and with `decided` only those of ids it holds. With
  /// `asksMissing` false, a query that throws for a missing section is not
  /// asked about one `indexOfSection` says is missing (a trap-style type
  /// traps there).
  ///
  /// - Complexity: O(*u* · *q*), *u* the universe's ids and *q* the cost
  ///   of one query.
  init<S: SnapshotProtocol<Int, Int>>(
    _ snapshot: S, universe: FullScript.Universe, capabilities: SnapshotCapabilities,
    asksMissing: Bool, decided: Bool = false
  ) {
    sectionIdentifiers = snapshot.sectionIdentifiers
    itemIdentifiers = snapshot.itemIdentifiers
    sectionItems = sectionIdentifiers.map { (try? snapshot.itemIdentifiers(inSection: $0)) ?? [] }
    numberOfSections = snapshot.numberOfSections
    numberOfItems = snapshot.numberOfItems
    if capabilities.contains(.readableMarks) {
      marks = Marks(
        reloadedItems: snapshot.reloadedItems.sorted(),
        reconfiguredItems: snapshot.reconfiguredItems.sorted(),
        reloadedSections: snapshot.reloadedSections.sorted())
    }
    if decided, let read = marks {
      // What Apple leaves open is not compared: marks of ids no longer in
      // the snapshot (deleteAllItems, deletions).
      let items = Set(itemIdentifiers)
      let sections = Set(sectionIdentifiers)
      marks = Marks(
        reloadedItems: read.reloadedItems.filter(items.contains),
        reconfiguredItems: read.reconfiguredItems.filter(items.contains),
        reloadedSections: read.reloadedSections.filter(sections.contains))
    }
    sections = (0...universe.sections).map { id in
      let index = snapshot.indexOfSection(id)
      let ask = asksMissing || index != nil
      return SectionAnswers(
        id: id, index: index,
        count: Answer(asking: ask) { () throws(SnapshotError) in
          try snapshot.numberOfItems(inSection: id)
        },
        items: Answer(asking: ask) { () throws(SnapshotError) in
          try snapshot.itemIdentifiers(inSection: id)
        })
    }
    items = (0...universe.items).map { id in
      ItemAnswers(
        id: id, index: snapshot.indexOfItem(id),
        section: snapshot.sectionIdentifier(containingItem: id))
    }
    positions = FullState.paths(counts: sectionItems.map(\.count)).map {
      snapshot.itemIdentifiers(at: $0)
    }
  }

  /// `universe` widened so that it asks about every id `reference` or
  /// `candidate` holds, and one id past the largest: the per-id queries
  /// (`indexOfItem`, `sectionIdentifier(containingItem:)`,
  /// `indexOfSection`) then reach every item of a bulk scenario, whose ids
  /// go past the universe of the small cases.
  /// - Complexity: O(*n*) in the ids held.
  static func universe<R: SnapshotProtocol<Int, Int>, C: SnapshotProtocol<Int, Int>>(
    _ universe: FullScript.Universe, covering reference: R, _ candidate: C
  ) -> FullScript.Universe {
    let sections = [reference.sectionIdentifiers.max(), candidate.sectionIdentifiers.max()]
    let items = [reference.itemIdentifiers.max(), candidate.itemIdentifiers.max()]
    return FullScript.Universe(
      sections: Swift.max(universe.sections, (sections.compactMap { $0 }.max() ?? -1) + 1),
      items: Swift.max(universe.items, (items.compactMap { $0 }.max() ?? -1) + 1))
  }

  /// The lists of paths `positions` reads, for sections of `counts` items:
  /// every path in order, every path in reverse, then one path past the
  /// end of each section and one past the last section.
  static func paths(counts: [Int]) -> [[ItemPath]] {
    let all = counts.enumerated().flatMap { section, count in
      (0..<count).map { ItemPath(section: section, item: $0) }
    }
    let past =
      counts.enumerated().map { ItemPath(section: $0.offset, item: $0.element) }
      + [ItemPath(section: counts.count, item: 0)]
    return [all, all.reversed()] + past.map { [$0] }
  }
}

extension FullState {
  /// `actual` with the marks Apple leaves open made to agree with `self`
  /// (the reference's): an item the reference marks both for reload and
  /// for reconfigure may carry either mark or both.
  func decidingMarks(of actual: FullState) -> FullState {
    guard let mine = marks, var theirs = actual.marks else { return actual }
    let both = Set(mine.reloadedItems).intersection(mine.reconfiguredItems)
    guard !both.isEmpty else { return actual }
    for item in both
    where theirs.reloadedItems.contains(item) || theirs.reconfiguredItems.contains(item) {
      if !theirs.reloadedItems.contains(item) { theirs.reloadedItems.append(item) }
      if !theirs.reconfiguredItems.contains(item) { theirs.reconfiguredItems.append(item) }
    }
    theirs.reloadedItems.sort()
    theirs.reconfiguredItems.sort()
    var result = actual
    result.marks = theirs
    return result
  }
}

/// One observable on which two states differ, described for a person and
/// as the expectations a rendered test makes on it.
struct Divergence: Equatable {
  /// The observable's name, e.g. `sectionIdentifiers` or `indexOfItem`.
  var observable: String
  /// The reference's answer as text.
  var expected: String
  /// The implementation's answer as text.
  var actual: String
  /// Swift expectations on the candidate `c` holding the reference's
  /// answer, in the user's literals.
  var expectations: [String]
  /// How bad the difference is for an app.
  var severity: FailureKind.Severity = .wrong
}

extension FullState {
  /// The observables on which `actual` differs from `self` (the
  /// reference's state), whole-snapshot ones first, each described with
  /// `literals`; empty exactly when the states are equal.
  func divergences(from actual: FullState, _ literals: Literals, variable c: String = "c")
    -> [Divergence]
  {
    guard self != actual else { return [] }
    var found: [Divergence] = []
    func note(_ name: String, _ expected: String, _ actualText: String, _ expect: [String]) {
      found.append(
        Divergence(observable: name, expected: expected, actual: actualText, expectations: expect))
    }
    if sectionIdentifiers != actual.sectionIdentifiers {
      note(
        "sectionIdentifiers", literals.sections(sectionIdentifiers),
        literals.sections(actual.sectionIdentifiers),
        ["#expect(\(c).sectionIdentifiers == \(literals.sections(sectionIdentifiers)))"])
    }
    if sectionItems != actual.sectionItems {
      let pairs = zip(sectionIdentifiers, sectionItems)
      note(
        "itemIdentifiers(inSection:)", layoutText(literals), actual.layoutText(literals),
        pairs.map {
          "#expect(try \(c).itemIdentifiers(inSection: \(literals.section($0))) == \(literals.items($1)))"
        })
    }
    if itemIdentifiers != actual.itemIdentifiers {
      note(
        "itemIdentifiers", literals.items(itemIdentifiers), literals.items(actual.itemIdentifiers),
        ["#expect(\(c).itemIdentifiers == \(literals.items(itemIdentifiers)))"])
    }
    if (numberOfSections, numberOfItems) != (actual.numberOfSections, actual.numberOfItems) {
      note(
        "numberOfSections/numberOfItems", "\(numberOfSections)/\(numberOfItems)",
        "\(actual.numberOfSections)/\(actual.numberOfItems)",
        [
          "#expect(\(c).numberOfSections == \(numberOfSections))",
          "#expect(\(c).numberOfItems == \(numberOfItems))",
        ])
    }
    if let marks, let other = actual.marks, marks != other {
      func text(_ m: Marks) -> String {
        "reloaded \(literals.items(m.reloadedItems)), reconfigured \(literals.items(m.reconfiguredItems)), "
          + "reloaded sections \(literals.sections(m.reloadedSections))"
      }
      note(
        "marks", text(marks), text(other),
        [
          "#expect(Set(\(c).reloadedItemIdentifiers) == Set(\(literals.items(marks.reloadedItems))))",
          "#expect(Set(\(c).reconfiguredItemIdentifiers) == Set(\(literals.items(marks.reconfiguredItems))))",
          "#expect(Set(\(c).reloadedSectionIdentifiers) == Set(\(literals.sections(marks.reloadedSections))))",
        ])
    }
    for (mine, theirs) in zip(sections, actual.sections) where mine != theirs {
      let id = literals.section(mine.id)
      func text(_ a: SectionAnswers) -> String {
        "indexOfSection \(a.index.map(String.init) ?? "nil"), numberOfItems "
          + a.count.shown(String.init) + ", items " + a.items.shown(literals.items)
      }
      note(
        "section \(id)", text(mine), text(theirs),
        ["#expect(\(c).indexOfSection(\(id)) == \(mine.index.map(String.init) ?? "nil"))"]
          + [
            mine.count.expectation("\(c).numberOfItems(inSection: \(id))", String.init),
            mine.items.expectation("\(c).itemIdentifiers(inSection: \(id))", literals.items),
          ].compactMap { $0 })
    }
    for (mine, theirs) in zip(items, actual.items) where mine != theirs {
      let id = literals.item(mine.id)
      func text(_ a: ItemAnswers) -> String {
        "indexOfItem \(a.index.map(String.init) ?? "nil"), in section \(literals.section(a.section))"
      }
      note(
        "item \(id)", text(mine), text(theirs),
        [
          "#expect(\(c).indexOfItem(\(id)) == \(mine.index.map(String.init) ?? "nil"))",
          "#expect(\(c).sectionIdentifier(containingItem: \(id)) == \(literals.section(mine.section)))",
        ])
    }
    if positions != actual.positions {
      func text(_ p: [[Int]?]) -> String {
        p.map { $0.map(literals.items) ?? "nil" }.joined(separator: " ")
      }
      // Each side reads the paths of its own counts, so the lists can
      // differ in length: the expectation asks the reference's first
      // list that differs (or the first one past the shorter side).
      let common = min(positions.count, actual.positions.count)
      let first =
        (0..<common).first { positions[$0] != actual.positions[$0] }
        ?? min(common, positions.count - 1)
      let allPaths = FullState.paths(counts: sectionItems.map(\.count))
      var expectations: [String] = []
      if positions.indices.contains(first), allPaths.indices.contains(first) {
        let list =
          "["
          + allPaths[first].map { "ItemPath(section: \($0.section), item: \($0.item))" }
          .joined(separator: ", ") + "]"
        expectations.append(
          "#expect(\(c).itemIdentifiers(at: \(list)) == \(positions[first].map(literals.items) ?? "nil"))"
        )
      }
      note("itemIdentifiers(at:)", text(positions), text(actual.positions), expectations)
    }
    return found
  }

  /// The layout as `section: [items] | …` in the user's literals.
  func layoutText(_ literals: Literals) -> String {
    let parts = zip(sectionIdentifiers, sectionItems).map {
      "\(literals.section($0)): \(literals.items($1))"
    }
    return parts.isEmpty ? "(no sections)" : parts.joined(separator: " | ")
  }
}
