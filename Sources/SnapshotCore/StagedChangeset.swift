/// What a staged differ hands a collection view for one update: an ordered
/// list of stages, each a batch plus the data the data source reports while
/// that batch is performed (SPEC §3, "Staged changesets").
///
/// The app sets a stage's data, then calls `performBatchUpdates` with the
/// stage's batch; the collection view reads the counts after the batch, and
/// the cells of inserted positions, from that data. Within a stage's batch
/// UIKit's conventions hold (`Changeset`): deletes, move sources, reloads
/// and reconfigures at indices of the state before the batch (the previous
/// stage's data, or the old snapshot), inserts and move destinations at
/// indices of the stage's own data.
///
/// A plain `Changeset` is the special case where every stage's data is the
/// new snapshot (`init(_:target:)`): a diffable data source holds the new
/// snapshot while it performs every batch.
public struct StagedChangeset<Section: Hashable, Item: Hashable>: Hashable,
  CustomStringConvertible
{
  /// The stages, in the order they are performed.
  public var stages: [Stage]

  /// Creates a staged changeset from its stages.
  public init(stages: [Stage] = []) {
    self.stages = stages
  }

  /// The staged form of a plain changeset: one stage per batch, each
  /// reporting `target`'s sections and items.
  @inlinable
  public init<Snapshot: SnapshotProtocol>(_ changeset: Changeset, target: Snapshot)
  where Snapshot.SectionIdentifier == Section, Snapshot.ItemIdentifier == Item {
    let sections = target.sectionIdentifiers
    let items = sections.map { (try? target.itemIdentifiers(inSection: $0)) ?? [] }
    stages = changeset.batches.map { batch in Stage(batch: batch, sections: sections, items: items)
    }
  }

  /// The batches alone, in order: the `performBatchUpdates` calls.
  @inlinable
  public var changeset: Changeset { Changeset(batches: stages.map { $0.batch }) }

  /// Whether no stage holds an update.
  public var isEmpty: Bool { stages.allSatisfy(\.batch.isEmpty) }

  /// The total number of item moves over all stages.
  public var itemMoveCount: Int { changeset.itemMoveCount }

  /// The total number of section moves over all stages.
  public var sectionMoveCount: Int { changeset.sectionMoveCount }

  /// The number of stages whose batch holds a structural update (anything
  /// but reloads and reconfigures).
  public var structuralStageCount: Int { stages.filter { !$0.batch.isReloadOnly }.count }

  /// Two lines per stage, its batch then the data it reports, or
  /// `StagedChangeset(empty)`.
  public var description: String {
    if stages.isEmpty { return "StagedChangeset(empty)" }
    return stages.enumerated()
      .map { "stage \($0.offset): \($0.element.batch)\n  data: \($0.element.dataDescription)" }
      .joined(separator: "\n")
  }
}

extension StagedChangeset {
  /// One stage: a batch and the data reported while it is performed.
  public struct Stage: Hashable {
    /// The `performBatchUpdates` call.
    public var batch: Changeset.Batch
    /// The sections the data source reports during the batch, in order.
    public var sections: [Section]
    /// The items of `sections[i]` at index `i`.
    public var items: [[Item]]

    /// Creates a stage; `items` holds one list per section (missing lists
    /// are empty sections, extra ones are ignored).
    @inlinable
    public init(batch: Changeset.Batch, sections: [Section], items: [[Item]]) {
      self.batch = batch
      self.sections = sections
      self.items =
        items.count == sections.count
        ? items : sections.indices.map { items.indices.contains($0) ? items[$0] : [] }
    }

    /// Creates a stage from `(section, items)` pairs.
    public init(batch: Changeset.Batch, data: [(section: Section, items: [Item])]) {
      self.init(batch: batch, sections: data.map(\.section), items: data.map(\.items))
    }

    /// The data as `section: [items] | …`.
    public var dataDescription: String {
      let parts = zip(sections, items).map { "\($0): \($1)" }
      return parts.isEmpty ? "(no sections)" : parts.joined(separator: " | ")
    }
  }
}

extension StagedChangeset: Sendable where Section: Sendable, Item: Sendable {}
extension StagedChangeset.Stage: Sendable where Section: Sendable, Item: Sendable {}
