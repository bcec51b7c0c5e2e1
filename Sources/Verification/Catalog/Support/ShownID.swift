import SnapshotCore
import SnapshotModel

/// A catalog id as a failure text shows it: equal and hashed as its number,
/// described as the implementation's own id (its literal, `Literals`).
/// Running the reference interpreter again over ids of this type gives the
/// same verdict (the mapping is injective) with every sentence in the
/// user's terms, without a second copy of any message.
struct ShownID: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  /// The catalog's id.
  var id: Int
  /// How the check running now writes it.
  var text: String

  static func == (lhs: ShownID, rhs: ShownID) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
  var description: String { text }
  var debugDescription: String { text }
}
