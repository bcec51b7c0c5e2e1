/// The position of an item: a section index and an item index within it.
///
/// The platform-independent stand-in for `IndexPath(item:section:)`. Orders
/// by section, then item.
public struct ItemPath: Hashable, Comparable, Sendable, Codable,
  CustomStringConvertible
{
  /// The index of the section.
  public var section: Int
  /// The index of the item within its section.
  public var item: Int

  /// Creates a path to `item` in `section`.
  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  /// Orders paths by section, then by item within the section.
  public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  /// `[section, item]`, as Foundation prints an `IndexPath`.
  public var description: String { "[\(section), \(item)]" }
}
