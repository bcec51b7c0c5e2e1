// A user's fuzz executable in miniature: "their" implementation (a tiny
// stack with a planted trap) checked by a few properties, and catalog
// properties of planted implementations, handed to the fuzz command's
// library entry point beside the planted properties that exercise the
// command itself (`Planted/`). FuzzCommandTests drive it.
//
// The planted implementations (the staged differ, the full snapshots with
// two bugs) are TestSupport's, so the fuzz command's distinct failures are
// checked on the very implementations `Conformance.check`'s are.
import Foundation
import Generators
import SnapshotCore
import SnapshotEngine
@_spi(Testing) import SnapshotFuzzCommand
import TestSupport
import Verification

/// The code under test: a stack whose `pop` traps on values of 50 or more
/// (the planted bug), and traps on an empty stack (as it should).
struct FixtureStack {
  var values: [Int] = []

  mutating func push(_ value: Int) { values.append(value) }

  mutating func pop() -> Int {
    guard let last = values.popLast() else { fatalError("pop on an empty stack") }
    precondition(last < 50, "fixture trap: popped \(last)")
    return last
  }
}

extension FixtureStack {
  /// `pop()`, told to `context` as the stack's call at `step`: a trap in
  /// it is blamed on `pop()` (the culprit the reports group by).
  mutating func pop(_ context: CheckContext, step: Int) -> Int {
    context.willCall("stack", "pop()", step)
    defer { context.didCall() }
    return pop()
  }

  /// The sum of the values: off by one once the stack holds five or more
  /// (the second planted bug, a wrong result that does not trap).
  var total: Int { values.reduce(0, +) + (values.count >= 5 ? 1 : 0) }
}

let lists = Gen<Int>.int(in: 0...60).array(count: 0...6)

/// The kind of `fixture.twoKinds`' wrong total.
let wrongTotal = FailureKind("total")

/// Two independent bugs of different kinds in one property: the total is
/// wrong on five or more values (a wrong result, checked first), and
/// popping traps on a value of 50 or more (a crash in `pop()`). A run must
/// report both, the crash first, each shrunk keeping its kind: `[50]` and
/// `[0, 0, 0, 0, 0]`.
let twoKinds = Property<[Int]>(
  "fixture.twoKinds", generator: lists,
  render: { list, _ in
    SwiftCode.test(named: "fixture.twoKinds", body: ["// push, total and pop \(list)"])
  },
  check: { list, context in
    var stack = FixtureStack()
    for value in list { stack.push(value) }
    let expected = list.reduce(0, +)
    guard stack.total == expected else {
      return .fail(message: "total is \(stack.total), expected \(expected)", kind: wrongTotal)
    }
    let popped = list.indices.map { stack.pop(context, step: $0) }
    return popped == list.reversed() ? .pass : .fail(message: "popped \(popped)")
  })

/// Pushing then popping everything returns the values reversed; traps in
/// `pop()` on a value of 50 or more (the bug the run must find and shrink
/// to [50]).
let roundTrip = Property<[Int]>(
  "fixture.roundTrip", generator: lists,
  render: { list, _ in
    SwiftCode.test(named: "fixture.roundTrip", body: ["// push and pop \(list)"])
  },
  check: { list, context in
    var stack = FixtureStack()
    for value in list { stack.push(value) }
    let popped = list.indices.map { stack.pop(context, step: $0) }
    return popped == list.reversed() ? .pass : .fail(message: "popped \(popped)")
  })

/// Pops everything pushed and checks the count: the same trap in `pop()`
/// as `roundTrip`, on the same generator, so both shrink to one case and
/// are one cause, grouped in every report.
let drain = Property<[Int]>(
  "fixture.drain", generator: lists,
  render: { list, _ in
    SwiftCode.test(named: "fixture.drain", body: ["// push and drain \(list)"])
  },
  check: { list, context in
    var stack = FixtureStack()
    for value in list { stack.push(value) }
    var popped = 0
    while !stack.values.isEmpty {
      _ = stack.pop(context, step: popped)
      popped += 1
    }
    return popped == list.count ? .pass : .fail(message: "drained \(popped)")
  })

/// Always holds.
let count = Property<[Int]>(
  "fixture.count", generator: lists,
  check: { list in
    var stack = FixtureStack()
    for value in list { stack.push(value) }
    return stack.values.count == list.count ? .pass : .fail(message: "count differs")
  })

/// Popping one more value than was pushed traps: every case must trap.
var popPastEnd = Property<[Int]>(
  "fixture.popPastEnd", generator: Gen<Int>.int(in: 0...40).array(count: 0...3),
  check: { list in
    var stack = FixtureStack()
    for value in list { stack.push(value) }
    for _ in 0...list.count { _ = stack.pop() }
    return .pass
  })
popPastEnd.expectsTrap = true

/// Wrongly expects a trap from popping as many values as were pushed: the
/// case returns normally, so the run must fail it.
var popToEmpty = Property<[Int]>(
  "fixture.popToEmpty", generator: Gen<Int>.int(in: 0...40).array(count: 0...3),
  check: { list in
    var stack = FixtureStack()
    for value in list { stack.push(value) }
    for _ in list { _ = stack.pop() }
    return .pass
  })
popToEmpty.expectsTrap = true

/// A data source with `String` ids that traps where UIKit raises (a drag
/// from or to a path that is not a row, lazy children already in the
/// tree), as users ship them; `misuse.traps.datasource` must see it trap.
let trapping = Implementation.mapped(
  name: "trapping data source", snapshot: EngineSnapshot<String, String>.self,
  sectionSnapshot: EngineSectionSnapshot<String>.self,
  dataSource: TrappingDataSource<String, String>.self, identifiers: StringIdentifiers.self,
  misuse: .traps
) { EngineDiffer<String, String>() }
let dataSourceTraps = Catalog.properties(for: trapping, families: [.misuse])
  .filter { $0.name == "misuse.traps.datasource" }

typealias EngineFull = EngineSnapshot<Int, Int>

/// `staged.diff.roundTrip`: the staged differ with a stage-data repeat
/// (UIKit raises "invalid number of items") and identity loss.
let stagedTwoBugs = Implementation(
  name: "staged twice+reinsert", snapshot: EngineFull.self,
  sectionSnapshot: EngineSectionSnapshot<Int>.self
) { TwiceHoldingReinsertingStagedDiffer<EngineFull>() }
/// `twoBugs.full.differential`: `appendItems` skipping existing ids and
/// `deleteAllItems` keeping the sections.
let fullTwoBugs = Implementation(
  name: "two bugs", snapshot: PlantedFull.SkipExistingMoveKeepingSections.self,
  sectionSnapshot: EngineSectionSnapshot<Int>.self
) { LayoutDiffer<PlantedFull.SkipExistingMoveKeepingSections>() }
let distinctKinds =
  Catalog.properties(for: stagedTwoBugs, families: [.diff])
  .filter { $0.name == "diff.roundTrip" }.map { $0.prefixed("staged.") }
  + Catalog.properties(for: fullTwoBugs, families: [.full])
  .filter { $0.name == "full.differential" }.map { $0.prefixed("twoBugs.") }

/// `keptSections.full.differential`: a script that empties a snapshot
/// with `deleteAllItems()` (which keeps the sections) and then appends a
/// section (which traps) fails in both ways, each blamed on its own call.
let keptSections = Implementation(
  name: "keeps sections, then traps", snapshot: PlantedFull.KeepingSectionsThenTrapping.self,
  sectionSnapshot: EngineSectionSnapshot<Int>.self
) { LayoutDiffer<PlantedFull.KeepingSectionsThenTrapping>() }
let keptSectionsThenTrap = Catalog.properties(for: keptSections, families: [.full])
  .filter { $0.name == "full.differential" }.map { $0.prefixed("keptSections.") }

/// A differ-only user's `full.` family, contracts included: every property
/// is skipped (no snapshot of its own), and every report of a run lists
/// them.
let skipped = Catalog.skipped(
  for: Implementation.differOnly(name: "fixture differ") { EngineDiffer<Int, Int>() },
  families: [.full], includeContracts: true)

/// The stack's properties.
let own = [roundTrip, drain, count, popPastEnd, popToEmpty, twoKinds].map {
  $0.eraseToAnyProperty()
}

/// The fixture's own switch for the fault FuzzCommandTests inject
/// (`report-write`: writing `report.json` fails); the shipped command has
/// none.
let faultVariable = "FIXTURE_INJECT_FAULT"
if ProcessInfo.processInfo.environment[faultVariable] == "report-write" {
  ReportSet.injectedFault = .reportWrite
}

// No default corpus: a planted failure must never reach the committed
// corpus (`Tests/Regressions`), which `swift test` replays; a run writes
// one only where `--corpus` says.
SnapshotFuzz.main(
  properties: own + dataSourceTraps + distinctKinds + keptSectionsThenTrap
    + PlantedProperties.all,
  skipped: skipped, defaultCorpus: nil)
