import Foundation

/// The Swift code blocks of the DocC articles and where they must appear.
///
/// Every ` ```swift ` block of an article `Name.md` in a `.docc` catalog of
/// the package must appear verbatim in `Articles/Name.swift` of this target,
/// which the compiler builds (so the article's code compiles) and whose
/// `@Test` functions run. A block's `import` lines must each be a line of
/// the file (indented or not, as in an `#if canImport(…)`); its other
/// lines must be a run of consecutive lines of the file, all indented by
/// the same prefix, so top-level code of an article
/// (an executable's `main.swift`) may sit in a function body. A block
/// starting with `// swift-tools-version` is a package manifest: it must be
/// the whole text of `Manifests/Name/Package.swift` (or `Name-2`, … for a
/// second one), which `.ci/docs` evaluates with `swift package
/// dump-package`.
enum ArticleCode {
  /// The package's root folder.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every article and landing page of every catalog, sorted by path.
  static func articles() -> [URL] {
    let folders = ["Sources", "Generators"].map { root.appendingPathComponent($0) }
    var found: [URL] = []
    for folder in folders {
      guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
      else { continue }
      for case let url as URL in walker
      where url.pathExtension == "md" && url.path.contains(".docc/") {
        found.append(url)
      }
    }
    return found.sorted { $0.path < $1.path }
  }

  /// The code file that must hold an article's Swift blocks.
  static func codeFile(for article: URL) -> URL {
    root.appendingPathComponent("Tests/DocumentationTests/Articles")
      .appendingPathComponent(article.deletingPathExtension().lastPathComponent + ".swift")
  }

  /// The manifest file that must hold an article's `ordinal`-th manifest
  /// block (1-based).
  static func manifestFile(for article: URL, ordinal: Int) -> URL {
    let name = article.deletingPathExtension().lastPathComponent
    return root.appendingPathComponent("Tests/DocumentationManifests")
      .appendingPathComponent(ordinal == 1 ? name : "\(name)-\(ordinal)")
      .appendingPathComponent("Package.swift")
  }

  /// The ` ```swift ` blocks of a Markdown text, each as its lines.
  static func swiftBlocks(in markdown: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if current == nil {
        if trimmed == "```swift" { current = [] }
      } else if trimmed == "```" {
        blocks.append(current ?? [])
        current = nil
      } else {
        current?.append(String(line))
      }
    }
    return blocks
  }

  /// Whether `block` is a package manifest.
  static func isManifest(_ block: [String]) -> Bool {
    block.first?.hasPrefix("// swift-tools-version") == true
  }

  /// Why `block` is not in `code`, or `nil` when it is.
  static func mismatch(of block: [String], in code: String) -> String? {
    let lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let imports = block.filter { $0.hasPrefix("import ") }
    // An import may sit indented in an `#if canImport(…)` block.
    let fileImports = Set(lines.map { $0.trimmingCharacters(in: .whitespaces) })
    if let missing = imports.first(where: { !fileImports.contains($0) }) {
      return "`\(missing)` is not a line of the file"
    }
    var body = block.filter { !$0.hasPrefix("import ") }
    while body.first?.isEmpty == true { body.removeFirst() }
    while body.last?.isEmpty == true { body.removeLast() }
    guard let first = body.first else { return nil }
    for start in lines.indices where lines[start].hasSuffix(first) {
      let prefix = String(lines[start].dropLast(first.count))
      guard prefix.allSatisfy({ $0 == " " }), start + body.count <= lines.count else { continue }
      let matches = body.indices.allSatisfy { offset in
        let line = lines[start + offset]
        return body[offset].isEmpty ? line.isEmpty : line == prefix + body[offset]
      }
      if matches { return nil }
    }
    return "no run of lines of the file matches the block starting `\(first)`"
  }
}
