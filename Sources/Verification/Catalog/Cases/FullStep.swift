import SnapshotCore

/// One full-snapshot operation (semantics part A) in a catalog case, with
/// `Int` ids: the operation kind, its id list and its anchor.
///
/// `Codable` as a flat record (`{"kind": "moveItemAfter", "ids": [3],
/// "target": 5}`), so a corpus entry stays readable and replays after the
/// generators change.
public struct FullStep: Hashable, Sendable, Codable {
  /// The operation, named after the Swift API and its anchor label.
  public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
    case appendItems, insertItemsBefore, insertItemsAfter, deleteItems, deleteAllItems
    case moveItemBefore, moveItemAfter, reloadItems, reconfigureItems
    case appendSections, insertSectionsBefore, insertSectionsAfter, deleteSections
    case moveSectionBefore, moveSectionAfter, reloadSections
  }

  /// The operation.
  public var kind: Kind
  /// The id argument list (a single id for moves).
  public var ids: [Int]
  /// The anchor (destination item/section, or `toSection`), if any.
  public var target: Int?

  /// Creates a step.
  public init(_ kind: Kind, _ ids: [Int], target: Int? = nil) {
    self.kind = kind
    self.ids = ids
    self.target = target
  }

  /// Performs the step on `snapshot`.
  /// - Throws: what the operation throws; the snapshot is then unchanged.
  public func apply<S: SnapshotProtocol<Int, Int>>(to s: inout S) throws(SnapshotError) {
    let anchor = target ?? -1
    let first = ids.first ?? -1
    switch kind {
    case .appendItems: try s.appendItems(ids, toSection: target)
    case .insertItemsBefore: try s.insertItems(ids, beforeItem: anchor)
    case .insertItemsAfter: try s.insertItems(ids, afterItem: anchor)
    case .deleteItems: try s.deleteItems(ids)
    case .deleteAllItems: s.deleteAllItems()
    case .moveItemBefore: try s.moveItem(first, beforeItem: anchor)
    case .moveItemAfter: try s.moveItem(first, afterItem: anchor)
    case .reloadItems: try s.reloadItems(ids)
    case .reconfigureItems: try s.reconfigureItems(ids)
    case .appendSections: try s.appendSections(ids)
    case .insertSectionsBefore: try s.insertSections(ids, beforeSection: anchor)
    case .insertSectionsAfter: try s.insertSections(ids, afterSection: anchor)
    case .deleteSections: try s.deleteSections(ids)
    case .moveSectionBefore: try s.moveSection(first, beforeSection: anchor)
    case .moveSectionAfter: try s.moveSection(first, afterSection: anchor)
    case .reloadSections: try s.reloadSections(ids)
    }
  }

  /// The call as Swift source on the variable `name`, without `try`.
  public func swiftCall(on name: String) -> String {
    let list = "[" + ids.map(String.init).joined(separator: ", ") + "]"
    let anchor = target.map(String.init) ?? "nil"
    let first = ids.first.map(String.init) ?? "-1"
    switch kind {
    case .appendItems: return "\(name).appendItems(\(list), toSection: \(anchor))"
    case .insertItemsBefore: return "\(name).insertItems(\(list), beforeItem: \(anchor))"
    case .insertItemsAfter: return "\(name).insertItems(\(list), afterItem: \(anchor))"
    case .deleteItems: return "\(name).deleteItems(\(list))"
    case .deleteAllItems: return "\(name).deleteAllItems()"
    case .moveItemBefore: return "\(name).moveItem(\(first), beforeItem: \(anchor))"
    case .moveItemAfter: return "\(name).moveItem(\(first), afterItem: \(anchor))"
    case .reloadItems: return "\(name).reloadItems(\(list))"
    case .reconfigureItems: return "\(name).reconfigureItems(\(list))"
    case .appendSections: return "\(name).appendSections(\(list))"
    case .insertSectionsBefore: return "\(name).insertSections(\(list), beforeSection: \(anchor))"
    case .insertSectionsAfter: return "\(name).insertSections(\(list), afterSection: \(anchor))"
    case .deleteSections: return "\(name).deleteSections(\(list))"
    case .moveSectionBefore: return "\(name).moveSection(\(first), beforeSection: \(anchor))"
    case .moveSectionAfter: return "\(name).moveSection(\(first), afterSection: \(anchor))"
    case .reloadSections: return "\(name).reloadSections(\(list))"
    }
  }

  /// Whether the call can throw.
  public var canThrow: Bool { kind != .deleteAllItems }

  /// Swift statements replaying `steps` on `name`, with `try` for steps the
  /// reference model accepts and `#expect(throws:)` for those it rejects.
  public static func swiftStatements(_ steps: [FullStep], on name: String) -> [String] {
    var model = ModelReference.Snapshot()
    return steps.map { step in
      let call = step.swiftCall(on: name)
      guard step.canThrow else { return call }
      do throws(SnapshotError) {
        try step.apply(to: &model)
        return "try " + call
      } catch {
        return "#expect(throws: SnapshotError.self) { try \(call) }  // \(error)"
      }
    }
  }
}
