import SnapshotCore

extension BatchInterpreter {
  /// Performs a staged changeset over `old`, each stage against its own
  /// data, and checks the result against `new` (SPEC §3, "Staged
  /// changesets").
  ///
  /// Every stage's batch is checked with UIKit's rules against the state
  /// before it and the stage's data (the count rule reads that data;
  /// inserted positions are filled from it); performing it must give the
  /// stage's data exactly; data holding a repeated id is a violation in
  /// itself; the last stage's data must be `new`. Identity is checked over
  /// all stages: a survivor deleted in one stage and re-inserted in a later
  /// one is reported.
  ///
  /// - Returns: what `replay(_:from:to:)` returns for a plain changeset.
  /// - Complexity: O(*n*²) and worse, by linear scans.
  public static func replay<Snapshot: SnapshotProtocol>(
    _ staged: StagedChangeset<Snapshot.SectionIdentifier, Snapshot.ItemIdentifier>,
    from old: Snapshot, to new: Snapshot
  ) -> InterpretedUpdate<Snapshot.SectionIdentifier, Snapshot.ItemIdentifier> {
    replay(staged, from: Layout(old), to: Layout(new), checksStageData: true)
  }

  /// Validates a sequence of `performBatchUpdates` calls given as plain
  /// arrays: the data before the first call (`sections`, and `items[i]` for
  /// `sections[i]`) and, per stage, its batch and the data reported while
  /// it runs. The last stage's data is the target.
  ///
  /// Nothing is assumed about the arrays: a repeated section or item id,
  /// before the first stage or in any stage, is reported as
  /// `.repeatedSectionInData` / `.repeatedItemInData` (never read as a
  /// move); every other rule is checked as in `replay(_:from:to:)`.
  ///
  /// ```swift
  /// let update = BatchInterpreter.validate(
  ///   StagedChangeset(stages: [
  ///     .init(batch: .init(itemDeletes: [ItemPath(section: 0, item: 0)]),
  ///           sections: ["A"], items: [["b"]]),
  ///   ]),
  ///   sections: ["A"], items: [["a", "b"]])
  /// assert(update.isCorrect, "\(update.problems)")
  /// ```
  ///
  /// - Returns: the violations, the resulting layout with provenance,
  ///   identity breaches (relative to the first and the last data), and the
  ///   reloaded and reconfigured ids.
  /// - Complexity: O(*n*²) and worse, by linear scans.
  public static func validate<Section: Hashable, Item: Hashable>(
    _ staged: StagedChangeset<Section, Item>, sections: [Section], items: [[Item]]
  ) -> InterpretedUpdate<Section, Item> {
    let old = Layout<Section, Item>(sections: sections, items: items)
    let target = staged.stages.last.map {
      Layout<Section, Item>(sections: $0.sections, items: $0.items)
    }
    return replay(staged, from: old, to: target ?? old, checksStageData: true)
  }

  /// The one replay loop behind every entry point. With `checksStageData`,
  /// each stage's data must be free of repeats and reached exactly, and the
  /// last stage's data must be `target`; without it (plain changesets,
  /// whose every stage reports the target) only the shapes are used, as a
  /// diffable data source holding the new snapshot would.
  ///
  /// Pre-specialized for `Int` ids (the catalog's reference types), so the
  /// catalog's audits run it without generic dispatch; the code is the
  /// same for every id type.
  @usableFromInline
  @_specialize(where Section == Int, Item == Int)
  static func replay<Section, Item>(
    _ staged: StagedChangeset<Section, Item>, from old: Layout<Section, Item>,
    to target: Layout<Section, Item>, checksStageData: Bool
  ) -> InterpretedUpdate<Section, Item> {
    var update = InterpretedUpdate<Section, Item>()
    update.shapeViolations = shapeViolations(of: staged.changeset)
    update.violations = repeatViolations(in: old, batch: nil)
    var state = old
    for (number, stage) in staged.stages.enumerated() where update.violations.isEmpty {
      let data = Layout<Section, Item>(sections: stage.sections, items: stage.items)
      update.violations = checksStageData ? repeatViolations(in: data, batch: number) : []
      guard update.violations.isEmpty else { break }
      update.violations = violations(
        of: stage.batch, number: number, before: state.itemCounts, after: data.itemCounts)
      guard update.violations.isEmpty else { break }
      update.record(marksOf: stage.batch, in: state)
      state = perform(stage.batch, on: state, target: data)
      // coverage: only broken code (a stage whose batch does not reach its data)
      if checksStageData && !state.hasSameData(as: data) {
        update.violations = [
          .stageDataNotReached(
            batch: number, reached: state.dataDescription, reported: data.dataDescription)
        ]
      }
    }
    update.result = state
    guard update.violations.isEmpty else { return update }
    if checksStageData, let last = staged.stages.indices.last,
      !Layout<Section, Item>(
        sections: staged.stages[last].sections, items: staged.stages[last].items
      )
      .hasSameData(as: target)
    {  // coverage: only broken code (a last stage whose data is not the target)
      update.violations = [.lastStageIsNotTarget(batch: last)]
      return update
    }
    update.roundTrips = state.hasSameData(as: target)
    update.identityViolations = identityViolations(of: state, old: old, new: target)
    return update
  }

  /// The repeated section and item ids of `data`, as violations.
  static func repeatViolations<Section, Item>(
    in data: Layout<Section, Item>, batch: Int?
  ) -> [BatchViolation] {
    // coverage: only broken code (stage data holding a repeated id)
    data.sections.repeatedElements().map {
      .repeatedSectionInData(batch: batch, section: SnapshotError.text($0))
    }
      // coverage: only broken code (stage data holding a repeated id)
      + Array(data.items.joined()).repeatedElements().map {
        .repeatedItemInData(batch: batch, item: SnapshotError.text($0))
      }
  }
}
