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
  /// `code` with every call on the candidate `c` that the reference model
  /// rejects (rendered `#expect(throws: SnapshotError.self) { try c.… }`)
  /// turned into a comment: a trapping or lenient implementation is never
  /// handed such a call.
  static func skippingRejectedCalls(_ code: String) -> String {
    let marker = "#expect(throws: SnapshotError.self) { try c."
    return code.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard let range = line.firstRange(of: marker) else { return String(line) }
      let indent = line[..<range.lowerBound]
      let call = "c." + line[range.upperBound...].replacing(" }  //", with: "  //", maxReplacements: 1)
      return indent + "// skipped: Apple rejects this call: " + call
    }.joined(separator: "\n")
  }
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
