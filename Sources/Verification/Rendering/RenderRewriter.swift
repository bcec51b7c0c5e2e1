/// Rebuilds a property with its rendered Swift test passed through a
/// rewrite (identifier literals of another type, skipped calls), every
/// other part unchanged.
struct RenderRewriter: PropertyVisitor {
  let rewrite: @Sendable (String) -> String

  init(_ rewrite: @escaping @Sendable (String) -> String) {
    self.rewrite = rewrite
  }

  func visit<Case>(_ property: Property<Case>) -> any VisitableProperty {
    let rewrite = rewrite
    let render = property.render
    var rebuilt = Property(
      property.name, generator: property.generator, coverage: property.coverage,
      labels: property.labels, observations: property.observations,
      render: { rewrite(render($0)) }, check: property.check)
    rebuilt.tag = property.tag
    rebuilt.expectsTrap = property.expectsTrap
    return rebuilt
  }
}

extension SwiftCode {
  /// `code` with every call on the candidate (`c`, the data source `d`, or
  /// an argument `cArgN`/`dArgN`) that the reference model rejects
  /// (rendered `#expect(throws: SnapshotError.self) { try c.… }`) turned
  /// into a comment: a trapping or lenient implementation is never handed
  /// such a call.
  static func skippingRejectedCalls(_ code: String) -> String {
    let marker = #/#expect\(throws: SnapshotError\.self\) \{ try (?<call>(?:[cd]|[cd]Arg\d+)\.)/#
    return code.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard let match = line.firstMatch(of: marker) else { return String(line) }
      let indent = line[..<match.range.lowerBound]
      let call = match.output.call + line[match.range.upperBound...].replacing(" }  //", with: "  //", maxReplacements: 1)
      return indent + skippedCallPrefix + call
    }.joined(separator: "\n")
  }

  /// The comment a rendered test shows in place of a skipped call.
  static let skippedCallPrefix = "// skipped: Apple rejects this call: "
}

/// Rebuilds a property with another tag.
struct TagVisitor: PropertyVisitor {
  let tag: PropertyTag

  func visit<Case>(_ property: Property<Case>) -> any VisitableProperty {
    property.tagged(tag)
  }
}

extension VisitableProperty {
  /// The same property with `tag` set.
  func tagged(_ tag: PropertyTag) -> any VisitableProperty { accept(TagVisitor(tag: tag)) }
}
