import SnapshotCore

/// One call on a headless data source (semantics B.5, C, D), named like the
/// API: full and per-section applies, a user's disclosure tap and a user's
/// drag.
public enum DataSourceCommand: Hashable, Sendable, Codable {
  /// `apply(_:contents:)` of the full snapshot with this layout and the
  /// `marks` (`reloadItems`, `reconfigureItems`, `reloadSections`) made on
  /// it; `changed` items get content 1, every other item content 0.
  case apply([FullScript.Layout], changed: [Int], marks: [FullCommand] = [])
  /// `apply(_:to:)` of a section snapshot holding the forest.
  case applyTo(Forest, section: Int)
  /// `userToggle(_:in:)`: a tap on the disclosure of a row.
  case userToggle(Int, in: Int)
  /// `userReorder(from:to:)`: a drag of the row at `from` to `to`.
  case userReorder(from: ItemPath, to: ItemPath)

  /// The operation's Swift name; the bucket of the command-kind histogram.
  public var operation: String {
    switch self {
    case .apply: return "apply(_:contents:)"
    case .applyTo: return "apply(_:to:)"
    case .userToggle: return "userToggle(_:in:)"
    case .userReorder: return "userReorder(from:to:)"
    }
  }

  /// Performs the command on `dataSource`.
  /// - Returns: what the call returned, as a value the differential
  ///   properties compare.
  /// - Throws: what `userToggle` or `userReorder` throws.
  @discardableResult
  @inlinable
  public func perform<D: DataSourceProtocol>(on dataSource: inout D) throws(SnapshotError)
    -> DataSourceOutcome
  where D.Section == Int, D.Item == Int {
    switch self {
    case .apply(let layout, let changed, let marks):
      let (snapshot, contents) = Self.fullArgument(
        layout, changed: changed, marks: marks, as: D.Snapshot.self)
      return .changeset(dataSource.apply(snapshot, contents: contents))
    case .applyTo(let forest, let section):
      return .changeset(dataSource.apply(forest.build(as: D.SectionSnapshot.self), to: section))
    case .userToggle(let item, let section):
      return .toggle(try dataSource.userToggle(item, in: section))
    case .userReorder(let from, let to):
      let transaction = try dataSource.userReorder(from: from, to: to)
      return .reorder(transaction.map { $0.difference.map(DataSourceOutcome.describe) })
    }
  }

  /// The snapshot and content map an `apply` passes (marks made, a mark
  /// naming an absent id skipped); `nil` for other commands.
  @inlinable
  public func fullArgument<S: SnapshotProtocol<Int, Int>>(as type: S.Type = S.self)
    -> (snapshot: S, contents: ContentMap<Int>)?
  {
    guard case .apply(let layout, let changed, let marks) = self else { return nil }
    return Self.fullArgument(layout, changed: changed, marks: marks, as: type)
  }

  @inlinable
  static func fullArgument<S: SnapshotProtocol<Int, Int>>(
    _ layout: [FullScript.Layout], changed: [Int], marks: [FullCommand], as type: S.Type
  ) -> (snapshot: S, contents: ContentMap<Int>) {
    var snapshot = S()
    FullScript(initial: layout, commands: marks).run(on: &snapshot)
    var contents: ContentMap<Int> = [:]
    for item in snapshot.itemIdentifiers { contents[item] = changed.contains(item) ? 1 : 0 }
    return (snapshot, contents)
  }

  /// The call as Swift source on the data source `name`; a forest or
  /// snapshot argument is the variable `argument`.
  public func swiftCall(
    on name: String, argument: String = "arg", ids: IdentifierText = .numbers
  ) -> String {
    switch self {
    case .apply: return "\(name).apply(\(argument), contents: \(argument)Contents)"
    case .applyTo(_, let section): return "\(name).apply(\(argument), to: \(ids.section(section)))"
    case .userToggle(let item, let section):
      return "\(name).userToggle(\(ids.item(item)), in: \(ids.section(section)))"
    case .userReorder(let from, let to):
      return "\(name).userReorder(from: ItemPath(section: \(from.section), item: \(from.item)), "
        + "to: ItemPath(section: \(to.section), item: \(to.item)))"
    }
  }

}

/// What a data-source command returned, comparable across implementations.
public enum DataSourceOutcome: Hashable, Sendable {
  /// The changeset of an apply.
  case changeset(Changeset)
  /// The outcome of a toggle.
  case toggle(ToggleOutcome)
  /// The global difference of a reorder (its changes described), or `nil`
  /// when the drag was refused.
  case reorder([String]?)

  /// A change of a `CollectionDifference` as text.
  @usableFromInline
  static func describe(_ change: CollectionDifference<Int>.Change) -> String {
    switch change {
    case .insert(let offset, let element, let associated):
      return "+\(element)@\(offset)" + (associated.map { "<-\($0)" } ?? "")
    case .remove(let offset, let element, let associated):
      return "-\(element)@\(offset)" + (associated.map { "->\($0)" } ?? "")
    }
  }
}
