/// What a rendered test needs to compile in the user's own test target:
/// the modules the implementation's types live in, which of its types are
/// the user's (declared outside this package), and the Swift names of its
/// identifier types.
struct UserTerms: Hashable, Sendable {
  /// This package's modules and the toolchain's, imported plainly; any
  /// other module is the user's and imported `@testable` (a user's types
  /// are often internal).
  static let plainModules: Set<String> = [
    "Foundation", "Generators", "SnapshotCore", "SnapshotEngine", "SnapshotModel", "Testing",
    "Verification",
  ]

  /// Modules no source imports (the standard library's own).
  static let implicitModules: Set<String> = ["Swift", "_Concurrency", "_StringProcessing"]

  /// Every module a type of the implementation (its identifiers included)
  /// names, sorted.
  var modules: [String] = []
  /// The type names (as rendered tests write them) of the user's types.
  var userTypes: Set<String> = []
  /// The section identifier type, as rendered tests write it.
  var section = "Int"
  /// The item identifier type, as rendered tests write it.
  var item = "Int"

  /// Notes `type`, written `name` in rendered tests: its modules, and
  /// whether it is the user's.
  mutating func note(_ type: Any.Type, as name: String) {
    let found = Self.modules(of: type)
    modules = Array(Set(modules + found)).sorted()
    let owner = found.first
    if let owner, !Self.plainModules.contains(owner) {
      userTypes.insert(name)
    } else {
      userTypes.remove(name)
    }
  }

  /// Notes the identifier types `Section` and `Item`.
  mutating func noteIdentifiers(_ section: Any.Type, _ item: Any.Type) {
    self.section = String(describing: section)
    self.item = String(describing: item)
    modules = Array(Set(modules + Self.modules(of: section) + Self.modules(of: item))).sorted()
  }

  /// The modules `String(reflecting: type)` names (its own first, then its
  /// generic arguments'), the standard library's left out.
  static func modules(of type: Any.Type) -> [String] {
    let text = String(reflecting: type)
    var result: [String] = []
    var index = text.startIndex
    while index < text.endIndex {
      guard text[index].isLetter || text[index] == "_" else {
        index = text.index(after: index)
        continue
      }
      let start = index
      while index < text.endIndex,
        text[index].isLetter || text[index].isNumber || text[index] == "_"
      {
        index = text.index(after: index)
      }
      let word = String(text[start..<index])
      let qualified = start > text.startIndex && text[text.index(before: start)] == "."
      // Foundation's types live in FoundationEssentials and others on
      // Linux; users import Foundation.
      let module = word.hasPrefix("Foundation") ? "Foundation" : word
      if index < text.endIndex, text[index] == ".", !qualified, !implicitModules.contains(module),
        !result.contains(module)
      {
        result.append(module)
      }
    }
    return result
  }

  /// The import lines `code` needs: Testing and SnapshotCore, SnapshotModel
  /// when it uses the reference model or interpreter, SnapshotEngine and
  /// Verification when it names them, and every module of the
  /// implementation (the user's `@testable`).
  func imports(for code: String) -> [String] {
    var plain: Set<String> = ["SnapshotCore", "Testing"]
    let model = [
      "BatchInterpreter", "ModelSnapshot<", "ModelSectionSnapshot<", "ModelDataSource<",
      "ModelDiffer<",
    ]
    if model.contains(where: code.contains) { plain.insert("SnapshotModel") }
    let engine = [
      "EngineSnapshot<", "EngineSectionSnapshot<", "EngineDataSource<", "EngineDiffer<",
    ]
    if engine.contains(where: code.contains) { plain.insert("SnapshotEngine") }
    if code.contains("Verification.") { plain.insert("Verification") }
    let user = modules.filter { !Self.plainModules.contains($0) }
    plain.formUnion(modules.filter(Self.plainModules.contains))
    return plain.sorted().map { "import \($0)" } + user.map { "@testable import \($0)" }
  }
}
