/// How rendered code writes the catalog's `Int` ids: as the numbers
/// themselves, or as the Swift literals of an implementation's own
/// identifier type (`"s3"`, `RowID(kind: "row", n: 3)`).
public struct IdentifierText: Sendable {
  /// A section id as a Swift expression.
  public var section: @Sendable (Int) -> String
  /// An item id as a Swift expression.
  public var item: @Sendable (Int) -> String

  /// Writes ids with `section` and `item`.
  public init(
    section: @escaping @Sendable (Int) -> String, item: @escaping @Sendable (Int) -> String
  ) {
    self.section = section
    self.item = item
  }

  /// The catalog's own numbers.
  public static let numbers = IdentifierText(section: { String($0) }, item: { String($0) })

  /// Section ids as a Swift array literal.
  public func sections(_ ids: [Int]) -> String {
    "[" + ids.map(section).joined(separator: ", ") + "]"
  }

  /// Item ids as a Swift array literal.
  public func items(_ ids: [Int]) -> String { "[" + ids.map(item).joined(separator: ", ") + "]" }
}
