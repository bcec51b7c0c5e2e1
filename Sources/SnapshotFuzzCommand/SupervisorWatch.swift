import Foundation

/// Ends a worker when its supervisor dies, so a killed supervisor (even by
/// `SIGKILL`) leaves no worker behind, not even one stuck in a hanging
/// case.
///
/// On Linux the kernel does it: `prctl(PR_SET_PDEATHSIG, SIGKILL)` sends
/// the worker `SIGKILL` when its parent exits. A thread also checks once a
/// second that the parent is still the supervisor (`getppid()` changes to
/// a reaper when it dies): the fallback where `prctl` is missing, and the
/// cover for a supervisor that died before `prctl` ran.
enum SupervisorWatch {
  /// Starts watching; the supervisor's pid comes from the environment
  /// (`WorkerCommand.supervisorVariable`). Without it (a worker started
  /// by hand) only the kernel's signal is set up.
  static func start() {
    setParentDeathSignal()
    let supervisor = ProcessInfo.processInfo.environment[WorkerCommand.supervisorVariable]
      .flatMap { pid_t($0) }
    let parent = supervisor ?? getppid()
    if getppid() != parent { _exit(0) }
    let thread = Thread {
      while true {
        sleep(1)
        if getppid() != parent { _exit(0) }
      }
    }
    thread.start()
  }

  /// `prctl(PR_SET_PDEATHSIG, SIGKILL)`. `prctl` is variadic in C, which
  /// Swift cannot call directly; it is looked up and called with fixed
  /// integer arguments, as the system call takes them.
  private static func setParentDeathSignal() {
    #if os(Linux)
      typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
      guard let symbol = dlsym(nil, "prctl") else { return }
      let prctl = unsafeBitCast(symbol, to: Prctl.self)
      let prSetPdeathsig: Int32 = 1
      _ = prctl(prSetPdeathsig, UInt(SIGKILL), 0, 0, 0)
    #endif
  }
}
