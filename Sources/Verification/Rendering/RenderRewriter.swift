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
  /// (rendered `#expect(throws: SnapshotError.self) { try c.… }`) written
  /// as `policy` declares its family: kept for `.throws`; expected not to
  /// throw for `.ignores` (the assertions that follow check the value is
  /// unchanged); turned into a comment for `.traps` and `.unspecified` (a
  /// trapping or lenient implementation is never handed such a call).
  static func rejectedCalls(_ code: String, as policy: MisusePolicy) -> String {
    let marker =
      #/#expect\(throws: SnapshotError\.self\) \{ try (?<call>(?<target>[cd]|[cd]Arg\d+)\.(?<method>\w+))/#
    return code.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard let match = line.firstMatch(of: marker) else { return String(line) }
      let family = MisuseFamily(
        method: match.output.method, onDataSource: match.output.target == "d")
      let indent = line[..<match.range.lowerBound]
      let rest = line[match.range.upperBound...]
      switch policy.behavior(for: family) {
      case .throws: return String(line)
      case .ignores:
        return indent + "#expect(throws: Never.self) { try " + match.output.call
          + rest.replacing(
            " }  //", with: " }  // ignored (declared `.ignores`):", maxReplacements: 1)
      case .traps, .unspecified:
        return indent + skippedCallPrefix + match.output.call
          + rest.replacing(" }  //", with: "  //", maxReplacements: 1)
      }
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

/// Rebuilds a property so that it reads in the user's terms: its rendered
/// test packaged for the user's test target
/// (`SwiftCode.packaged(_:roles:terms:expectsTrap:)`), and its failures
/// naming the user's types (never the catalog's `Guarded…`/`Mapped…`
/// wrappers) and, in the calls they quote and in their `-`/`+` states,
/// the user's identifiers.
struct UserTermsRewriter<Map: IdentifierMapping>: PropertyVisitor {
  let roles: SwiftCode.TypeRoles
  let terms: UserTerms

  func visit<Case>(_ property: Property<Case>) -> any VisitableProperty {
    let (roles, terms, trap) = (roles, terms, property.expectsTrap)
    let (render, check) = (property.render, property.check)
    let identity = Map.self == IntIdentifiers.self
    var rebuilt = Property(
      property.name, generator: property.generator, coverage: property.coverage,
      labels: property.labels, observations: property.observations,
      render: { value in
        // Under the user's ids too: what a test quotes from the reference
        // model (a rejected call's error) names them.
        let code =
          identity
          ? render(value) : StateText.$identifiers.withValue(.mapping(Map.self)) { render(value) }
        return SwiftCode.packaged(code, roles: roles, terms: terms, expectsTrap: trap)
      },
      check: { value in
        let result =
          identity
          ? check(value) : StateText.$identifiers.withValue(.mapping(Map.self)) { check(value) }
        guard case .fail(let message, let expected, let actual, let kind) = result else {
          return result
        }
        return .fail(message: Self.message(message), expected: expected, actual: actual, kind: kind)
      })
    rebuilt.tag = property.tag
    rebuilt.expectsTrap = property.expectsTrap
    return rebuilt
  }

  /// `message` with the catalog's wrapper types unwrapped to the user's
  /// and each quoted snapshot call (`` `s.moveItem(0, afterItem: 1)` ``)
  /// written with the user's literals.
  static func message(_ message: String) -> String {
    let text = unwrapped(message)
    guard Map.self != IntIdentifiers.self else { return text }
    let parts = text.split(separator: "`", omittingEmptySubsequences: false).enumerated().map {
      index, part in
      let call = String(part)
      return !index.isMultiple(of: 2) && ["s.", "t.", "c."].contains(where: call.hasPrefix)
        ? IdentifierRendering<Map>.rewriteCall(call) : call
    }
    return parts.joined(separator: "`")
  }

  /// `text` with every `GuardedX<Y>` written `Y` and every
  /// `MappedX<Y, Map>` written `Y`.
  static func unwrapped(_ text: String) -> String {
    let guards = [
      "GuardedSnapshot<", "GuardedSectionSnapshot<", "GuardedDiffer<", "GuardedDataSource<",
    ]
    let maps = ["MappedSnapshot<", "MappedSectionSnapshot<", "MappedDiffer<", "MappedDataSource<"]
    var result = text
    var changed = true
    while changed {
      changed = false
      for wrapper in guards + maps {
        guard let open = result.firstRange(of: wrapper) else { continue }
        if open.lowerBound > result.startIndex {
          let before = result[result.index(before: open.lowerBound)]
          if before.isLetter || before.isNumber || before == "_" { continue }
        }
        var depth = 1
        var firstComma: String.Index?
        var index = open.upperBound
        while index < result.endIndex, depth > 0 {
          switch result[index] {
          case "<": depth += 1
          case ">": depth -= 1
          case "," where depth == 1 && firstComma == nil: firstComma = index
          default: break
          }
          if depth > 0 { index = result.index(after: index) }
        }
        guard index < result.endIndex else { continue }
        let inner =
          maps.contains(wrapper)
          ? result[open.upperBound..<(firstComma ?? index)] : result[open.upperBound..<index]
        result.replaceSubrange(open.lowerBound...index, with: inner)
        changed = true
      }
    }
    return result
  }
}
