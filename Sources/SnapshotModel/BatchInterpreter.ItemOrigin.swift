import SnapshotCore

extension BatchInterpreter {
  /// Where an item of the result came from, relative to the old snapshot.
  public enum ItemOrigin: Hashable, Sendable, CustomStringConvertible {
    /// Inserted: filled from the target, by an item insert or with its
    /// inserted section.
    case inserted
    /// Moved by an item move, in some batch, from this old path.
    case moved(from: ItemPath)
    /// Never moved itself: carried from this old path (with its section,
    /// which may have moved).
    case kept(from: ItemPath)

    /// Whether the item came from the old snapshot (moved or kept).
    @inlinable
    public var isCarried: Bool { self != .inserted }

    // coverage: only broken code (failure text)
    /// `inserted`, `moved from [s, i]` or `kept from [s, i]`.
    @inlinable
    public var description: String {
      switch self {
      case .inserted: return "inserted"
      case .moved(let from): return "moved from \(from)"
      case .kept(let from): return "kept from \(from)"
      }
    }

    /// This origin once the item is the source of a move; an inserted item
    /// stays inserted.
    @inlinable
    var moved: Self {
      switch self {
      case .inserted: return .inserted
      case .moved(let from), .kept(let from): return .moved(from: from)
      }
    }
  }
}
