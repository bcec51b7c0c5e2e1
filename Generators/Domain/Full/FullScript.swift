import SnapshotCore
import SnapshotModel

/// An edit script for a full snapshot: a start layout, then commands run
/// in order. The structured, `Codable` form of a generated full-snapshot
/// case.
public struct FullScript: Hashable, Sendable, Codable {
  /// The start layout: sections in order, each with its items.
  public var initial: [Layout]
  /// The commands, in order.
  public var commands: [FullCommand]

  /// One section of a start layout.
  public struct Layout: Hashable, Sendable, Codable {
    /// The section id.
    public var section: Int
    /// The section's items, in order.
    public var items: [Int]

    /// Creates a section layout.
    public init(section: Int, items: [Int]) {
      self.section = section
      self.items = items
    }
  }

  /// Creates a script.
  public init(initial: [Layout] = [], commands: [FullCommand]) {
    self.initial = initial
    self.commands = commands
  }

  /// The commands that build the start layout on an empty snapshot:
  /// `appendSections` of every section, then `appendItems` per non-empty
  /// section.
  public var setupCommands: [FullCommand] {
    guard !initial.isEmpty else { return [] }
    return [.appendSections(initial.map(\.section))]
      + initial.filter { !$0.items.isEmpty }.map { .appendItems($0.items, toSection: $0.section) }
  }

  /// A snapshot holding the start layout.
  @inlinable
  public func start<S: SnapshotProtocol<Int, Int>>(as type: S.Type = S.self) -> S {
    var snapshot = S()
    for command in setupCommands { try? command.apply(to: &snapshot) }
    return snapshot
  }

  /// Builds the start layout on `snapshot`, then runs every command,
  /// ignoring thrown errors (a throwing command leaves it unchanged).
  @inlinable
  public func run<S: SnapshotProtocol<Int, Int>>(on snapshot: inout S) {
    for command in setupCommands + commands { try? command.apply(to: &snapshot) }
  }

  /// The reference snapshot the script ends in.
  public var finalModel: ModelSnapshot<Int, Int> {
    var model = ModelSnapshot<Int, Int>()
    run(on: &model)
    return model
  }

  /// Swift statements that build the start layout and replay the script on
  /// the variable `name` (holding `start`): `try`
  /// for calls the reference model accepts, and
  /// `#expect(throws: SnapshotError.self) { … }` for those it rejects.
  public func swiftStatements(
    on name: String, from start: ModelSnapshot<Int, Int> = ModelSnapshot<Int, Int>()
  ) -> [String] {
    var model = start
    return (setupCommands + commands).map { command in
      let call = command.swiftCall(on: name)
      do throws(SnapshotError) {
        try command.apply(to: &model)
        return command.canThrow ? "try " + call : call
      } catch {
        return "#expect(throws: SnapshotError.self) { try \(call) }  // \(error)"
      }
    }
  }
}
