import Generators
import SnapshotCore
import SnapshotModel

/// The `state` helper a rendered full or section snapshot test declares,
/// as Swift source, and the same text computed here on a snapshot with
/// the user's identifiers (the reference model behind `MappedSnapshot`):
/// the rendered test compares the two, so it asserts what the catalog's
/// differential checks compare (`StateText`), in the user's terms.
///
/// The rendered source and the Swift functions below must print the same
/// lines; `RenderedUserTermsTests` compiles rendered tests against a
/// correct implementation to hold them to it.
enum RenderedState {
  // MARK: Full snapshots

  /// The rendered `state(_:)` of a full snapshot of type `candidate`:
  /// each section with its items, count and index; the flat items and the
  /// counts; the marks; every item's index and section over `items` (the
  /// universe's ids, as a literal) and the index of each section of
  /// `sections` that is not in the snapshot (only answers that exist are
  /// printed). Only queries Apple answers without raising are asked.
  static func fullFunction(candidate: String, items: String, sections: String) -> String {
    """
    func state(_ snapshot: \(candidate)) -> [String] {
      var lines = snapshot.sectionIdentifiers.map { section in
        "\\(section): \\((try? snapshot.itemIdentifiers(inSection: section)) ?? []) "
          + "count \\((try? snapshot.numberOfItems(inSection: section)) ?? -1) "
          + "index \\(snapshot.indexOfSection(section).map { "\\($0)" } ?? "nil")"
      }
      lines.append("\\(snapshot.itemIdentifiers) \\(snapshot.numberOfSections) \\(snapshot.numberOfItems)")
      lines.append(
        "reloaded \\(snapshot.reloadedItemIdentifiers) reconfigured \\(snapshot.reconfiguredItemIdentifiers) "
          + "reloadedSections \\(snapshot.reloadedSectionIdentifiers)")
      for item in \(items) {
        let index = snapshot.indexOfItem(item).map { "\\($0)" }
        let section = snapshot.sectionIdentifier(containingItem: item).map { "\\($0)" }
        if index != nil || section != nil { lines.append("\\(item): \\(index ?? "nil") in \\(section ?? "nil")") }
      }
      for section in \(sections) where !snapshot.sectionIdentifiers.contains(section) {
        if let index = snapshot.indexOfSection(section) { lines.append("\\(section): index \\(index)") }
      }
      return lines
    }
    """
  }

  /// `fullFunction`'s lines for `snapshot`.
  static func full<S: SnapshotProtocol>(
    _ snapshot: S, items: [S.ItemIdentifier], sections: [S.SectionIdentifier]
  ) -> [String] {
    var lines = snapshot.sectionIdentifiers.map { section in
      "\(section): \((try? snapshot.itemIdentifiers(inSection: section)) ?? []) "
        + "count \((try? snapshot.numberOfItems(inSection: section)) ?? -1) "
        + "index \(snapshot.indexOfSection(section).map { "\($0)" } ?? "nil")"
    }
    lines.append(
      "\(snapshot.itemIdentifiers) \(snapshot.numberOfSections) \(snapshot.numberOfItems)")
    lines.append(
      "reloaded \(snapshot.reloadedItemIdentifiers) reconfigured \(snapshot.reconfiguredItemIdentifiers) "
        + "reloadedSections \(snapshot.reloadedSectionIdentifiers)")
    for item in items {
      let index = snapshot.indexOfItem(item).map { "\($0)" }
      let section = snapshot.sectionIdentifier(containingItem: item).map { "\($0)" }
      if index != nil || section != nil {
        lines.append("\(item): \(index ?? "nil") in \(section ?? "nil")")
      }
    }
    for section in sections where !snapshot.sectionIdentifiers.contains(section) {
      if let index = snapshot.indexOfSection(section) { lines.append("\(section): index \(index)") }
    }
    return lines
  }

  // MARK: Section snapshots

  /// The rendered `state(_:)` of a section snapshot of type `candidate`:
  /// the items, root, visible and expanded items, every held item's index,
  /// level, parent and flags, whether `absent` (an id outside the tree, as
  /// a literal) is contained, and `visualDescription()`.
  static func sectionFunction(candidate: String, absent: String) -> String {
    """
    func state(_ tree: \(candidate)) -> [String] {
      var lines = ["\\(tree.items)", "roots \\(tree.rootItems)", "visible \\(tree.visibleItems)", "expanded \\(tree.expandedItems)"]
      for item in tree.items {
        let parent = (try? tree.parent(of: item)).map { "\\($0)" } ?? "root"
        lines.append(
          "\\(item): index \\(tree.index(of: item).map { "\\($0)" } ?? "nil") level \\((try? tree.level(of: item)) ?? -1) "
            + "parent \\(parent) expanded \\((try? tree.isExpanded(item)) ?? false) visible \\((try? tree.isVisible(item)) ?? false)")
      }
      lines.append("absent: contains \\(tree.contains(\(absent))) index \\(tree.index(of: \(absent)).map { "\\($0)" } ?? "nil")")
      lines.append(tree.visualDescription())
      return lines
    }
    """
  }

  /// `sectionFunction`'s lines for `tree`.
  static func section<T: SectionSnapshotProtocol>(_ tree: T, absent: T.ItemIdentifier) -> [String] {
    var lines = [
      "\(tree.items)", "roots \(tree.rootItems)", "visible \(tree.visibleItems)",
      "expanded \(tree.expandedItems)",
    ]
    for item in tree.items {
      let parent = (try? tree.parent(of: item)).map { "\($0)" } ?? "root"
      lines.append(
        "\(item): index \(tree.index(of: item).map { "\($0)" } ?? "nil") level \((try? tree.level(of: item)) ?? -1) "
          + "parent \(parent) expanded \((try? tree.isExpanded(item)) ?? false) visible \((try? tree.isVisible(item)) ?? false)"
      )
    }
    lines.append(
      "absent: contains \(tree.contains(absent)) index \(tree.index(of: absent).map { "\($0)" } ?? "nil")"
    )
    lines.append(tree.visualDescription())
    return lines
  }
}

/// The body of a stepwise rendered test, one call at a time: before the
/// call a copy of the candidate (every other step, or every step with
/// `copies`), the call (or `#expect(throws:)` where the reference model
/// rejects it; a returned state compared with `state`), then the
/// candidate's `state` and `==` with the copy, as computed on the model
/// (`State`, with `text` its `state` as a Swift literal); with `copies`,
/// each copy's own state right after the call and again at the end.
struct StepwiseTest<State: Equatable> {
  /// The candidate's variable.
  let variable: String
  /// Whether every copy is checked (`meta.valueSemantics.*`).
  let copies: Bool
  /// A model state as the literal the rendered `state` must return.
  let text: (State) -> String
  /// A rejected call's error as its comment shows it (in the user's ids).
  let error: (SnapshotError) -> String
  /// The statements so far.
  var body: [String]
  /// The copies' final checks.
  var kept: [String] = []

  /// Appends step `index`: `call` on the candidate, `perform` on `model`
  /// (returning the state the call returns, if any).
  mutating func step(
    _ index: Int, call: String, canThrow: Bool, on model: inout State,
    perform: (inout State) throws(SnapshotError) -> State?
  ) {
    let before = index.isMultiple(of: 2) || copies ? model : nil
    if before != nil { body.append("let before\(index) = \(variable)") }
    do throws(SnapshotError) {
      if let returned = try perform(&model) {
        body.append("#expect(try state(\(call)) == \(text(returned)))")
      } else {
        body.append((canThrow ? "try " : "") + call)
      }
    } catch {
      body.append("#expect(throws: SnapshotError.self) { try \(call) }  // \(self.error(error))")
    }
    body.append("#expect(state(\(variable)) == \(text(model)))")
    if let before, index.isMultiple(of: 2) {
      body.append("#expect((\(variable) == before\(index)) == \(model == before))")
    }
    if let before, copies {
      let check = "#expect(state(before\(index)) == \(text(before)))"
      body.append(check)
      kept.append(check)
    }
  }

  /// The finished `@Test` function.
  func test(named name: String) -> String { SwiftCode.test(named: name, body: body + kept) }
}
