import Generators
import SnapshotCore

/// The expansion rules of semantics B.4, checked on one implementation's
/// section snapshot around one command: the state before, the command, the
/// state after (and the extracted snapshot of `snapshot(of:)`).
struct ExpansionAudit<T: SectionSnapshotProtocol<Int>> {
  /// One rule of the audit: the last component of its property's name.
  enum Rule: String, CaseIterable, Sendable {
    /// Flags of items the command does not name survive it (edits
    /// elsewhere, a parent losing its children, collapsing an ancestor).
    case editsElsewhere
    /// Items added by `append`/`insert` start collapsed, also when they were
    /// deleted while expanded (the flag is dropped on delete).
    case droppedOnDelete
    /// Collapsing an expanded item keeps its descendants' flags, and
    /// expanding it again restores the previous visible rows; expanding a
    /// collapsed item and collapsing it again is the identity.
    case ancestorCollapse
    /// `snapshot(of:)` carries the flags of the extracted items.
    case snapshotOf
    /// `insert(snapshot, …)` adopts the inserted snapshot's tree and flags.
    case insertSnapshot
    /// `replace(childrenOf:using:)` drops the old children's flags, adopts
    /// the replacement's, and keeps the parent's.
    case replaceChildren
  }

  let before: T
  let command: SectionCommand
  let after: T
  let extracted: T?

  func flag(_ t: T, _ item: Int) -> Bool { (try? t.isExpanded(item)) ?? false }

  /// `t.expandedItems` as the catalog may read it (`expandedItemsRead`).
  func expanded(_ t: T) -> [Int] { t.expandedItemsRead }

  func subtree(_ t: T, of item: Int) -> [Int] {
    (try? t.snapshot(of: item, includingParent: true))?.items ?? []
  }

  /// The ids the command names or creates, whose flags it may change.
  var touched: Set<Int> {
    switch command {
    case .append(let ids, _), .insert(let ids, _), .expand(let ids), .collapse(let ids):
      return Set(ids)
    case .insertSnapshot(let forest, _): return Set(forest.items)
    case .delete(let ids): return Set(ids.flatMap { subtree(before, of: $0) })
    case .deleteAll: return Set(before.items)
    case .replace(let parent, let forest):
      return Set(subtree(before, of: parent).filter { $0 != parent } + forest.items)
    case .snapshot: return []
    }
  }

  /// The first violation of `rule`, if any.
  func violation(of rule: Rule) -> String? {
    switch rule {
    case .editsElsewhere: return editsElsewhere
    case .droppedOnDelete: return droppedOnDelete
    case .ancestorCollapse: return ancestorCollapse
    case .snapshotOf: return snapshotOf
    case .insertSnapshot: return insertSnapshot
    case .replaceChildren: return replaceChildren
    }
  }

  /// An id as the running check writes it (`StateText.identifiers`).
  func idText(_ item: Int) -> String { StateText.identifiers.item(item) }

  /// Ids as the running check writes them.
  func idsText(_ items: [Int]) -> String { StateText.identifiers.items(items) }

  var editsElsewhere: String? {
    let touched = touched
    for item in before.items where !touched.contains(item) && after.contains(item) {
      if flag(before, item) != flag(after, item) {
        return "\(command.operation) changed the flag of \(idText(item)), which it does not name"
      }
    }
    return nil
  }

  var droppedOnDelete: String? {
    switch command {
    case .append(let ids, _), .insert(let ids, _):
      for item in ids where !before.contains(item) && flag(after, item) {
        return "\(idText(item)) was added expanded; a fresh item starts collapsed"
      }
    case .delete, .deleteAll:
      for item in expanded(after) where !after.contains(item) {
        return "deleted item \(idText(item)) is still in expandedItems"
      }
    default: break
    }
    return nil
  }

  var ancestorCollapse: String? {
    switch command {
    case .collapse(let ids):
      let reopened = ids.filter { before.contains($0) && flag(before, $0) }
      guard !reopened.isEmpty else { return nil }
      var copy = after
      copy.expand(reopened)
      if copy.visibleItems != before.visibleItems {
        return
          "collapsing then expanding \(idsText(reopened)) shows \(idsText(copy.visibleItems)), "
          + "not the previous rows \(idsText(before.visibleItems))"
      }
    case .expand(let ids):
      let opened = ids.filter { before.contains($0) && !flag(before, $0) }
      guard !opened.isEmpty else { return nil }
      var copy = after
      copy.collapse(opened)
      if copy.visibleItems != before.visibleItems || expanded(copy) != expanded(before) {
        return "expanding then collapsing collapsed \(idsText(opened)) is not the identity"
      }
    default: break
    }
    return nil
  }

  var snapshotOf: String? {
    guard case .snapshot(let parent, let includingParent) = command, let extracted else {
      return nil
    }
    let expectedItems = subtree(before, of: parent).dropFirst(includingParent ? 0 : 1)
    if extracted.items != Array(expectedItems) {
      return
        "snapshot(of: \(idText(parent))) holds \(idsText(extracted.items)), expected \(idsText(Array(expectedItems)))"
    }
    for item in extracted.items where flag(extracted, item) != flag(before, item) {
      return "snapshot(of: \(idText(parent))) did not carry the flag of \(idText(item))"
    }
    return nil
  }

  var insertSnapshot: String? {
    guard case .insertSnapshot(let forest, _) = command else { return nil }
    return adopted(forest.build(as: T.self), under: nil)
  }

  var replaceChildren: String? {
    guard case .replace(let parent, let forest) = command else { return nil }
    let argument = forest.build(as: T.self)
    if flag(before, parent) != flag(after, parent) {
      return "replace(childrenOf: \(idText(parent))) changed the parent's own flag"
    }
    let children = (try? after.snapshot(of: parent))?.rootItems ?? []
    if children != argument.rootItems {
      return
        "children of \(idText(parent)) are \(idsText(children)), expected \(idsText(argument.rootItems))"
    }
    return adopted(argument, under: parent)
  }

  /// Whether every item of the grafted `argument` sits in `after` under its
  /// parent in `argument` (roots under `root`, when given) with its flag.
  func adopted(_ argument: T, under root: Int?) -> String? {
    for item in argument.items {
      guard after.contains(item) else {
        return "\(idText(item)) of the grafted snapshot is missing"
      }
      if flag(after, item) != flag(argument, item) {
        return "\(idText(item)) lost its flag from the grafted snapshot (expected "
          + "\(flag(argument, item) ? "expanded" : "collapsed"))"
      }
      let expectedParent = (try? argument.parent(of: item)) ?? nil
      let checkParent = expectedParent != nil || root != nil
      if checkParent, (try? after.parent(of: item)) != (expectedParent ?? root) {
        return "\(idText(item)) is not under \((expectedParent ?? root).map(idText) ?? "the roots")"
      }
    }
    return nil
  }
}
