import Foundation
import Generators
import Verification

/// Deliberately broken properties that exercise the fuzz command itself
/// (crash safety, shrinking, reports, replay). Only the fixture offers
/// them, and its runs write no corpus unless told to, so a planted failure
/// never reaches the committed corpus.
enum PlantedProperties {
  /// Every planted property.
  static var all: [AnyProperty] {
    [
      trap.eraseToAnyProperty(), fail.eraseToAnyProperty(), pass.eraseToAnyProperty(),
      hang.eraseToAnyProperty(), slowCheck.eraseToAnyProperty(),
      slowGenerate.eraseToAnyProperty(), table.eraseToAnyProperty(),
      shrinkTrap.eraseToAnyProperty(), twoTraps.eraseToAnyProperty(),
    ]
  }

  /// The kind of a wrong sum (`planted.fail`, `planted.shrinkTrap`).
  static let wrongSum = FailureKind("sum")

  /// The verdict on a broken sum of `list`: passes when `actual` is the
  /// list's total (`planted.fail`, `planted.shrinkTrap`).
  static func sumVerdict(_ list: [Int], actual: Int) -> PropertyResult {
    let expected = list.reduce(0, +)
    return expected == actual
      ? .pass
      : .fail(
        message: "sum is \(actual), expected \(expected)", expected: "sum \(expected)",
        actual: "sum \(actual)", kind: wrongSum)
  }

  /// `body`, told to `context` as the call `operation` of `part` at
  /// `step`: a trap inside it is blamed on that call.
  static func traced<Result>(
    _ context: CheckContext, _ part: String, _ operation: String, step: Int = 0,
    _ body: () -> Result
  ) -> Result {
    context.willCall(part, operation, step)
    defer { context.didCall() }
    return body()
  }

  /// Lists of small integers, with a label and histograms.
  static let lists = Gen<Int>.int(in: 0...60).array(count: 0...12)

  /// `planted.trap`: `TrappingDeduplicator` traps (a failed precondition)
  /// on two adjacent equal values of at least 40; the minimal case is
  /// `[40, 40]`. The check reports its call of the deduplicator, so the
  /// trap is blamed on it.
  static let trap = Property<[Int]>(
    "planted.trap", generator: lists,
    labels: { $0.count >= 2 ? ["two or more"] : [] },
    observations: { [Observation.value("length", $0.count)] },
    render: { list, _ in
      SwiftCode.test(
        named: "planted.trap", body: ["_ = TrappingDeduplicator.run(\(SwiftCode.list(list)))"])
    },
    check: { list, context in
      let deduplicated = traced(context, "TrappingDeduplicator", "run(_:)") {
        TrappingDeduplicator.run(list)
      }
      return deduplicated == TrappingDeduplicator.reference(list)
        ? .pass : .fail(message: "deduplicated lists differ")
    })

  /// `planted.fail`: a sum that is off by one once the list holds more
  /// than 100 in total; fails without crashing, with a model/engine diff.
  static let fail = Property<[Int]>(
    "planted.fail", generator: lists,
    coverage: [.cover(minimumShare: 0.05, "long")],
    labels: { $0.count >= 8 ? ["long"] : [] },
    observations: { [Observation.value("length", $0.count)] },
    render: {
      SwiftCode.test(
        named: "planted.fail",
        body: ["#expect(brokenSum(\(SwiftCode.list($0))) == \($0.reduce(0, +)))"])
    },
    check: { list in
      let expected = list.reduce(0, +)
      return sumVerdict(list, actual: expected > 100 ? expected + 1 : expected)
    })
}

extension PlantedProperties {
  /// `planted.pass`: the reference deduplicator is idempotent; always
  /// holds, so a run of it alone passes (exit code 0).
  static let pass = Property<[Int]>(
    "planted.pass", generator: lists,
    coverage: [.cover(minimumShare: 0.01, "two or more")],
    labels: { $0.count >= 2 ? ["two or more"] : [] },
    observations: { [Observation.value("length", $0.count)] },
    check: { list in
      let once = TrappingDeduplicator.reference(list)
      return TrappingDeduplicator.reference(once) == once
        ? .pass : .fail(message: "deduplicating twice changed the list")
    })
}

extension PlantedProperties {
  /// `planted.hang`: hangs (sleeps for an hour) on any list holding 60,
  /// for testing the case timeout.
  static let hang = Property<[Int]>(
    "planted.hang", generator: lists,
    check: { list in
      if list.contains(60) { sleep(3600) }
      return .pass
    })
}

extension PlantedProperties {
  /// `planted.slowCheck`: always holds, but each check takes 0.2 s, so a
  /// worker is almost always inside a case (for the tests that kill a
  /// worker during one).
  static let slowCheck = Property<[Int]>(
    "planted.slowCheck", generator: lists,
    check: { _ in
      usleep(200_000)
      return .pass
    })

  /// `planted.slowGenerate`: always holds, but generating each case takes
  /// 0.2 s, before the case is announced, so a worker is almost always
  /// between cases (for the tests that kill a worker there).
  static let slowGenerate = Property<[Int]>(
    "planted.slowGenerate",
    generator: lists.map { list in
      usleep(200_000)
      return list
    },
    check: { _ in .pass })
}

extension PlantedProperties {
  /// `planted.table`: `PlantedTable` loses ids whose probe chain ran
  /// through a removed one. Whether a list shows it depends on the bucket
  /// layout, that is on the hash seed: the property the suite's
  /// deterministic hashing makes reproducible across processes.
  static let table = Property<[Int]>(
    "planted.table", generator: lists,
    labels: { $0.count >= 2 ? ["two or more"] : [] },
    render: {
      SwiftCode.test(
        named: "planted.table", body: ["#expect(PlantedTable.lost(\(SwiftCode.list($0))) == [])"])
    },
    check: { list in
      let lost = PlantedTable.lost(list)
      return lost.isEmpty
        ? .pass
        : .fail(message: "the table lost \(lost)", expected: "lost []", actual: "lost \(lost)")
    })
}

extension PlantedProperties {
  /// `planted.shrinkTrap`: the sum of `planted.fail` (off by one once the
  /// list holds more than 100 in total), computed by `TrappingSum`, which
  /// traps on a total of exactly 101. Random lists rarely total 101, but
  /// shrinking a wrong sum lowers values until the total is just above
  /// 100, so it passes through trapping candidates: the run must report
  /// the wrong sum (shrunk around the trap, to a total of 102) and the
  /// trap (in `TrappingSum.run(_:)`) as two kinds.
  static let shrinkTrap = Property<[Int]>(
    "planted.shrinkTrap", generator: lists,
    render: { list, _ in
      SwiftCode.test(
        named: "planted.shrinkTrap",
        body: ["#expect(TrappingSum.run(\(SwiftCode.list(list))) == \(list.reduce(0, +)))"])
    },
    check: { list, context in
      sumVerdict(list, actual: traced(context, "TrappingSum", "run(_:)") { TrappingSum.run(list) })
    })
}

extension PlantedProperties {
  /// `planted.twoTraps`: `TwoTraps` traps in `checkValues(_:)` on a value
  /// of 50 or more, and otherwise in `checkTotal(_:)` on a total above
  /// 100. Shrinking a high-value crash lowers values and passes through
  /// lists that total over 100 with no high value left, which trap in the
  /// other call: each trap must keep its own call, the high one shrunk to
  /// `[50]`.
  static let twoTraps = Property<[Int]>(
    "planted.twoTraps", generator: lists,
    render: { list, _ in
      SwiftCode.test(
        named: "planted.twoTraps", body: ["TwoTraps.run(\(SwiftCode.list(list)))"])
    },
    check: { list, context in
      traced(context, "TwoTraps", "checkValues(_:)", step: 0) { TwoTraps.checkValues(list) }
      traced(context, "TwoTraps", "checkTotal(_:)", step: 1) { TwoTraps.checkTotal(list) }
      return .pass
    })
}
