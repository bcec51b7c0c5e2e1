extension SwiftCode {
  /// The roles of an implementation's types in a rendered test: each type
  /// name (as the test writes it) and the generic parameter a test on the
  /// user's types calls it through.
  struct TypeRoles: Hashable, Sendable {
    /// The full snapshot.
    var snapshot: String
    /// The section snapshot.
    var sectionSnapshot: String
    /// The differ.
    var differ: String
    /// The data source.
    var dataSource: String
    /// The data source's full snapshot.
    var dataSourceSnapshot: String
    /// The data source's section snapshot.
    var dataSourceSectionSnapshot: String
  }

  /// `code` (one rendered `@Test` function) as a user pastes it into their
  /// own test target: preceded by the imports it needs, and, where it
  /// names the user's types, its body moved into a generic function
  /// `Check.run` (of a local type) over them (`S: SnapshotProtocol`, `T: SectionSnapshotProtocol`,
  /// `D: DifferProtocol`, `DS: DataSourceProtocol`) called once with the
  /// user's types. Through the protocol requirements every `try` is
  /// needed, whether the user's methods throw or not (a trap-style type
  /// witnesses `throws(SnapshotError)` with non-throwing methods), so the
  /// pasted test compiles without warnings either way. With `expectsTrap`,
  /// the body runs in an exit test that expects the process to fail there
  /// (a call Apple rejects, which the type declares to trap); with
  /// `crashes`, in one that expects it to succeed (a trap that is the bug:
  /// the test fails while it traps and passes once fixed).
  static func packaged(
    _ code: String, roles: TypeRoles, terms: UserTerms, expectsTrap: Bool = false,
    crashes: Bool = false
  ) -> String {
    var test = genericChecked(code, roles: roles, terms: terms)
    if expectsTrap { test = exitTest(test, expecting: ".failure") }
    if crashes { test = exitTest(test, expecting: ".success") }
    return (terms.imports(for: test) + ["", test]).joined(separator: "\n")
  }

  /// `code` (one rendered `@Test` function, imports before it allowed)
  /// with its body run in a Swift Testing exit test that expects the
  /// process to exit successfully: while the body traps, the test fails
  /// (the test run goes on, as the trap ends only the exit test's child
  /// process), and once the trap is fixed, it passes. The test for a
  /// counterexample that crashed.
  public static func crashTest(_ code: String) -> String { exitTest(code, expecting: ".success") }

  /// The line of a rendered `@Test func … throws {` and of its closing
  /// brace (the last `}` line), when `lines` hold one.
  private static func testFunctionBounds(_ lines: [String]) -> (head: Int, last: Int)? {
    guard
      let head = lines.firstIndex(where: {
        $0.hasPrefix("@Test func ") && $0.hasSuffix(" throws {")
      }),
      let last = lines.lastIndex(of: "}"), last > head
    else { return nil }
    return (head, last)
  }

  /// `code` with its `@Test` function's body in
  /// `#expect(processExitsWith: condition)` (on the platforms that have
  /// exit tests).
  static func exitTest(_ code: String, expecting condition: String) -> String {
    var lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let (head, last) = testFunctionBounds(lines) else { return code }
    lines[head] = String(lines[head].dropLast(" throws {".count)) + " async {"
    let body = lines[(head + 1)..<last].map { $0.isEmpty ? "" : "  " + $0 }
    let wrapped =
      [
        "  #if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD) || os(Windows)",
        "  await #expect(processExitsWith: \(condition)) {",
      ]
      + body + ["  }", "  #endif"]
    lines.replaceSubrange((head + 1)..<last, with: wrapped)
    return lines.joined(separator: "\n")
  }

  /// `code` with its body in a generic `Check.run` over the user's types it
  /// names (unchanged when it names none).
  static func genericChecked(_ code: String, roles: TypeRoles, terms: UserTerms) -> String {
    var lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let (head, last) = testFunctionBounds(lines) else { return code }
    var body = lines[(head + 1)..<last].joined(separator: "\n")
    var parameters: [String] = []
    var arguments: [String] = []
    var constraints: [String] = []
    func user(_ name: String) -> Bool { terms.userTypes.contains(name) }
    if user(roles.dataSource), occurs(roles.dataSource + "()", in: body) {
      // A data-source test: every snapshot it builds is the data source's.
      body = replacing(roles.dataSource, with: "DS", in: body)
      body = replacing(roles.dataSourceSnapshot, with: "DS.Snapshot", in: body)
      body = replacing(roles.dataSourceSectionSnapshot, with: "DS.SectionSnapshot", in: body)
      parameters.append("DS: DataSourceProtocol")
      arguments.append("\(roles.dataSource).self")
      constraints = ["DS.Section == \(terms.section)", "DS.Item == \(terms.item)"]
    } else {
      // The differ first: its name may contain the snapshot's.
      let differ = user(roles.differ) && occurs(roles.differ + "()", in: body)
      if differ { body = replacing(roles.differ + "()", with: "differ", in: body) }
      var snapshot = roles.snapshot
      if user(roles.snapshot), occurs(roles.snapshot, in: body) {
        body = replacing(roles.snapshot, with: "S", in: body)
        parameters.append("S: SnapshotProtocol<\(terms.section), \(terms.item)>")
        arguments.append("\(roles.snapshot).self")
        snapshot = "S"
      }
      if user(roles.sectionSnapshot), occurs(roles.sectionSnapshot, in: body) {
        body = replacing(roles.sectionSnapshot, with: "T", in: body)
        parameters.append("T: SectionSnapshotProtocol<\(terms.item)>")
        arguments.append("\(roles.sectionSnapshot).self")
      }
      if differ {
        parameters.append("D: DifferProtocol<\(snapshot)>")
        arguments.append("differ: \(roles.differ)()")
      }
    }
    guard !parameters.isEmpty else { return code }
    let labels = parameters.map { parameter -> String in
      let name = parameter.prefix { $0 != ":" }
      return name == "D" ? "differ: D" : "_: \(name).Type"
    }
    let whereClause = constraints.isEmpty ? "" : " where " + constraints.joined(separator: ", ")
    // A local type's static function, not a local function: an exit test's
    // body (`crashTest`) may declare types but not capture generic
    // parameters.
    let wrapped =
      [
        "  enum Check {",
        "    static func run<\(parameters.joined(separator: ", "))>(\(labels.joined(separator: ", "))) throws\(whereClause) {",
      ]
      + body.split(separator: "\n", omittingEmptySubsequences: false).map {
        $0.isEmpty ? "" : "    " + $0
      }
      + ["    }", "  }", "  try Check.run(\(arguments.joined(separator: ", ")))"]
    lines.replaceSubrange((head + 1)..<last, with: wrapped)
    return lines.joined(separator: "\n")
  }

  /// Whether `name` occurs in `text` as a whole name.
  static func occurs(_ name: String, in text: String) -> Bool {
    replacing(name, with: "\u{0}", in: text) != text
  }

  /// `text` with every whole-name occurrence of `name` (not part of a
  /// longer identifier or of a qualified name) replaced by `replacement`.
  static func replacing(_ name: String, with replacement: String, in text: String) -> String {
    guard !name.isEmpty else { return text }
    func isNamePart(_ character: Character) -> Bool {
      character.isLetter || character.isNumber || character == "_"
    }
    var result = ""
    var rest = text[...]
    while let found = rest.firstRange(of: name) {
      let before =
        found.lowerBound > text.startIndex ? text[text.index(before: found.lowerBound)] : " "
      let after = found.upperBound < text.endIndex ? text[found.upperBound] : " "
      let whole =
        !(isNamePart(before) || before == ".")
        && !(isNamePart(after) && name.last.map(isNamePart) == true)
      result += rest[..<found.lowerBound] + (whole ? replacement : name)
      rest = rest[found.upperBound...]
    }
    return result + rest
  }
}
