/// What `performBatchUpdates` would receive for one `apply`: an ordered list
/// of batches, each applied after the previous one.
///
/// Within one batch, UIKit's conventions hold (SPEC §3): section and item
/// deletes use indices of the state *before* the batch; section and item
/// inserts use indices of the state *after* it; moves go from a before-index
/// to an after-index; reloads and reconfigures name before-indices. A diff
/// that follows the project's target emits one structural batch and, when
/// needed, one later batch holding only reloads and reconfigures (whose
/// before-state is then the new snapshot, so they name new index paths).
///
/// Producers emit every list sorted ascending (moves by their source);
/// `normalized()` restores that order for hand-built values.
public struct Changeset: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The batches, in the order they are performed.
  public var batches: [Batch]

  /// Creates a changeset from its batches; empty batches are kept.
  public init(batches: [Batch] = []) {
    self.batches = batches
  }

  /// Whether performing the changeset would change nothing.
  public var isEmpty: Bool { batches.allSatisfy(\.isEmpty) }

  /// The total number of item moves over all batches.
  public var itemMoveCount: Int { batches.reduce(0) { $0 + $1.itemMoves.count } }

  /// The total number of section moves over all batches.
  public var sectionMoveCount: Int {
    batches.reduce(0) { $0 + $1.sectionMoves.count }
  }

  /// The same changeset with every list of every batch sorted ascending and
  /// empty batches removed.
  public func normalized() -> Changeset {
    Changeset(batches: batches.map { $0.normalized() }.filter { !$0.isEmpty })
  }

  /// The batches for failure messages, one line each (`batch 0: …`), or
  /// `Changeset(empty)`.
  public var description: String {
    if isEmpty { return "Changeset(empty)" }
    return batches.enumerated()
      .map { "batch \($0.offset): \($0.element)" }
      .joined(separator: "\n")
  }
}

extension Changeset {
  /// One `performBatchUpdates` call.
  public struct Batch: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Sections deleted, at before-indices.
    public var sectionDeletes: [Int]
    /// Sections inserted, at after-indices.
    public var sectionInserts: [Int]
    /// Sections moved from a before-index to an after-index.
    public var sectionMoves: [SectionMove]
    /// Sections reloaded, at before-indices.
    public var sectionReloads: [Int]
    /// Items deleted, at before-paths.
    public var itemDeletes: [ItemPath]
    /// Items inserted, at after-paths.
    public var itemInserts: [ItemPath]
    /// Items moved from a before-path to an after-path.
    public var itemMoves: [ItemMove]
    /// Items reloaded (new cell), at before-paths.
    public var itemReloads: [ItemPath]
    /// Items reconfigured (cell kept), at before-paths.
    public var itemReconfigures: [ItemPath]

    /// Creates a batch; every list defaults to empty.
    public init(
      sectionDeletes: [Int] = [], sectionInserts: [Int] = [],
      sectionMoves: [SectionMove] = [], sectionReloads: [Int] = [],
      itemDeletes: [ItemPath] = [], itemInserts: [ItemPath] = [],
      itemMoves: [ItemMove] = [], itemReloads: [ItemPath] = [],
      itemReconfigures: [ItemPath] = []
    ) {
      self.sectionDeletes = sectionDeletes
      self.sectionInserts = sectionInserts
      self.sectionMoves = sectionMoves
      self.sectionReloads = sectionReloads
      self.itemDeletes = itemDeletes
      self.itemInserts = itemInserts
      self.itemMoves = itemMoves
      self.itemReloads = itemReloads
      self.itemReconfigures = itemReconfigures
    }

    /// Whether the batch holds no update at all.
    public var isEmpty: Bool {
      sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty
        && sectionReloads.isEmpty && itemDeletes.isEmpty && itemInserts.isEmpty
        && itemMoves.isEmpty && itemReloads.isEmpty && itemReconfigures.isEmpty
    }

    /// Whether the batch holds only reloads and reconfigures.
    public var isReloadOnly: Bool {
      sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty
        && itemDeletes.isEmpty && itemInserts.isEmpty && itemMoves.isEmpty
    }

    /// The same batch with every list sorted ascending (moves by source).
    public func normalized() -> Batch {
      Batch(
        sectionDeletes: sectionDeletes.sorted(),
        sectionInserts: sectionInserts.sorted(),
        sectionMoves: sectionMoves.sorted(),
        sectionReloads: sectionReloads.sorted(),
        itemDeletes: itemDeletes.sorted(),
        itemInserts: itemInserts.sorted(),
        itemMoves: itemMoves.sorted(),
        itemReloads: itemReloads.sorted(),
        itemReconfigures: itemReconfigures.sorted())
    }

    /// The batch's non-empty lists, named like the `UICollectionView` calls
    /// (`deleteSections [1]; moveItems [[0, 0]->[0, 2]]`), or `(empty)`.
    public var description: String {
      var parts: [String] = []
      func add<T>(_ name: String, _ list: [T]) {
        if !list.isEmpty { parts.append("\(name) \(list)") }
      }
      add("deleteSections", sectionDeletes)
      add("insertSections", sectionInserts)
      add("moveSections", sectionMoves)
      add("reloadSections", sectionReloads)
      add("deleteItems", itemDeletes)
      add("insertItems", itemInserts)
      add("moveItems", itemMoves)
      add("reloadItems", itemReloads)
      add("reconfigureItems", itemReconfigures)
      return parts.isEmpty ? "(empty)" : parts.joined(separator: "; ")
    }
  }

  /// A section move from a before-index to an after-index.
  public struct SectionMove: Hashable, Comparable, Sendable, Codable,
    CustomStringConvertible
  {
    /// The section's index before the batch.
    public var from: Int
    /// The section's index after the batch.
    public var to: Int

    /// Creates a move of the section at index `from` (before the batch) to
    /// index `to` (after it).
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }

    /// Orders moves by their source index, then their destination index.
    public static func < (lhs: SectionMove, rhs: SectionMove) -> Bool {
      (lhs.from, lhs.to) < (rhs.from, rhs.to)
    }

    /// `from->to`, for example `0->2`.
    public var description: String { "\(from)->\(to)" }
  }

  /// An item move from a before-path to an after-path.
  public struct ItemMove: Hashable, Comparable, Sendable, Codable,
    CustomStringConvertible
  {
    /// The item's path before the batch.
    public var from: ItemPath
    /// The item's path after the batch.
    public var to: ItemPath

    /// Creates a move of the item at `from` (a path before the batch) to `to`
    /// (a path after it).
    public init(from: ItemPath, to: ItemPath) {
      self.from = from
      self.to = to
    }

    /// Orders moves by their source path, then their destination path.
    public static func < (lhs: ItemMove, rhs: ItemMove) -> Bool {
      (lhs.from, lhs.to) < (rhs.from, rhs.to)
    }

    /// `from->to`, for example `[0, 1]->[1, 0]`.
    public var description: String { "\(from)->\(to)" }
  }
}
