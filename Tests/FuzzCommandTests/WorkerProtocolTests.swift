import Foundation
import FuzzKit
import Testing

/// The hidden `worker` subcommand's line-delimited JSON protocol.
@Suite struct WorkerProtocolTests {
  private func events(_ requests: [WorkerRequest], raw: String = "", traps: Bool = false) throws
    -> [WorkerEvent]
  {
    let input = raw + requests.map { String(decoding: WireFormat.line($0), as: UTF8.self) }.joined()
    let result = try FuzzExecutable.run(["worker"], planted: true, input: input)
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
      #expect(events[pair].token?.hasPrefix("planted.pass@v1:") == true)
      #expect(events[pair + 1].outcome?.status == .pass)
    }
  }

  @Test func theAnnouncedCaseSurvivesATrap() throws {
    let events = try events([.replay(input: "planted.trap@v1:ASgBKAA", property: nil)], traps: true)
    #expect(events.map(\.ev) == [.attempt])
    #expect(events.first?.token == "planted.trap@v1:ASgBKAA")
  }

  @Test func unusableRequestsAreReportedNotTrapped() throws {
    let events = try events(
      [.run(property: "no.such", seed: 1, start: 0, stride: 1, count: 1)], raw: "not json\n{}\n")
    #expect(events.map(\.ev) == [.error, .error, .error, .idle])
  }
}
