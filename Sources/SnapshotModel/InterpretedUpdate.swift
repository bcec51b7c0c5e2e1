import SnapshotCore

/// What `BatchInterpreter.replay(_:from:to:)` found: the rules broken, the
/// layout the batches produced with the provenance of every position, whether
/// that layout is the target, identity breaches, and the reloaded and
/// reconfigured ids.
public struct InterpretedUpdate<Section: Hashable, Item: Hashable> {
  /// The rules the first invalid batch breaks; empty when every batch is
  /// valid. No batch from the invalid one on was performed.
  public internal(set) var violations: [BatchViolation] = []
  /// Breaches of the project's changeset shape, which UIKit would accept and
  /// which `isCorrect` therefore ignores: `.reloadInStructuralBatch` and
  /// `.unsortedBatch`, over every batch.
  public internal(set) var shapeViolations: [BatchViolation] = []
  /// Whether every batch was valid and the result equals the target, section
  /// by section and item by item.
  public internal(set) var roundTrips = false
  /// Identity breaches (SPEC §3), as sentences: a section or item present in
  /// both snapshots must be moved or kept, never deleted (and re-inserted);
  /// one only in the old snapshot must be deleted; one only in the new one
  /// inserted. Only checked when every batch was valid.
  public internal(set) var identityViolations: [String] = []
  /// The items at the reloaded before-paths, batch by batch, in list order.
  public internal(set) var reloadedItems: [Item] = []
  /// The items at the reconfigured before-paths, batch by batch, in list
  /// order.
  public internal(set) var reconfiguredItems: [Item] = []
  /// The sections at the reloaded before-indices, batch by batch, in list
  /// order.
  public internal(set) var reloadedSections: [Section] = []
  /// The state after the last performed batch.
  @usableFromInline var result = BatchInterpreter.Layout<Section, Item>(
    sections: [], items: [], sectionOrigins: [], itemOrigins: [])

  /// The sections after the last performed batch, in order.
  public var resultSections: [Section] { result.sections }
  /// The items of `resultSections[i]` at index `i`.
  public var resultItems: [[Item]] { result.items }
  /// Where `resultSections[i]` came from, at index `i`.
  public var sectionOrigins: [BatchInterpreter.SectionOrigin] { result.sectionOrigins }
  /// Where `resultItems[s][i]` came from, at `[s][i]`.
  public var itemOrigins: [[BatchInterpreter.ItemOrigin]] { result.itemOrigins }

  /// Whether the changeset is correct: valid, round-tripping and respecting
  /// identity.
  public var isCorrect: Bool {
    violations.isEmpty && roundTrips && identityViolations.isEmpty
  }

  // coverage: only broken code (failure text: read only when an update is not correct)
  /// Every problem found, as sentences: violations, then a failed round trip,
  /// then identity breaches. Empty exactly when `isCorrect`.
  public var problems: [String] {
    var problems = violations.map(\.description)
    if violations.isEmpty && !roundTrips {
      problems.append("the result is not the target: \(resultDescription)")
    }
    return problems + identityViolations
  }

  // coverage: only broken code (failure text)
  /// The result as `section: [items] | …`.
  public var resultDescription: String { result.dataDescription }

  /// An update with no batch performed yet.
  @usableFromInline
  init() {}

  /// Notes the ids that `batch` reloads and reconfigures, read from the state
  /// before it.
  @usableFromInline
  mutating func record(
    marksOf batch: Changeset.Batch, in before: BatchInterpreter.Layout<Section, Item>
  ) {
    reloadedSections += batch.sectionReloads.map { before.sections[$0] }
    reloadedItems += batch.itemReloads.map { before[$0] }
    reconfiguredItems += batch.itemReconfigures.map { before[$0] }
  }
}

extension InterpretedUpdate: Sendable where Section: Sendable, Item: Sendable {}
