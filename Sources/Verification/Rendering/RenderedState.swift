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
  /// printed). Only queries Apple answers without raising are asked, and
  /// only what a type with `capabilities` has: no marks without
  /// `.readableMarks`, marks as sorted texts without `.orderedMarks`.
  static func fullFunction(
    candidate: String, items: String, sections: String, capabilities: SnapshotCapabilities = .all
  ) -> String {
    """
    func state(_ snapshot: \(candidate)) -> [String] {
      var lines = snapshot.sectionIdentifiers.map { section in
        "\\(section): \\((try? snapshot.itemIdentifiers(inSection: section)) ?? []) "
          + "count \\((try? snapshot.numberOfItems(inSection: section)) ?? -1) "
          + "index \\(snapshot.indexOfSection(section).map { "\\($0)" } ?? "nil")"
      }
      lines.append("\\(snapshot.itemIdentifiers) \\(snapshot.numberOfSections) \\(snapshot.numberOfItems)")
    \(marksStatement(capabilities))
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

  /// The rendered `state(_:)`'s marks statement for a type with
  /// `capabilities` (empty without `.readableMarks`).
  static func marksStatement(_ capabilities: SnapshotCapabilities) -> String {
    guard capabilities.contains(.readableMarks) else { return "" }
    let read = capabilities.contains(.orderedMarks) ? "" : ".map { \"\\($0)\" }.sorted()"
    return """
        lines.append(
          "reloaded \\(snapshot.reloadedItemIdentifiers\(read)) reconfigured \\(snapshot.reconfiguredItemIdentifiers\(read)) "
            + "reloadedSections \\(snapshot.reloadedSectionIdentifiers\(read))")
      """
  }

  /// `fullFunction`'s lines for `snapshot` (an `Array`-marked reference
  /// model), for a type with `capabilities`.
  static func full<S: SnapshotProtocol>(
    _ snapshot: S, items: [S.ItemIdentifier], sections: [S.SectionIdentifier],
    capabilities: SnapshotCapabilities = .all
  ) -> [String] {
    var lines = snapshot.sectionIdentifiers.map { section in
      "\(section): \((try? snapshot.itemIdentifiers(inSection: section)) ?? []) "
        + "count \((try? snapshot.numberOfItems(inSection: section)) ?? -1) "
        + "index \(snapshot.indexOfSection(section).map { "\($0)" } ?? "nil")"
    }
    lines.append(
      "\(snapshot.itemIdentifiers) \(snapshot.numberOfSections) \(snapshot.numberOfItems)")
    if capabilities.contains(.readableMarks) {
      let ordered = capabilities.contains(.orderedMarks)
      func text<C: Collection>(_ marks: C) -> String {
        ordered ? "\(Array(marks))" : "\(marks.map { "\($0)" }.sorted())"
      }
      lines.append(
        "reloaded \(text(snapshot.reloadedItemIdentifiers)) reconfigured "
          + "\(text(snapshot.reconfiguredItemIdentifiers)) "
          + "reloadedSections \(text(snapshot.reloadedSectionIdentifiers))")
    }
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
  /// a literal) is contained, and `visualDescription()`; only what a type
  /// with `capabilities` has (no `expandedItems`, `index(of:)` or
  /// `visualDescription()` it lacks).
  static func sectionFunction(
    candidate: String, absent: String, capabilities: SectionSnapshotCapabilities = .all
  ) -> String {
    let expanded =
      capabilities.contains(.expandedItems) ? ", \"expanded \\(tree.expandedItems)\"" : ""
    let index = { (item: String) in
      capabilities.contains(.indexOf)
        ? " index \\(tree.index(of: \(item)).map { \"\\($0)\" } ?? \"nil\")" : ""
    }
    let picture =
      capabilities.contains(.visualDescription) ? "\n  lines.append(tree.visualDescription())" : ""
    return """
      func state(_ tree: \(candidate)) -> [String] {
        var lines = ["\\(tree.items)", "roots \\(tree.rootItems)", "visible \\(tree.visibleItems)"\(expanded)]
        for item in tree.items {
          let parent = (try? tree.parent(of: item)).map { "\\($0)" } ?? "root"
          lines.append(
            "\\(item):\(index("item")) level \\((try? tree.level(of: item)) ?? -1) "
              + "parent \\(parent) expanded \\((try? tree.isExpanded(item)) ?? false) visible \\((try? tree.isVisible(item)) ?? false)")
        }
        lines.append("absent: contains \\(tree.contains(\(absent)))\(index(absent))")\(picture)
        return lines
      }
      """
  }

  /// `sectionFunction`'s lines for `tree`, for a type with
  /// `capabilities`.
  static func section<T: SectionSnapshotProtocol>(
    _ tree: T, absent: T.ItemIdentifier, capabilities: SectionSnapshotCapabilities = .all
  ) -> [String] {
    var lines = ["\(tree.items)", "roots \(tree.rootItems)", "visible \(tree.visibleItems)"]
    if capabilities.contains(.expandedItems) { lines.append("expanded \(tree.expandedItems)") }
    let index = { (item: T.ItemIdentifier) in
      capabilities.contains(.indexOf)
        ? " index \(tree.index(of: item).map { "\($0)" } ?? "nil")" : ""
    }
    for item in tree.items {
      let parent = (try? tree.parent(of: item)).map { "\($0)" } ?? "root"
      lines.append(
        "\(item):\(index(item)) level \((try? tree.level(of: item)) ?? -1) "
          + "parent \(parent) expanded \((try? tree.isExpanded(item)) ?? false) visible \((try? tree.isVisible(item)) ?? false)"
      )
    }
    lines.append("absent: contains \(tree.contains(absent))\(index(absent))")
    if capabilities.contains(.visualDescription) { lines.append(tree.visualDescription()) }
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
  /// Whether the candidate's `==` is asserted (its type has `==`).
  var equality = true
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
    let before = index.isMultiple(of: 2) && equality || copies ? model : nil
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
    if let before, index.isMultiple(of: 2), equality {
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
