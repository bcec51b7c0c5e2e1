/// Reads compiler errors (`path:line:column: error: message`) and finds
/// the mutation sites they blame.
enum BuildDiagnostics {
  /// One compiler error.
  struct Diagnostic: Hashable {
    var path: String
    var line: Int
    var message: String
  }

  /// The errors in `output`, in order.
  static func diagnostics(in output: String) -> [Diagnostic] {
    output.split(separator: "\n").compactMap { line in
      guard let marker = line.range(of: ": error: ") else { return nil }
      let location = line[..<marker.lowerBound].split(separator: ":")
      guard location.count >= 3, let number = Int(location[location.count - 2]) else { return nil }
      let path = location.dropLast(2).joined(separator: ":")
      return Diagnostic(path: path, line: number, message: String(line[marker.upperBound...]))
    }
  }

  /// The error lines of `output`, for a build that no site explains.
  static func errors(in output: String) -> String {
    let lines = output.split(separator: "\n").filter { $0.contains("error:") }
    return (lines.isEmpty ? output.split(separator: "\n").suffix(20) : lines.prefix(20))
      .joined(separator: "\n")
  }

  /// The sites (1-based numbers into `sites`) the errors of `output`
  /// blame, each with its first error's message: the sites on an error's
  /// line of a rewritten file, or else the nearest site within
  /// `window` lines (above first, on a tie); an error in the helper file blames the site whose
  /// declaration is on that line.
  static func culprits(
    in output: String, sites: [MutationSite], helperSiteOfLine: [Int: Int], window: Int = 10
  ) -> [Int: String] {
    var blamed: [Int: String] = [:]
    for diagnostic in diagnostics(in: output) {
      if diagnostic.path.hasSuffix("/" + MutantSchemata.helperFileName) {
        if let number = helperSiteOfLine[diagnostic.line], blamed[number] == nil {
          blamed[number] = diagnostic.message
        }
        continue
      }
      let inFile = sites.enumerated().filter {
        diagnostic.path.hasSuffix("/" + $0.element.mutant.file)
      }
      var onLine = inFile.filter { $0.element.mutant.line == diagnostic.line }
      if onLine.isEmpty,
        let nearest = inFile.filter({ abs($0.element.mutant.line - diagnostic.line) <= window })
          .min(by: { distance($0.element, diagnostic) < distance($1.element, diagnostic) })
      {
        onLine = inFile.filter { $0.element.mutant.line == nearest.element.mutant.line }
      }
      for (offset, _) in onLine where blamed[offset + 1] == nil {
        blamed[offset + 1] = diagnostic.message
      }
    }
    return blamed
  }

  /// How far `site` is from `diagnostic`'s line, a site above nearer than
  /// one as far below (an error often shows after its cause).
  private static func distance(_ site: MutationSite, _ diagnostic: Diagnostic) -> Int {
    let lines = site.mutant.line - diagnostic.line
    return lines <= 0 ? -2 * lines : 2 * lines + 1
  }
}
