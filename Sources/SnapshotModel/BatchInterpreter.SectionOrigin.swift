import SnapshotCore

extension BatchInterpreter {
  /// Where a section of the result came from, relative to the old snapshot.
  public enum SectionOrigin: Hashable, Sendable, CustomStringConvertible {
    /// Inserted (filled from the target).
    case inserted
    /// Moved by a section move, in some batch, from this old index.
    case moved(from: Int)
    /// Never moved: carried from this old index while the sections around it
    /// changed.
    case kept(from: Int)

    /// Whether the section came from the old snapshot (moved or kept).
    @inlinable
    public var isCarried: Bool { self != .inserted }

    // coverage: only broken code (failure text)
    /// `inserted`, `moved from i` or `kept from i`.
    @inlinable
    public var description: String {
      switch self {
      case .inserted: return "inserted"
      case .moved(let from): return "moved from \(from)"
      case .kept(let from): return "kept from \(from)"
      }
    }

    /// This origin once the section is the source of a move; an inserted
    /// section stays inserted.
    @inlinable
    var moved: Self {
      switch self {
      case .inserted: return .inserted
      case .moved(let from), .kept(let from): return .moved(from: from)
      }
    }
  }
}
