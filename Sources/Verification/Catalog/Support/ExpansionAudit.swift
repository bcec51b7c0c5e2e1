import Generators
import SnapshotCore

/// The expansion rules of semantics B.4, checked on one implementation's
/// section snapshot around one command: the state before, the command, the
/// state after (and the extracted snapshot of `snapshot(of:)`). Each
/// violation comes with the expectations a rendered test makes on the
/// candidate `c` after the call, in the user's literals.
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

  /// A broken rule: what is wrong, and the expectations that show it.
  struct Violation {
    var message: String
    var expectations: [String]
    /// The call to blame when it is not the command's own: the audit's
    /// second call of a round trip, made on a state the differential
    /// found equal to the reference's, is the one that misbehaves.
    var operation: String? = nil
  }

  let before: T
  let command: SectionCommand
  let after: T
  let extracted: T?
  let literals: Literals

  func flag(_ t: T, _ item: Int) -> Bool { (try? t.isExpanded(item)) ?? false }

  /// `t.expandedItems` as the catalog may read it (`expandedItemsRead`).
  func expanded(_ t: T) -> [Int] { t.expandedItemsRead }

  func subtree(_ t: T, of item: Int) -> [Int] {
    (try? t.snapshot(of: item, includingParent: true))?.items ?? []
  }

  /// The items the command names, directly or as the subtree it removes.
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

  /// The violation of `rule`, if any.
  func violation(of rule: Rule) -> Violation? {
    switch rule {
    case .editsElsewhere: return editsElsewhere
    case .droppedOnDelete: return droppedOnDelete
    case .ancestorCollapse: return ancestorCollapse
    case .snapshotOf: return snapshotOf
    case .insertSnapshot: return insertSnapshot
    case .replaceChildren: return replaceChildren
    }
  }

  func id(_ item: Int) -> String { literals.item(item) }

  func ids(_ items: [Int]) -> String { literals.items(items) }

  func flagExpectation(_ item: Int, _ expanded: Bool) -> String {
    "#expect(try c.isExpanded(\(id(item))) == \(expanded))"
  }

  var editsElsewhere: Violation? {
    let touched = touched
    for item in before.items where !touched.contains(item) && after.contains(item) {
      if flag(before, item) != flag(after, item) {
        return Violation(
          message: "\(command.operation) changed the flag of \(id(item)), which it does not name",
          expectations: [flagExpectation(item, flag(before, item))])
      }
    }
    return nil
  }

  var droppedOnDelete: Violation? {
    switch command {
    case .append(let items, _), .insert(let items, _):
      for item in items where !before.contains(item) && flag(after, item) {
        return Violation(
          message: "\(id(item)) was added expanded; a fresh item starts collapsed",
          expectations: [flagExpectation(item, false)])
      }
    case .delete, .deleteAll:
      for item in expanded(after) where !after.contains(item) {
        return Violation(
          message: "deleted item \(id(item)) is still in expandedItems",
          expectations: ["#expect(!c.expandedItems.contains(\(id(item))))"])
      }
    default: break
    }
    return nil
  }

  var ancestorCollapse: Violation? {
    switch command {
    case .collapse(let items):
      let reopened = items.filter { before.contains($0) && flag(before, $0) }
      guard !reopened.isEmpty else { return nil }
      var copy = after
      copy.expand(reopened)
      guard copy.visibleItems != before.visibleItems else { return nil }
      return Violation(
        message: "collapsing then expanding \(ids(reopened)) shows \(ids(copy.visibleItems)), "
          + "not the previous rows \(ids(before.visibleItems))",
        expectations: [
          "var reopened = c", "reopened.expand(\(ids(reopened)))",
          "#expect(reopened.visibleItems == \(ids(before.visibleItems)))",
        ], operation: SectionCommand.expand(reopened).operation)
    case .expand(let items):
      let opened = items.filter { before.contains($0) && !flag(before, $0) }
      guard !opened.isEmpty else { return nil }
      var copy = after
      copy.collapse(opened)
      guard copy.visibleItems != before.visibleItems || expanded(copy) != expanded(before) else {
        return nil
      }
      // The rows, and the flags that changed (read by `isExpanded`, which
      // every type answers): a collapse that also drops a descendant's
      // flag shows the same rows.
      let flags = before.items.filter { copy.contains($0) && flag(copy, $0) != flag(before, $0) }
      return Violation(
        message: "expanding then collapsing collapsed \(ids(opened)) is not the identity",
        expectations: [
          "var closed = c", "closed.collapse(\(ids(opened)))",
          "#expect(closed.visibleItems == \(ids(before.visibleItems)))",
        ]
          + flags.prefix(4).map {
            "#expect(try closed.isExpanded(\(id($0))) == \(flag(before, $0)))"
          },
        operation: SectionCommand.collapse(opened).operation)
    default:
      return nil
    }
  }

  var snapshotOf: Violation? {
    guard case .snapshot(let parent, let includingParent) = command, let extracted else {
      return nil
    }
    let call = "c.snapshot(of: \(id(parent)), includingParent: \(includingParent))"
    let expectedItems = Array(subtree(before, of: parent).dropFirst(includingParent ? 0 : 1))
    if extracted.items != expectedItems {
      return Violation(
        message:
          "snapshot(of: \(id(parent))) holds \(ids(extracted.items)), expected \(ids(expectedItems))",
        expectations: ["#expect(try \(call).items == \(ids(expectedItems)))"])
    }
    for item in extracted.items where flag(extracted, item) != flag(before, item) {
      return Violation(
        message: "snapshot(of: \(id(parent))) did not carry the flag of \(id(item))",
        expectations: ["#expect(try \(call).isExpanded(\(id(item))) == \(flag(before, item)))"])
    }
    return nil
  }

  var insertSnapshot: Violation? {
    guard case .insertSnapshot(let forest, _) = command else { return nil }
    return adopted(forest.build(as: T.self), under: nil)
  }

  var replaceChildren: Violation? {
    guard case .replace(let parent, let forest) = command else { return nil }
    let argument = forest.build(as: T.self)
    if flag(before, parent) != flag(after, parent) {
      return Violation(
        message: "replace(childrenOf: \(id(parent))) changed the parent's own flag",
        expectations: [flagExpectation(parent, flag(before, parent))])
    }
    let children = (try? after.snapshot(of: parent))?.rootItems ?? []
    if children != argument.rootItems {
      return Violation(
        message:
          "children of \(id(parent)) are \(ids(children)), expected \(ids(argument.rootItems))",
        expectations: [
          "#expect(try c.snapshot(of: \(id(parent))).rootItems == \(ids(argument.rootItems)))"
        ])
    }
    return adopted(argument, under: parent)
  }

  /// Whether every item of the grafted `argument` sits in `after` under its
  /// parent in `argument` (roots under `root`, when given) with its flag.
  func adopted(_ argument: T, under root: Int?) -> Violation? {
    for item in argument.items {
      guard after.contains(item) else {
        return Violation(
          message: "\(id(item)) of the grafted snapshot is missing",
          expectations: ["#expect(c.contains(\(id(item))))"])
      }
      if flag(after, item) != flag(argument, item) {
        return Violation(
          message: "\(id(item)) lost its flag from the grafted snapshot (expected "
            + "\(flag(argument, item) ? "expanded" : "collapsed"))",
          expectations: [flagExpectation(item, flag(argument, item))])
      }
      let expectedParent = (try? argument.parent(of: item)) ?? nil
      let checkParent = expectedParent != nil || root != nil
      if checkParent, (try? after.parent(of: item)) != (expectedParent ?? root) {
        let parent = (expectedParent ?? root).map(id)
        return Violation(
          message: "\(id(item)) is not under \(parent ?? "the roots")",
          expectations: ["#expect(try c.parent(of: \(id(item))) == \(parent ?? "nil"))"])
      }
    }
    return nil
  }
}
