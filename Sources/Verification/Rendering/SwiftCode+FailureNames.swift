import Generators

extension SwiftCode {
  /// The longest kind slug kept whole in a test function's name; a longer
  /// one is cut and ends in a hash of the whole kind, so names stay short,
  /// distinct and stable.
  static let maxSlugLength = 48

  /// `code` (a rendered test) with its `@Test` function named for the
  /// failure kind `kind`: `<property>_<kind slug>`, e.g.
  /// `fullDifferential_differsInReloadedItems` or
  /// `fullDifferential_trapIndexOutOfRange`. A property reports up to four
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

  /// `kind`'s name as an identifier part: `differs in reloadedItems` is
  /// `differsInReloadedItems`, `batch violation: repeatedItemInData` is
  /// `batchViolationRepeatedItemInData`, a trap by its reason
  /// (`trapIndexOutOfRange`). Longer than `maxSlugLength`, or made from a
  /// name with characters the slug drops (quotes, marks, `#`), it is cut to
  /// fit and ends in `_` and eight hex digits of a hash (FNV-1a) of the
  /// kind's name and severity: distinct for distinct kinds, the same on
  /// every machine and run.
  public static func slug(_ kind: FailureKind) -> String {
    let name = trapReason(kind.name).map { "trap " + $0 } ?? kind.name
    var text = identifier(name)
    if text.hasPrefix("_") { text.removeFirst() }
    // Words (letters and digits) between spaces, colons and apostrophes
    // read back from the camel-cased slug; anything else (quotes, marks,
    // `#` for an elided number) is dropped by it, so two kinds could
    // share the slug: the hash keeps them apart.
    let readable = name.allSatisfy { $0.isLetter || $0.isNumber || " :'".contains($0) }
    guard text.count > maxSlugLength || !readable else { return text }
    var hash: UInt32 = 2_166_136_261
    for byte in "\(kind.severity.rawValue):\(kind.name)".utf8 {
      hash = (hash ^ UInt32(byte)) &* 16_777_619
    }
    let hex = String(hash, radix: 16)
    return text.prefix(maxSlugLength - 9) + "_" + String(repeating: "0", count: 8 - hex.count)
      + hex
  }

  /// What a trap kind's message says went wrong, without the signal and
  /// the runtime's `file:line: Fatal error: ` prefix: `Index out of range`
  /// for `trap: trapped (SIGILL): Swift/ContiguousArrayBuffer.swift:#:
  /// Fatal error: Index out of range`. `nil` for a kind that is not a
  /// trap, or a trap whose message names no reason.
  static func trapReason(_ name: String) -> String? {
    guard name.hasPrefix("trap: ") else { return nil }
    var reason = Substring(name.dropFirst("trap: ".count))
    if let fatal = reason.ranges(of: "Fatal error: ").last {
      reason = reason[fatal.upperBound...]
    } else if reason.hasPrefix("trapped ("), let close = reason.firstIndex(of: ")") {
      reason = reason[reason.index(after: close)...].drop { $0 == ":" || $0 == " " }
    }
    return reason.isEmpty ? nil : String(reason)
  }
}
