/// A model-based command generator (fast-check's commands, Hypothesis's
/// rule-based state machines): each command is chosen among those
/// meaningful for the reference state reached so far, then applied to that
/// state before the next one is drawn.
///
/// Commands should draw their id arguments as an *index into the live ids*
/// of the current state (`ChoiceSource.element(of:)`), so that when the
/// shrinker deletes an earlier command the later ones still decode to
/// meaningful commands.
public struct StateMachine<State, Command>: Sendable {
  /// Creates the initial reference state.
  public let initial: @Sendable () -> State
  /// The generator of the next command, given the current state.
  public let command: @Sendable (State) -> Gen<Command>
  /// Applies a command to the reference state (errors leave it unchanged).
  public let next: @Sendable (inout State, Command) -> Void

  /// Creates a state machine.
  public init(
    initial: @escaping @Sendable () -> State,
    command: @escaping @Sendable (State) -> Gen<Command>,
    next: @escaping @Sendable (inout State, Command) -> Void
  ) {
    self.initial = initial
    self.command = command
    self.next = next
  }

  /// A script of commands starting from `initial()`, its length encoded as
  /// continue choices; each command is a span labelled `"command"`.
  public func commands(count: ClosedRange<Int> = 0...50) -> Gen<[Command]> {
    commands(from: .init { _ in self.initial() }, count: count)
  }

  /// A script of commands starting from a generated state.
  public func commands(from start: Gen<State>, count: ClosedRange<Int> = 0...50)
    -> Gen<[Command]>
  {
    script(from: start, count: count).map(\.commands)
  }

  /// A generated start state and a script of commands from it, with the
  /// state the reference reaches at the end.
  public func script(from start: Gen<State>, count: ClosedRange<Int> = 0...50)
    -> Gen<(start: State, commands: [Command], end: State)>
  {
    Gen.primitive { source throws(GenerationError) in
      let first = try start.generate(source, label: "start")
      var state = first
      let commands = try self.generateCommands(source, from: &state, count: count)
      return (first, commands, state)
    }
  }

  /// Draws a script of commands from `state`, advancing `state` through
  /// them; each command is a span labelled `"command"`.
  public func generateCommands(
    _ source: ChoiceSource, from state: inout State, count: ClosedRange<Int>
  ) throws(GenerationError) -> [Command] {
    var current = state
    defer { state = current }
    return try source.collect(count: count) { () throws(GenerationError) in
      let token = source.beginSpan("command")
      defer { source.endSpan(token) }
      let command = try self.command(current).generate(source)
      self.next(&current, command)
      return command
    }
  }
}
