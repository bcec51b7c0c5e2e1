import Foundation

/// A tiny package written to a temporary folder for the end-to-end test: a
/// library with planted mutation sites (one that does not compile once
/// switched, one whose mutant traps, one whose mutant hangs, two the
/// checker never runs) and an executable `check` that judges it like a
/// fuzz executable's `run`: a `report.json` in `--out`, then exit 0, or on a
/// failure exit 1 with `--stop-on-failure` and more work without it.
enum TinyPackage {
  static let library = """
    public struct Token {
      public var raw: Int
      public init(raw: Int) { self.raw = raw }
    }

    public func == (l: Token, r: Token) -> Bool { l.raw == r.raw }

    public func same(_ a: Token, _ b: Token) -> Bool { a == b }

    public func isAdult(_ age: Int) -> Bool { age >= 18 }

    public func lastOf(_ values: [Int]) -> Int { values[values.count - 1] }

    public func count(to limit: Int) -> Int {
      var done = 0
      while done < limit { done = done + 1 }
      return done
    }

    public func untested(_ value: Int) -> Bool { value > 100 }

    public final class Log {
      public var items: [Int] = []
      public init() {}
      public func add(_ item: Int) {
        items.append(item)
      }
    }

    public func summary(_ values: [Int], strict: Bool) -> Int {
      guard !values.isEmpty && strict == true else { return 0 }
      var total = 0
      for index in 0..<values.count { total = total + values[index] }
      return max(total, values.first ?? 0) + (values.min() ?? 0)
    }

    """

  static let checker = """
    import Foundation
    import Lib

    let log = Log()
    log.add(4)
    let checks: [(String, Bool)] = [
      ("same", same(Token(raw: 1), Token(raw: 1)) && !same(Token(raw: 1), Token(raw: 2))),
      ("isAdult", isAdult(18) && !isAdult(17)),
      ("lastOf", lastOf([1, 2, 3]) == 3),
      ("count", count(to: 5) == 5 && count(to: 0) == 0),
      ("log", log.items == [4]),
      ("summary", summary([3, 1, 2], strict: true) == 7 && summary([3, 1, 2], strict: false) == 0),
    ]
    let arguments = CommandLine.arguments
    let out = arguments.firstIndex(of: "--out").map { arguments[$0 + 1] } ?? "."
    let failed = checks.first { !$0.1 }?.0
    let properties = checks.map { "{\\"name\\": \\"\\($0.0)\\", \\"cases\\": 1}" }.joined(separator: ", ")
    let failures = failed.map { "{\\"property\\": \\"\\($0)\\", \\"kind\\": \\"failure\\", \\"token\\": \\"T-\\($0)\\"}" }
    let json = "{\\"properties\\": [\\(properties)], \\"failures\\": [\\(failures ?? "")]}"
    try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    try? json.write(toFile: out + "/report.json", atomically: true, encoding: .utf8)
    guard let failed else { exit(0) }
    FileHandle.standardError.write(Data("check: \\(failed) failed at case 1\\n".utf8))
    // Like a fuzz run: without --stop-on-failure, the other cases go on.
    if !arguments.contains("--stop-on-failure") { Thread.sleep(forTimeInterval: 30) }
    exit(1)

    """

  static let manifest = """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
      name: "Tiny",
      targets: [
        .target(name: "Lib"),
        .executableTarget(name: "check", dependencies: ["Lib"]),
      ]
    )

    """

  /// Writes the package into a fresh temporary folder and returns it.
  static func write() throws -> URL {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("mutation-e2e-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.removeItem(at: root)
    let package = root.appendingPathComponent("Tiny")
    for (path, text) in [
      ("Package.swift", manifest), ("Sources/Lib/Lib.swift", library),
      ("Sources/check/main.swift", checker),
    ] {
      let url = package.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return root
  }
}
