/// One change of a section snapshot's visible rows (`visibleItems`), as a
/// section snapshot that tracks its changes reports them
/// (`SectionSnapshotProtocol.visibleRowEdits(since:)`): applied in order to
/// the rows of the snapshot it was derived from, the edits give its rows.
public enum VisibleRowEdit<ItemIdentifier: Hashable>: Hashable {
  /// `rows`, in order, directly after the row `after` (`nil`: first).
  case insert(_ rows: [ItemIdentifier], after: ItemIdentifier?)
  /// `rows` removed (each one shown before the edit).
  case delete(_ rows: [ItemIdentifier])

  /// The number of rows the edit names.
  /// - Complexity: O(1).
  @inlinable
  public var rowCount: Int {
    switch self {
    case .insert(let rows, _), .delete(let rows): rows.count
    }
  }
}

extension VisibleRowEdit: Sendable where ItemIdentifier: Sendable {}
