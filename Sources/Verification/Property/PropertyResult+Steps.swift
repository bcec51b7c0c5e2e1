extension PropertyResult {
  /// The stateful check: runs `step` after each command in order and
  /// returns the first non-passing verdict, its message prefixed with the
  /// step index; `.pass` when every step passes.
  public static func allSteps<Command>(
    _ commands: [Command], _ step: (Int, Command) -> PropertyResult
  ) -> PropertyResult {
    for (index, command) in commands.enumerated() {
      switch step(index, command) {
      case .pass: continue
      case .fail(let message, let expected, let actual, let kind):
        return .fail(
          message: "step \(index): \(message)", expected: expected, actual: actual, kind: kind)
      case .discard(let reason):
        return .discard("step \(index): \(reason)")
      }
    }
    return .pass
  }
}
