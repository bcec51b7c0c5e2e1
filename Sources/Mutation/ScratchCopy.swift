import Foundation

/// The scratch copy of a package that the mutants are built in: the
/// package's files without build folders, version control and run output,
/// copied only where they changed so that a resumed run's build is
/// incremental.
enum ScratchCopy {
  /// Names never copied from the package folder itself (`.build…` names
  /// are not copied from any folder).
  static let excluded: Set<String> = [".git", ".swiftpm", "Reports"]

  /// Mirrors `source` into `destination`, skipping `excluded` at the top,
  /// names that start with `.build` and the folders `skipping` (the run's
  /// report and work folders).
  /// - Throws: `MutationError.io` when a file cannot be copied.
  static func mirror(
    _ source: URL, to destination: URL, skipping: [URL], top: Bool = true
  ) throws(MutationError) {
    let manager = FileManager.default
    do {
      try manager.createDirectory(at: destination, withIntermediateDirectories: true)
      let names = try manager.contentsOfDirectory(atPath: source.path).sorted()
      for name in names where !(top && excluded.contains(name)) && !name.hasPrefix(".build") {
        let from = source.appendingPathComponent(name)
        let to = destination.appendingPathComponent(name)
        let path = from.standardizedFileURL.path
        guard !skipping.contains(where: { $0.standardizedFileURL.path == path }) else { continue }
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: from.path, isDirectory: &isFolder) else { continue }
        if isFolder.boolValue {
          try mirror(from, to: to, skipping: skipping, top: false)
        } else {
          try writeIfChanged(try Data(contentsOf: from), to: to)
        }
      }
    } catch let error as MutationError {
      throw error
    } catch {
      throw .io("cannot copy \(source.path) to \(destination.path): \(error.localizedDescription)")
    }
  }

  /// Writes `data` to `url` unless it already holds exactly that.
  static func writeIfChanged(_ data: Data, to url: URL) throws {
    if FileManager.default.contents(atPath: url.path) == data { return }
    try data.write(to: url, options: .atomic)
  }
}
