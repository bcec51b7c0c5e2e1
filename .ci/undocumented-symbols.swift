// Lists the public symbols declared in this package's sources that have no
// doc comment, from the symbol graphs in the folders given as arguments;
// exits 1 when there is one (or when no symbol is found at all). Symbols without a source location
// (synthesized conformances, inherited members) show the documentation of
// what they implement and are not counted. Run by .ci/docs.
import Foundation

let folders = Array(CommandLine.arguments.dropFirst())
guard !folders.isEmpty else {
  FileHandle.standardError.write(
    Data("usage: undocumented-symbols.swift SYMBOL_GRAPH_DIR...\n".utf8))
  exit(64)
}
let paths = folders.flatMap { folder in
  ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
    .filter { $0.hasSuffix(".symbols.json") }.sorted().map { folder + "/" + $0 }
}
var found: [String] = []
var total = 0
for path in paths {
  guard let data = FileManager.default.contents(atPath: path),
    let graph = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
    let symbols = graph["symbols"] as? [[String: Any]]
  else {
    FileHandle.standardError.write(Data("undocumented-symbols: cannot read \(path)\n".utf8))
    exit(65)
  }
  for symbol in symbols {
    guard let location = symbol["location"] as? [String: Any] else { continue }
    total += 1
    guard symbol["docComment"] == nil else { continue }
    let uri = (location["uri"] as? String ?? "").replacingOccurrences(of: "file://", with: "")
    let line = ((location["position"] as? [String: Any])?["line"] as? Int ?? 0) + 1
    let name = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
    found.append("\(uri):\(line): undocumented public symbol \(name)")
  }
}
for line in found.sorted() { print(line) }
print(
  "undocumented-symbols: \(found.count) of \(total) public symbols declared in source have no doc comment"
)
exit(found.isEmpty && total > 0 ? 0 : 1)
