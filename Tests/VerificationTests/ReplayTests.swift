import Foundation
import Generators
import TestSupport
import Testing
import Verification

/// Replay tokens and corpus entries re-run exactly the failing case, and bad
/// input is rejected with a clear error.
@Suite struct ReplayTests {
  static let property = PlantedBugTests.subtreeInsert

  static func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("diffable-corpus-\(UUID().uuidString)")
  }

  @Test func tokenRoundTripsAndReplaysTheShrunkCase() throws {
    let report = Runner(configuration: RunConfiguration(seed: 3, cases: 2_000)).run(Self.property)
    let failure = try #require(report.counterexample)
    let token = try ReplayToken.parse(failure.token)
    #expect(token.property == Self.property.name)
    #expect(token.choices == failure.choices)
    #expect(token.description == failure.token)
    let run = try Self.property.replay(token: failure.token)
    #expect(run.verdict.isFailure)
    #expect(run.choices == failure.choices)
    #expect(Self.property.counterexample(for: run).swiftCode == failure.swiftCode)
  }

  @Test func replayTokenFromTheEnvironmentRunsOnlyThatCase() throws {
    let failure = try #require(
      Runner(configuration: RunConfiguration(seed: 3, cases: 2_000)).run(Self.property)
        .counterexample)
    let configuration = try RunConfiguration.fromEnvironment(["DIFFABLE_REPLAY": failure.token])
    let report = Runner(configuration: configuration).run(Self.property)
    #expect(report.casesRun == 1)
    #expect(report.counterexample?.token == failure.token)
    let other = Runner(configuration: configuration).run(PlantedBugTests.offByOne)
    #expect(other.skipped != nil)
    #expect(other.passed)
  }

  @Test func failureIsWrittenToTheCorpusAndReplaysFromItsScript() throws {
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let configuration = RunConfiguration(seed: 5, cases: 2_000, corpusDirectory: directory.path)
    let failure = try #require(
      Runner(configuration: configuration).run(Self.property).counterexample)
    let corpus = Corpus(directory: directory)
    #expect(corpus.files().count == 1)
    let file = try #require(corpus.files().first)
    #expect(failure.corpusFile == file.path)
    let entry = try Corpus.load(file)
    #expect(entry.property == Self.property.name)
    #expect(entry.choices == failure.choices)
    #expect(entry.token == failure.token)
    #expect(file.lastPathComponent == entry.fileName)
    #expect(try entry.script?.decode(SectionScript.self) != nil)
    let replays = corpus.replay([Self.property])
    #expect(replays.count == 1)
    guard case .failed(let again) = replays.first?.outcome else {
      Issue.record("corpus entry did not replay as a failure")
      return
    }
    #expect(again.message == failure.message)
    var scriptOnly = entry
    scriptOnly.choices = [9, 9, 9]
    #expect(try Self.property.replay(scriptOnly).verdict.isFailure)
  }

  @Test(arguments: [
    ("", "expected 'name@v2.catalog:payload'"),
    ("noSeparator", "expected 'name@v2.catalog:payload'"),
    ("@v1:AA", "property name before '@' is empty"),
    ("p@1:AA", "expected 'v<version>.<catalog>:' after '@'"),
    ("p@v2:AA", "no catalog after 'v2.'"),
    ("p@v1.0000abcd:AA", "version v1 is not supported"),
    // A payload is checked against its checksum before it is decoded.
    ("p@v2.0000abcd:A*", "cut or altered"),
    ("p@v2.0000abcd:gA", "cut or altered"),
  ])
  func malformedTokensAreRejected(text: String, fragment: String) {
    #expect {
      _ = try ReplayToken.parse(text)
    } throws: { error in
      (error as? ReplayTokenError)?.description.contains(fragment) == true
    }
  }

  @Test func tokenForAnotherPropertyIsRejected() {
    let token = ReplayToken(
      property: "some.other", catalog: Self.property.catalog, choices: [1, 2]
    ).description
    #expect(throws: ReplayTokenError.unknownProperty("some.other")) {
      _ = try Self.property.replay(token: token)
    }
  }

  @Test func largeChoicesSurviveTheTokenEncoding() throws {
    let choices: [UInt64] = [0, 1, 127, 128, 300, .max, .max - 1, 1 << 63]
    let token = ReplayToken(property: "a.b", catalog: CatalogID(name: "mine"), choices: choices)
    #expect(try ReplayToken.parse(token.description) == token)
  }

  @Test func malformedCorpusEntriesNameTheFile() throws {
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let files: [(String, String)] = [
      ("a-garbage.json", "{ not json"),
      ("b-missing.json", #"{"formatVersion": 1, "property": "x"}"#),
      ("c-future.json", #"{"formatVersion": 7, "property": "x", "choices": []}"#),
      ("d-noversion.json", #"{"property": "x"}"#),
      (
        "e-old.json",
        #"{"version": 0, "property": "planted.sectionSnapshot.insertAfterSubtree", "choices": [0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0]}"#
      ),
    ]
    for (name, text) in files {
      try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }
    let results = Corpus(directory: directory).replay([Self.property])
    #expect(results.count == files.count)
    let lines = results.map(\.summary)
    #expect(lines[0].hasPrefix("a-garbage.json: malformed corpus entry"))
    #expect(lines[1].hasPrefix("b-missing.json: malformed corpus entry: missing field"))
    #expect(lines[2].hasPrefix("c-future.json: stale corpus entry (format version 7"))
    #expect(lines[3].contains("d-noversion.json") && lines[3].contains("formatVersion"))
    #expect(lines[4].hasPrefix("e-old.json:"))
    #expect(!lines.contains { $0.contains("\n") })
  }

  @Test func corpusWritesAreAtomicAndStablyNamed() throws {
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let entry = CorpusEntry(
      property: "p.q", choices: [1, 2, 3], script: .array([.number(1)]), message: "m", seed: 1)
    let corpus = Corpus(directory: directory)
    let first = try corpus.write(entry)
    let second = try corpus.write(entry)
    #expect(first == second)
    #expect(first.lastPathComponent.hasPrefix("p.q-"))
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(names == [first.lastPathComponent])
    #expect(try Corpus.load(first) == entry)
  }
}
