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
}
