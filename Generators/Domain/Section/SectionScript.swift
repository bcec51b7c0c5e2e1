import SnapshotCore
import SnapshotModel

/// An edit script for a section snapshot: a start forest, then commands run
/// in order. The structured, `Codable` form of a generated section-snapshot
/// case.
public struct SectionScript: Hashable, Sendable, Codable {
  /// The start forest.
  public var initial: Forest
  /// The commands, in order.
  public var commands: [SectionCommand]

  /// Creates a script.
  public init(initial: Forest = Forest(), commands: [SectionCommand]) {
    self.initial = initial
    self.commands = commands
  }

  /// Builds the start forest as `T`, then runs every command, ignoring
  /// thrown errors.
  public func run<T: SectionSnapshotProtocol<Int>>(as type: T.Type = T.self) -> T {
    var snapshot = initial.build(as: T.self)
    for command in commands { _ = try? command.apply(to: &snapshot) }
    return snapshot
  }

  /// Swift statements that build the start forest in `name` (of `type`) and
  /// replay the commands: `try` where the reference model accepts the call,
  /// `#expect(throws: SnapshotError.self) { … }` where it rejects it; each
  /// snapshot argument is declared just before its use.
  public func swiftStatements(on name: String, type: String = "ModelSectionSnapshot<Int>")
    -> [String]
  {
    var lines = initial.swiftStatements(declaring: name, type: type)
    var model = initial.build(as: ModelSectionSnapshot<Int>.self)
    for (index, command) in commands.enumerated() {
      let argument = "\(name)Arg\(index)"
      if let forest = command.forest {
        lines += forest.swiftStatements(declaring: argument, type: type)
      }
      var call = command.swiftCall(on: name, argument: argument)
      if case .snapshot = command {
        call = "_ = " + "try " + call
      } else if command.canThrow {
        call = "try " + call
      }
      do throws(SnapshotError) {
        try command.apply(to: &model)
        lines.append(call)
      } catch {
        let body = call.hasPrefix("_ = ") ? String(call.dropFirst(4)) : call
        lines.append("#expect(throws: SnapshotError.self) { \(body) }  // \(error)")
      }
    }
    return lines
  }
}
