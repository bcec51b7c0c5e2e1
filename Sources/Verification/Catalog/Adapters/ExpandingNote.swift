import SnapshotCore

/// The tree a `userToggle` starts from and the rejection its lazy children
/// met, if any.
final class ExpandingNote<Tree> {
  var tree: Tree?
  var rejection: SnapshotError?
}
