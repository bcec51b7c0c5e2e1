/// What a one-array differ says takes one array of identifiers to another,
/// in the batch form `performBatchUpdates` reads: deletes at offsets of the
/// old array, inserts at offsets of the new one, moves from an old offset
/// to a new one. Every element neither deleted nor moved is kept, in its
/// old relative order, in the slots no insert or move took.
///
/// This is the shape the popular differs produce: `CollectionDifference`
/// after `inferringMoves()` (`init(_:)`), Heckel- and IGListKit-style
/// operation lists (`init(steps:)`), and edit scripts applied one step
/// after another, as Wagner–Fischer and `patch` forms are
/// (`init(sequentialSteps:oldCount:)`). `ComposedDiffer` composes it into a
/// sectioned `Changeset`.
///
/// A value is not checked when it is made: `problems(from:to:)` says
/// whether it takes one given array to another.
public struct ArrayChanges: Hashable, Sendable, CustomStringConvertible {
  /// A move of the element at an old offset to a new offset.
  public struct Move: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The element's offset in the old array.
    public var from: Int
    /// The element's offset in the new array.
    public var to: Int

    /// Creates a move from old offset `from` to new offset `to`.
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }

    /// Orders moves by their source, then their destination.
    public static func < (lhs: Move, rhs: Move) -> Bool { (lhs.from, lhs.to) < (rhs.from, rhs.to) }

    /// `from->to`.
    public var description: String { "\(from)->\(to)" }
  }

  /// One operation of a differ's output, in batch form: offsets of the old
  /// array for deletes and move sources, of the new array for inserts and
  /// move destinations.
  public enum Step: Hashable, Sendable {
    /// The element at this old offset is deleted.
    case delete(Int)
    /// An element is inserted at this new offset.
    case insert(Int)
    /// The element at old offset `from` moves to new offset `to`.
    case move(from: Int, to: Int)
  }

  /// Offsets in the old array of the deleted elements.
  public var deletes: [Int]
  /// Offsets in the new array of the inserted elements.
  public var inserts: [Int]
  /// The moved elements.
  public var moves: [Move]

  /// Creates changes from their lists, kept in the order given.
  public init(deletes: [Int] = [], inserts: [Int] = [], moves: [Move] = []) {
    self.deletes = deletes
    self.inserts = inserts
    self.moves = moves
  }

  /// The changes of a standard-library difference: a removal associated
  /// with an insertion (as `inferringMoves()` pairs them) is a move, every
  /// other removal a delete and every other insertion an insert.
  ///
  /// ```swift
  /// ArrayChanges(new.difference(from: old).inferringMoves())
  /// ```
  public init<Element>(_ difference: CollectionDifference<Element>) {
    self.init()
    for change in difference {
      switch change {
      case .remove(let offset, _, let associated?):
        moves.append(Move(from: offset, to: associated))
      case .remove(let offset, _, nil):
        deletes.append(offset)
      case .insert(_, _, _?):
        continue
      case .insert(let offset, _, nil):
        inserts.append(offset)
      }
    }
  }

  /// The changes listed by `steps`, in batch form (Heckel's and
  /// IGListKit's operations: every offset refers to the old or the new
  /// array, never to a state in between).
  public init(steps: some Sequence<Step>) {
    self.init()
    for step in steps {
      switch step {
      case .delete(let offset): deletes.append(offset)
      case .insert(let offset): inserts.append(offset)
      case .move(let from, let to): moves.append(Move(from: from, to: to))
      }
    }
  }

  /// The changes of an edit script applied one step after another to an
  /// array of `oldCount` elements: each offset refers to the array as the
  /// steps before it left it (Wagner–Fischer scripts, `patch` forms). An
  /// element the script moves is a move from its old offset to where it
  /// ends; an element inserted and then moved is an insert. Steps out of
  /// range are left out (the result then fails `problems(from:to:)`).
  ///
  /// - Complexity: O(*n* × *s*) for *n* elements and *s* steps.
  public init(sequentialSteps steps: some Sequence<Step>, oldCount: Int) {
    var tokens = (0..<max(0, oldCount)).map(SequentialToken.kept)
    for step in steps {
      switch step {
      case .delete(let offset) where tokens.indices.contains(offset):
        tokens.remove(at: offset)
      case .insert(let offset) where (0...tokens.count).contains(offset):
        tokens.insert(.inserted, at: offset)
      case .move(let from, let to)
      where tokens.indices.contains(from) && tokens.indices.contains(to):
        let token = tokens.remove(at: from)
        switch token {
        case .kept(let old), .moved(let old): tokens.insert(.moved(old), at: to)
        case .inserted: tokens.insert(.inserted, at: to)
        }
      default:
        continue
      }
    }
    var survivors = Array(repeating: false, count: max(0, oldCount))
    self.init()
    for (offset, token) in tokens.enumerated() {
      switch token {
      case .kept(let old): survivors[old] = true
      case .moved(let old):
        survivors[old] = true
        moves.append(Move(from: old, to: offset))
      case .inserted: inserts.append(offset)
      }
    }
    deletes = survivors.indices.filter { !survivors[$0] }
  }

  /// Whether nothing changes.
  public var isEmpty: Bool { deletes.isEmpty && inserts.isEmpty && moves.isEmpty }

  /// `deletes [..]; inserts [..]; moves [..]`, or `(no changes)`.
  public var description: String {
    var parts: [String] = []
    if !deletes.isEmpty { parts.append("deletes \(deletes)") }
    if !inserts.isEmpty { parts.append("inserts \(inserts)") }
    if !moves.isEmpty { parts.append("moves \(moves)") }
    return parts.isEmpty ? "(no changes)" : parts.joined(separator: "; ")
  }
}

/// Where an element of an edit script's working array came from.
private enum SequentialToken: Equatable {
  /// Untouched since the old array, at this old offset.
  case kept(Int)
  /// Moved by the script, from this old offset.
  case moved(Int)
  /// Inserted by the script.
  case inserted
}
