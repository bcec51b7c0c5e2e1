/// The shrinker's passes, in the order a round runs them (see `Shrinker`).
enum ShrinkPass: CaseIterable, Hashable, Sendable {
  /// Delete spans, growing a success over the following siblings.
  case deleteSpans
  /// Set a span's choices to 0.
  case zeroSpans
  /// Replace a span by a nested span with the same label.
  case replaceWithDescendants
  /// Lower equal choices together.
  case lowerEqualChoices
  /// Lower each choice.
  case minimizeChoices
  /// Move value between two nearby choices.
  case movePairs
  /// Swap neighbouring sibling spans and choices into order.
  case sortNeighbours
  /// Delete adjacent pairs of choices.
  case deleteChoices
  /// Delete single choices.
  case deleteSingleChoices
  /// Lower a count while deleting as many spans after it.
  case lowerAndDelete
  /// Delete a span while lowering the following siblings' values.
  case deleteAndShift
  /// Change one of the first choices while deleting spans after it.
  case raiseAndDelete
  /// Replace a span by a copy of its shorter previous sibling, a choice or
  /// two raised.
  case copySiblings

  /// The passes every round runs.
  static let cheap: [ShrinkPass] = [
    .deleteSpans, .zeroSpans, .replaceWithDescendants, .lowerEqualChoices, .minimizeChoices,
    .movePairs, .sortNeighbours, .deleteChoices,
  ]
  /// The passes that run when the cheap ones change nothing.
  static let whenStuck: [ShrinkPass] = [.lowerAndDelete, .deleteAndShift, .deleteSingleChoices]
  /// The pass that runs when all others change nothing.
  static let last: [ShrinkPass] = [.raiseAndDelete, .copySiblings]
}
