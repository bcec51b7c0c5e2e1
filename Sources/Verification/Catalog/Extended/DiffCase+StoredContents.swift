import Generators
import SnapshotCore

extension DiffCase {
  /// The content the case gives `item` in the old snapshot (`options`'s
  /// old map): 0 for every item.
  func oldContent(_ item: Int) -> Int { 0 }

  /// The content the case gives `item` in the new snapshot: 1 for a
  /// changed item, 0 otherwise.
  func newContent(_ item: Int) -> Int { changed.contains(item) ? 1 : 0 }

  /// `snapshot` rebuilt section by section with `reserveCapacity` and
  /// `appendItems(_:contents:toSection:)`, storing `content(item)` with
  /// every item, then its marks set again in their order.
  static func storingContents<E: ExtendedSnapshotProtocol>(
    _ snapshot: E, _ content: (Int) -> Int
  ) throws(SnapshotError) -> E {
    var built = E()
    built.reserveCapacity(snapshot.numberOfItems)
    for (section, items) in snapshot.layout {
      try built.appendSections([section])
      try built.appendItems(items, contents: items.map(content), toSection: section)
    }
    try built.reloadItems(snapshot.reloadedItems)
    try built.reconfigureItems(snapshot.reconfiguredItems)
    try built.reloadSections(snapshot.reloadedSections)
    return built
  }

  /// `snapshot`'s layout built the way an app mixes the two appends: the
  /// first section's items without contents, the other sections' with
  /// `content(item)`; then the last item deleted and appended again with
  /// its content (its slot is reused). Returns the snapshot and the items
  /// that must have no stored content.
  static func mixingContents<E: ExtendedSnapshotProtocol>(
    _ snapshot: E, _ content: (Int) -> Int
  ) throws(SnapshotError) -> (snapshot: E, contentless: [Int]) {
    var built = E()
    var contentless: [Int] = []
    for (index, (section, items)) in snapshot.layout.enumerated() {
      try built.appendSections([section])
      if index == 0 {
        try built.appendItems(items, toSection: section)
        contentless = items
      } else {
        try built.appendItems(items, contents: items.map(content), toSection: section)
      }
    }
    if let (section, items) = snapshot.layout.last(where: { !$0.items.isEmpty }),
      let last = items.last
    {
      try built.deleteItems([last])
      try built.appendItems([last], contents: [content(last)], toSection: section)
      contentless.removeAll { $0 == last }
    }
    return (built, contentless)
  }

  /// Edits that move contents around inside a section that stores them,
  /// made on `stored` and, the same, on `plain` (the same layout without
  /// contents): in the first section holding three items or more after
  /// the first section, a new item inserted before the second (it has no
  /// content), the first moved after the third (a moved item keeps no
  /// content), then the new item and the third deleted together. Returns
  /// the items that lose their content, or `nil` when no section fits.
  static func editingContents<E: ExtendedSnapshotProtocol>(
    _ stored: inout E, _ plain: inout E
  ) throws(SnapshotError) -> [Int]? {
    guard let items = stored.layout.dropFirst().first(where: { $0.items.count >= 3 })?.items
    else { return nil }
    let fresh = (stored.itemIdentifiers.max() ?? 0) + 1
    for snapshot in [0, 1] {
      var edited = snapshot == 0 ? stored : plain
      try edited.insertItems([fresh], beforeItem: items[1])
      try edited.moveItem(items[0], afterItem: items[2])
      try edited.deleteItems([fresh, items[2]])
      if snapshot == 0 { stored = edited } else { plain = edited }
    }
    return [items[0]]
  }

  /// `old` edited as the new snapshot is made from it (the script's
  /// commands: the items they insert or move have no stored content),
  /// then each changed item still there appended again to its section by
  /// `append(&snapshot, item, section)` (with content 1, for a snapshot
  /// that stores contents: moved to the section's end with a new content);
  /// and the content maps the diff from `old` answers to (0 for every old
  /// item, 1 for the changed items appended again).
  func derivingContents<S: SnapshotProtocol<Int, Int>>(
    from old: S, append: (inout S, Int, Int) throws(SnapshotError) -> Void
  ) -> (snapshot: S, options: DiffOptions<Int>) {
    var derived = old
    for command in script.commands { try? command.apply(to: &derived) }
    var options = DiffOptions<Int>(contentUpdate: style)
    for item in old.itemIdentifiers { options.oldContent[item] = 0 }
    for item in changed {
      guard let section = derived.sectionIdentifier(containingItem: item) else { continue }
      guard (try? append(&derived, item, section)) != nil else { continue }
      options.newContent[item] = 1
    }
    return (derived, options)
  }

  /// The checks of `diff.storedContents` with `differ`.
  func storedContentsVerdict<E: ExtendedSnapshotProtocol, D: DifferProtocol<E>>(
    _ differ: D
  ) -> PropertyResult {
    let old: E = self.old()
    let new: E = self.new()
    let options = options(old: old, new: new)
    let storedOld: E
    let storedNew: E
    do throws(SnapshotError) {
      storedOld = try Self.storingContents(old, oldContent)
      storedNew = try Self.storingContents(new, newContent)
    } catch {
      return .fail(message: "rebuilding with appendItems(_:contents:toSection:) threw \(error)")
    }
    var problems: [String] = []
    let ids = Array(Set(old.itemIdentifiers + new.itemIdentifiers)).sorted()
    let absent = (ids.last ?? 0) + 1
    for (name, plain, stored, content) in [
      ("old", old, storedOld, oldContent), ("new", new, storedNew, newContent),
    ] as [(String, E, E, (Int) -> Int)] {
      if Self.layout(stored) != Self.layout(plain)
        || stored.reloadedItems != plain.reloadedItems
        || stored.reconfiguredItems != plain.reconfiguredItems
        || stored.reloadedSections != plain.reloadedSections
      {
        problems.append("the rebuilt \(name) snapshot is \(Self.layout(stored))")
      }
      for item in ids + [absent] {
        let expected = plain.indexOfItem(item) != nil ? content(item) : nil
        if stored.content(of: item) != expected {
          problems.append(
            "\(name): content(of: \(item)) is \(stored.content(of: item).map { String($0) } ?? "nil"), "
              + "stored \(expected.map { String($0) } ?? "nil")")
        }
      }
    }
    do throws(SnapshotError) {
      let (mixed, none) = try Self.mixingContents(new, newContent)
      if Self.layout(mixed) != Self.layout(new) {
        problems.append(
          "the new snapshot built with mixed appends is \(Self.layout(mixed))")
      }
      for item in new.itemIdentifiers {
        let expected = none.contains(item) ? nil : newContent(item)
        if mixed.content(of: item) != expected {
          problems.append(
            "mixed appends: content(of: \(item)) is \(mixed.content(of: item).map { String($0) } ?? "nil"), "
              + "stored \(expected.map { String($0) } ?? "nil")")
        }
      }
      var (edited, plain) = (mixed, new)
      if let moved = try Self.editingContents(&edited, &plain) {
        if Self.layout(edited) != Self.layout(plain) {
          problems.append(
            "edits inside a section with contents gave \(Self.layout(edited))")
        }
        for item in plain.itemIdentifiers {
          let expected = none.contains(item) || moved.contains(item) ? nil : newContent(item)
          if edited.content(of: item) != expected {
            problems.append(
              "after an insert, a move and a delete: content(of: \(item)) is "
                + "\(edited.content(of: item).map { String($0) } ?? "nil"), "
                + "stored \(expected.map { String($0) } ?? "nil")")
          }
        }
      }
    } catch {
      problems.append("building with mixed appends threw \(error)")
    }
    let contentless = DiffOptions<Int>(contentUpdate: style)
    let viaStored = differ.stagedChangeset(from: storedOld, to: storedNew, options: contentless)
    if viaStored != differ.stagedChangeset(from: old, to: new, options: options) {
      problems.append("stored contents give other stages than the equivalent content maps")
    }
    // Contents are compared only where both sides have them.
    if differ.stagedChangeset(from: old, to: storedNew, options: contentless)
      != differ.stagedChangeset(from: old, to: new, options: contentless)
    {
      problems.append("contents stored on the new side only changed the stages")
    }
    let audit = DiffAudit(
      old: storedOld, new: storedNew, options: options, staged: viaStored, literals: .numbers)
    problems += Self.problems(audit)
    // An app's two other ways to a new state with stored contents: the
    // stored old snapshot derived (a copy edited), and its layout rebuilt
    // from the arrays with the new contents after the diff above (which
    // the engine remembers: the rebuild takes its sections, and the diff
    // compares only the contents).
    let derived = derivingContents(from: storedOld) {
      snapshot, item, section throws(SnapshotError) in
      try snapshot.appendItems([item], contents: [1], toSection: section)
    }
    var pairs = [("derived", derived.snapshot, derived.options)]
    do throws(SnapshotError) {
      pairs.append(
        (
          "rebuilt with new contents", try Self.storingContents(old, newContent),
          self.options(old: old, new: old)
        ))
    } catch {
      problems.append("rebuilding the old layout with new contents threw \(error)")
    }
    for (label, new, options) in pairs {
      let staged = differ.stagedChangeset(from: storedOld, to: new, options: contentless)
      let pairAudit = DiffAudit(
        old: storedOld, new: new, options: options, staged: staged, literals: .numbers)
      problems += Self.problems(pairAudit).map { "\(label): \($0)" }
    }
    guard !problems.isEmpty else { return .pass }
    return .from([
      Failure(
        kind: FailureKind(.differ(rule: "stored contents")), observable: "stored contents",
        message: "stored contents: " + problems.joined(separator: "; "),
        expected: audit.expectedText, actual: audit.actualText)
    ])
  }

  /// What the round-trip and exact-refresh audits find wrong with `audit`.
  static func problems<S>(_ audit: DiffAudit<S>) -> [String] {
    [
      audit.roundTripFailure("the changeset is incorrect"),
      audit.refreshFailure(exact: true, "not exactly the changed and marked items refreshed"),
    ]
    .compactMap { $0?.message }
  }

  /// A snapshot's layout as `section: [items] | …`.
  static func layout<S: SnapshotProtocol<Int, Int>>(_ s: S) -> String {
    s.layout.map { "\($0.section): \($0.items)" }.joined(separator: " | ")
  }

  /// The case as a Swift Testing function: old and new built with stored
  /// contents, diffed without maps, replayed through `BatchInterpreter`.
  func storedContentsSwiftTest<S, SS, D, DS>(implementation: Implementation<S, SS, D, DS>)
    -> [String]
  {
    let type = implementation.snapshotTypeName
    var body = FullScript(initial: script.initial, commands: []).swiftStatements(on: "plainOld")
    body.insert("var plainOld = \(type)()", at: 0)
    body.append("var plainNew = plainOld")
    body += script.commands.map { ($0.canThrow ? "try " : "") + $0.swiftCall(on: "plainNew") }
    body.append("func stored(_ s: \(type), _ content: (Int) -> Int) throws -> \(type) {")
    body.append("  var built = \(type)()")
    body.append("  built.reserveCapacity(s.numberOfItems)")
    body.append("  for (section, items) in s.layout {")
    body.append("    try built.appendSections([section])")
    body.append(
      "    try built.appendItems(items, contents: items.map(content), toSection: section)")
    body.append("  }")
    body.append("  try built.reloadItems(s.reloadedItemIdentifiers)")
    body.append("  try built.reconfigureItems(s.reconfiguredItemIdentifiers)")
    body.append("  try built.reloadSections(s.reloadedSectionIdentifiers)")
    body.append("  return built")
    body.append("}")
    body.append("let old = try stored(plainOld) { _ in 0 }")
    body.append(
      "let new = try stored(plainNew) { \(SwiftCode.list(changed)).contains($0) ? 1 : 0 }")
    body.append(
      "let changeset = \(implementation.differTypeName)().stagedChangeset(from: old, to: new, options: DiffOptions(contentUpdate: .\(style.rawValue)))"
    )
    body.append("let update = BatchInterpreter.replay(changeset, from: old, to: new)")
    body.append("#expect(update.isCorrect, \"\\(update.problems)\")")
    body += refreshExpectations()
    // The derived pair: old edited by the same commands, the changed
    // items appended again with content 1.
    body.append("var derived = old")
    body += script.commands.map { ($0.canThrow ? "try " : "") + $0.swiftCall(on: "derived") }
    body.append("for item in \(SwiftCode.list(changed)) {")
    body.append(
      "  guard let section = derived.sectionIdentifier(containingItem: item) else { continue }")
    body.append("  try derived.appendItems([item], contents: [1], toSection: section)")
    body.append("}")
    // The old layout rebuilt with the new contents, after the diff above.
    body.append(
      "let rebuilt = try stored(plainOld) { \(SwiftCode.list(changed)).contains($0) ? 1 : 0 }")
    let model: ModelReference.Snapshot = old()
    let modelDerived = derivingContents(from: model) {
      snapshot, item, section throws(SnapshotError) in
      try snapshot.appendItems([item], toSection: section)
    }
    for (name, new, options) in [
      ("derived", modelDerived.snapshot, modelDerived.options),
      ("rebuilt", model, self.options(old: model, new: model)),
    ] {
      let audit = DiffAudit(
        ModelReference.Differ(), old: model, new: new, options: options, literals: .numbers)
      body.append(
        "let \(name)Changeset = \(implementation.differTypeName)().stagedChangeset(from: old, to: \(name), options: DiffOptions(contentUpdate: .\(style.rawValue)))"
      )
      body.append(
        "let \(name)Update = BatchInterpreter.replay(\(name)Changeset, from: old, to: \(name))")
      body.append("#expect(\(name)Update.isCorrect, \"\\(\(name)Update.problems)\")")
      body.append(
        "#expect(\(name)Update.reloadedItems.sorted() == \(audit.update.reloadedItems.sorted()))")
      body.append(
        "#expect(\(name)Update.reconfiguredItems.sorted() == \(audit.update.reconfiguredItems.sorted()))"
      )
    }
    return body
  }

  /// The exact refreshes of the case, computed on the reference model, as
  /// expectations on the replay `update`.
  func refreshExpectations() -> [String] {
    let old: ModelReference.Snapshot = self.old()
    let new: ModelReference.Snapshot = self.new()
    let audit = DiffAudit(
      ModelReference.Differ(), old: old, new: new, options: options(old: old, new: new),
      literals: .numbers)
    return [
      "#expect(update.reloadedItems.sorted() == \(audit.update.reloadedItems.sorted()))",
      "#expect(update.reconfiguredItems.sorted() == \(audit.update.reconfiguredItems.sorted()))",
      "#expect(update.reloadedSections.sorted() == \(audit.update.reloadedSections.sorted()))",
    ]
  }
}

extension CatalogBuilder {
  /// The rendered test of a `diff.storedContents` case (the engine's own
  /// API, over `Int` ids).
  func storedContentsTest(_ diffCase: DiffCase, _ failure: Failure?) -> String {
    packaged(
      "diff.storedContents", diffCase.storedContentsSwiftTest(implementation: implementation),
      failure)
  }
}
