/// A labelled range of a choice sequence: the choices one generator call
/// drew, recorded so the shrinker knows the structure (an array element, a
/// command, a subtree) and can delete, zero or reorder it as a unit.
public struct ChoiceSpan: Hashable, Sendable, Codable, CustomStringConvertible {
  /// What the span is, e.g. `"element"`, `"command"`, `"subtree"`.
  public var label: String
  /// The index of the span's first choice.
  public var start: Int
  /// One past the index of the span's last choice.
  public var end: Int
  /// How many spans enclose this one.
  public var depth: Int

  /// Creates a span over `start..<end`.
  public init(label: String, start: Int, end: Int, depth: Int) {
    self.label = label
    self.start = start
    self.end = end
    self.depth = depth
  }

  /// The number of choices in the span.
  public var count: Int { end - start }

  /// `label[start..<end]`.
  public var description: String { "\(label)[\(start)..<\(end)]" }
}
