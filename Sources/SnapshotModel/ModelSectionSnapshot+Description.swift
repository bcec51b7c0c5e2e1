import SnapshotCore

extension ModelSectionSnapshot: CustomStringConvertible {
  /// The header line `visualDescription()` starts with: a fixed placeholder
  /// address keeps the output deterministic.
  @inlinable
  public static var visualDescriptionHeader: String {
    "<NSDiffableDataSourceSectionSnapshot: 0x0"
  }

  /// A debugging picture in the shape of UIKit's (B.3): the header line,
  /// then one line per item in pre-order, indented two spaces per level,
  /// holding `+` (expanded) or `-` (collapsed), `*` (visible) or a space, a
  /// space and the identifier; then a final `>`. Lines end with `\n`, the
  /// last one excepted.
  ///
  ///     <NSDiffableDataSourceSectionSnapshot: 0x0
  ///     +* a
  ///       -* a1
  ///       +* a2
  ///         -* x
  ///     -* b
  ///       -  b1
  ///     >
  @inlinable
  public func visualDescription() -> String {
    var lines = [Self.visualDescriptionHeader]
    appendLines(of: roots, level: 0, visible: true, to: &lines)
    lines.append(">")
    return lines.joined(separator: "\n")
  }

  // coverage: only broken code (failure text)
  /// A one-line picture such as `+a(b, +c(d)), e`: each item, `+` before an
  /// expanded one, children in parentheses. `(empty)` when there is nothing.
  @inlinable
  public var description: String {
    roots.isEmpty ? "(empty)" : describe(roots)
  }

  @inlinable
  func appendLines(
    of nodes: [Node], level: Int, visible: Bool, to lines: inout [String]
  ) {
    for node in nodes {
      let isExpanded = expanded.contains(node.item)
      let indent = String(repeating: "  ", count: level)
      let marks = (isExpanded ? "+" : "-") + (visible ? "*" : " ")
      lines.append("\(indent)\(marks) \(SnapshotError.text(node.item))")
      appendLines(
        of: node.children, level: level + 1, visible: visible && isExpanded,
        to: &lines)
    }
  }

  // coverage: only broken code (failure text)
  @inlinable
  func describe(_ nodes: [Node]) -> String {
    nodes.map { node in
      let flag = expanded.contains(node.item) ? "+" : ""
      let children = node.children.isEmpty ? "" : "(\(describe(node.children)))"
      return flag + SnapshotError.text(node.item) + children
    }
    .joined(separator: ", ")
  }
}
