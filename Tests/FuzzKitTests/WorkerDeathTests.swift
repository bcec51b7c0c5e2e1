import Foundation
import FuzzKit
import Testing

@Suite struct WorkerDeathTests {
  @Test func aTrapNamesItselfAndAKillIsAKill() {
    #expect(WorkerDeath.describe(signal: SIGILL) == "trapped (SIGILL)")
    #expect(WorkerDeath.describe(signal: SIGTRAP) == "trapped (SIGTRAP)")
    #expect(WorkerDeath.describe(signal: SIGKILL) == "killed (SIGKILL)")
    #expect(WorkerDeath.describe(signal: SIGSEGV) == "crashed (SIGSEGV)")
    #expect(WorkerDeath.describe(signal: 63) == "crashed (signal 63)")
    #expect(WorkerDeath.isTrap(SIGILL) && !WorkerDeath.isTrap(SIGKILL))
  }

  /// A release build prints nothing for a failed precondition: its
  /// backtrace (as the toolchain's backtracer writes it) names the runtime
  /// failure and the first frame in the program's own code.
  @Test func aReleaseTrapIsDescribedFromItsBacktrace() {
    let precondition = """

      *** Signal 4: Backtracing from 0x55f1a184b094... done ***

      *** Swift runtime failure: precondition failure ***

      Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

      Thread 0 "t" crashed:

        0 [inlined] [system] 0x000055f1a184b094 Swift runtime failure: precondition failure in t at //<compiler-generated>
        1                    0x000055f1a184b094 f(_:) + 244 in t at /tmp/rt/t.swift:5:15
      ...

      Backtrace took 0.09s
      """
    #expect(
      WorkerDeath.trapMessage(standardError: precondition)
        == "Swift runtime failure: precondition failure at f(_:) (t.swift:5:15)")
    let index = """
      *** Program crashed: Illegal instruction at 0x00005614b5a0709a ***

      Thread 0 "t" crashed:

        0 [inlined] [system] 0x00005614b5a0709a specialized Array.subscript.getter in t at //<compiler-generated>
        1                    0x00005614b5a0709a f(_:) + 250 in t at /tmp/rt/t.swift:7:25
      """
    #expect(
      WorkerDeath.trapMessage(standardError: index)
        == "trap in specialized Array.subscript.getter at f(_:) (t.swift:7:25)")
    // A closure in top-level code (no context name) under an inlined
    // standard-library frame, as a release build of a fuzz executable shows.
    let topLevel = """
      *** Program crashed: Illegal instruction at 0x000055d3a1c63955 ***
      Thread 0 "snapshot-fuzz-f" crashed:
        0 [inlined] [system]      0x000055d3a1c63955 specialized Collection.map<A, B>(_:) in snapshot-fuzz-fixture at //<compiler-generated>
        1                         0x000055d3a1c63955 closure #2 in  + 757 in snapshot-fuzz-fixture at /work/Tests/FuzzFixture/main.swift:34:23
        2 [ra]                    0x000055d3a19db5ff closure #3 in AnyProperty.init<A>(_:) + 206 in snapshot-fuzz-fixture at /work/Sources/Verification/Property/AnyProperty.swift:55:23
      """
    #expect(
      WorkerDeath.trapMessage(standardError: topLevel)
        == "trap in specialized Collection.map<A, B>(_:) at closure #2 (main.swift:34:23)")
    // A message the runtime printed wins over the backtrace.
    let printed = "t/t.swift:6: Fatal error: my fatal msg\n" + index
    #expect(
      WorkerDeath.trapMessage(standardError: printed) == "t/t.swift:6: Fatal error: my fatal msg")
    #expect(WorkerDeath.hasPrintedMessage("trapped (SIGILL): Fatal error: x"))
    #expect(
      !WorkerDeath.hasPrintedMessage(
        "trapped (SIGILL): Swift runtime failure: precondition failure"))
    // Nothing recognisable: no message.
    #expect(WorkerDeath.trapMessage(standardError: "some log line\nanother") == nil)
  }
}
