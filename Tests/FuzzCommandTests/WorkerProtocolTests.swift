import Foundation
import FuzzKit
import Generators
import Testing

/// The hidden `worker` subcommand's line-delimited JSON protocol.
@Suite struct WorkerProtocolTests {
  private func events(_ requests: [WorkerRequest], raw: String = "", traps: Bool = false) throws
    -> [WorkerEvent]
  {
    let input = raw + requests.map { String(decoding: WireFormat.line($0), as: UTF8.self) }.joined()
    let result = try FuzzExecutable.fixture(["worker"], input: input)
    #expect((result.status != 0) == traps)
    return result.output.split(separator: "\n").compactMap {
      WireFormat.decode(WorkerEvent.self, from: String($0))
    }
  }

  @Test func everyCaseIsAnnouncedWithItsTokenBeforeItRuns() throws {
    let events = try events([.run(property: "planted.pass", seed: 5, start: 1, stride: 3, count: 4)]
    )
    let kinds = events.map(\.ev)
    #expect(kinds == [.begin, .end, .begin, .end, .begin, .end, .begin, .end, .idle])
    #expect(events.compactMap(\.index) == [1, 1, 4, 4, 7, 7, 10, 10])
    for pair in stride(from: 0, to: 8, by: 2) {
      #expect(events[pair].token == events[pair + 1].token)
      #expect(events[pair].token?.hasPrefix("planted.pass@v2.") == true)
      #expect(events[pair + 1].outcome?.status == .pass)
    }
  }

  @Test func theAnnouncedCaseSurvivesATrap() throws {
    let token = FuzzExecutable.token("planted.trap", [1, 40, 1, 40, 0])
    let events = try events([.replay(input: token, property: nil)], traps: true)
    #expect(events.map(\.ev) == [.attempt])
    #expect(events.first?.token == token)
  }

  /// A traced replay announces each call of the code under test before it
  /// is made, so the supervisor knows which call a trap was in.
  @Test func aTracedReplayAnnouncesTheCallATrapIsIn() throws {
    let token = FuzzExecutable.token("planted.trap", [1, 40, 1, 40, 0])
    let events = try events([.replay(input: token, property: nil, trace: true)], traps: true)
    #expect(events.map(\.ev) == [.attempt, .call])
    #expect(events.last?.part == "TrappingDeduplicator")
    #expect(events.last?.operation == "run(_:)")
    #expect(events.last?.step == 0)
  }

  /// A failure is reported the moment the check finds it (`found`), ahead
  /// of the case's end, so a later trap in the same case loses nothing:
  /// case 25 of seed 1 of `keptSections.full.differential` diverges after
  /// `deleteAllItems()`, then traps in `appendSections(_:)`.
  @Test func aFailureFoundBeforeATrapIsReportedAtOnce() throws {
    let events = try events(
      [.run(property: "keptSections.full.differential", seed: 1, start: 25, stride: 1, count: 1)],
      traps: true)
    #expect(events.map(\.ev) == [.begin, .found])
    let found = try #require(events.last?.outcome?.failures)
    #expect(found.map(\.rule.culprit) == [.call(part: "snapshot", operation: "deleteAllItems()")])
    #expect(events.last?.index == 25)
  }

  @Test func unusableRequestsAreReportedNotTrapped() throws {
    let events = try events(
      [.run(property: "no.such", seed: 1, start: 0, stride: 1, count: 1)], raw: "not json\n{}\n")
    #expect(events.map(\.ev) == [.error, .error, .error, .idle])
  }
}
