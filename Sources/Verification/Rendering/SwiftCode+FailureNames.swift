import Generators

extension SwiftCode {
  /// The longest kind slug kept whole in a test function's name; a longer
  /// one is cut and ends in a hash of the whole kind, so names stay short,
  /// distinct and stable.
  static let maxSlugLength = 48

  /// `code` (a rendered test) with its `@Test` function named for the
  /// failure kind `kind`: `<property>_<kind slug>`, e.g.
  /// `fullDifferential_snapshotDeleteAllItems` or
  /// `fullDifferential_trapInSnapshotAppendSections`. A property reports up to four
  /// kinds, one test each; named this way, every one of them can be pasted
  /// into one file, and a kind's test keeps its name from run to run.
  ///
  /// Unchanged when `kind` is `nil` or the plain `FailureKind.failure`
  /// (a property with one kind), when `code` holds no `@Test func`, and
  /// when the name already ends in the slug (renaming twice is renaming
  /// once).
  public static func named(_ code: String, for kind: FailureKind?) -> String {
    guard let kind, kind != .failure else { return code }
    let suffix = "_" + slug(kind)
    var lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let head = "@Test func "
    guard let index = lines.firstIndex(where: { $0.hasPrefix(head) }),
      let open = lines[index].firstIndex(of: "(")
    else { return code }
    let name = lines[index][
      lines[index].index(lines[index].startIndex, offsetBy: head.count)..<open]
    guard !name.hasSuffix(suffix) else { return code }
    lines[index] = head + name + suffix + lines[index][open...]
    return lines.joined(separator: "\n")
  }

  /// `kind`'s culprit as an identifier part, its severity after it when
  /// it is not a plain wrong result: `snapshot: moveItem(_:afterItem:)` is
  /// `snapshotMoveItemAfterItem`, a trap in `appendSections(_:)` is
  /// `trapInSnapshotAppendSections`, a batch rule
  /// `differBatchRuleCountMismatch_raises`. Longer than `maxSlugLength`,
  /// it is cut to fit and ends in `_` and eight hex digits of a hash
  /// (FNV-1a) of the kind: distinct for distinct kinds, the same on every
  /// machine and run.
  public static func slug(_ kind: FailureKind) -> String {
    var text = identifier(kind.culprit.description)
    if text.hasPrefix("_") { text.removeFirst() }
    if kind.severity != .wrong && kind.severity != .trap {
      text += "_" + identifier(kind.severity.label)
    }
    guard text.count > maxSlugLength else { return text }
    var hash: UInt32 = 2_166_136_261
    for byte in "\(kind.severity.rawValue):\(kind.culprit)".utf8 {
      hash = (hash ^ UInt32(byte)) &* 16_777_619
    }
    let hex = String(hash, radix: 16)
    return text.prefix(maxSlugLength - 9) + "_" + String(repeating: "0", count: 8 - hex.count)
      + hex
  }
}
