extension SectionCommand {
  /// The same command with an empty id list, for the operations that take
  /// one (the boundary every list argument has); `nil` for the others.
  public var emptied: SectionCommand? {
    switch self {
    case .append(_, let parent): return .append([], to: parent)
    case .insert(_, let anchor): return .insert([], anchor)
    case .delete: return .delete([])
    case .expand: return .expand([])
    case .collapse: return .collapse([])
    case .insertSnapshot, .deleteAll, .replace, .snapshot: return nil
    }
  }

  /// Whether the command takes an id list and it is empty.
  public var hasEmptyArgument: Bool { emptied == self }
}
