import Foundation
import Generators
import Testing

/// The same seed yields byte-identical cases, within a process and across
/// processes (whose `Hashable` seeds differ), and a recorded sequence
/// replays to the same case.
@Suite struct DeterminismTests {
  static let outputVariable = "DIFFABLE_DETERMINISM_OUT"

  /// The cases of seeds `0..<40` (full and section scripts), as JSON lines
  /// with their choice sequences.
  static func transcript() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var out = Data()
    let full = FullScript.generator()
    let section = SectionScript.generator()
    for index in 0..<40 {
      let seed = SplitMix64.caseSeed(runSeed: 2026, caseIndex: index)
      let first = ChoiceSource(seed: seed, size: index * 3, caseIndex: index)
      out += try encoder.encode(try full.generate(first))
      out += try encoder.encode(first.choices)
      let second = ChoiceSource(seed: seed, size: index * 3, caseIndex: index)
      out += try encoder.encode(try section.generate(second))
      out += try encoder.encode(second.choices)
      out += Data("\n".utf8)
    }
    return out
  }

  /// In a child process (started by `sameSeedSameBytesInAnotherProcess`),
  /// writes the transcript to the file named by the environment; in a
  /// normal run, checks that two transcripts in this process agree.
  @Test func childWritesTranscript() throws {
    let data = try Self.transcript()
    if let path = ProcessInfo.processInfo.environment[Self.outputVariable] {
      try data.write(to: URL(fileURLWithPath: path))
    } else {
      #expect(try Self.transcript() == data)
    }
  }

  @Test func sameSeedSameBytesInAnotherProcess() throws {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent(
        "diffable-determinism-\(ProcessInfo.processInfo.processIdentifier).json")
    defer { try? FileManager.default.removeItem(at: output) }
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["--testing-library", "swift-testing", "--filter", "childWritesTranscript"]
    var environment = ProcessInfo.processInfo.environment
    environment[Self.outputVariable] = output.path
    environment["SWIFT_DETERMINISTIC_HASHING"] = nil
    child.environment = environment
    child.standardOutput = FileHandle.nullDevice
    child.standardError = FileHandle.nullDevice
    try child.run()
    child.waitUntilExit()
    #expect(child.terminationStatus == 0)
    let theirs = try Data(contentsOf: output)
    #expect(theirs == (try Self.transcript()))
    #expect(theirs.count > 10_000)
  }

  @Test func recordedChoicesReplayToTheSameCase() throws {
    let generator = FullScript.generator()
    for index in 0..<30 {
      let source = ChoiceSource(
        seed: SplitMix64.caseSeed(runSeed: 9, caseIndex: index), size: 100, caseIndex: index)
      let value = try generator.generate(source)
      let replayed = try generator.replay(source.choices)
      #expect(replayed.value == value)
      #expect(replayed.choices == source.choices)
    }
  }

  @Test func pastTheEndReplayYieldsMinimalValues() throws {
    let (value, choices) = try Gen<Int>.int(in: 5...9).array(count: 0...5).replay([])
    #expect(value == [])
    #expect(choices == [0])
    let clamped = try Gen<Int>.int(in: 0...3).replay([99]).value
    #expect(clamped == 3)
  }

  @Test func caseSeedsAreDistinctPerIndex() {
    let seeds = (0..<1_000).map { SplitMix64.caseSeed(runSeed: 1, caseIndex: $0) }
    #expect(Set(seeds).count == 1_000)
    var rng = Xoshiro256StarStar(seed: 1)
    var again = Xoshiro256StarStar(seed: 1)
    #expect((0..<100).map { _ in rng.next() } == (0..<100).map { _ in again.next() })
  }
}
