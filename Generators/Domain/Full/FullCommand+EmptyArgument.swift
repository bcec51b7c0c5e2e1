extension FullCommand {
  /// The same command with an empty id list, for the operations that take
  /// one (the boundary every list argument has); `nil` for the others.
  public var emptied: FullCommand? {
    switch self {
    case .appendItems(_, let section): return .appendItems([], toSection: section)
    case .insertItems(_, let anchor): return .insertItems([], anchor)
    case .deleteItems: return .deleteItems([])
    case .reloadItems: return .reloadItems([])
    case .reconfigureItems: return .reconfigureItems([])
    case .appendSections: return .appendSections([])
    case .insertSections(_, let anchor): return .insertSections([], anchor)
    case .deleteSections: return .deleteSections([])
    case .reloadSections: return .reloadSections([])
    case .deleteAllItems, .moveItem, .moveSection: return nil
    }
  }

  /// Whether the command takes an id list and it is empty.
  public var hasEmptyArgument: Bool { emptied == self }
}

extension FullScript {
  /// The share of valid full and section commands drawn with an empty id
  /// list.
  static let emptyArgumentShare = 0.04

  /// The size hint from which invalid commands also take empty lists and
  /// full scripts may be bulk scenarios: the later cases of a run explore
  /// these boundaries, the earlier, smaller ones keep their choices (and
  /// so the small starts their failures shrink to).
  static let boundarySize = 50
}
