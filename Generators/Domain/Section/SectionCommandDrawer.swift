import SnapshotCore
import SnapshotModel

/// Draws one section-snapshot command for a reference tree.
struct SectionCommandDrawer {
  let tree: ModelSectionSnapshot<Int>
  let items: [Int]
  let absent: [Int]
  let universe: Int
  let source: ChoiceSource
  /// Whether invalid commands naming a missing parent or anchor may take
  /// an empty list (the machine sets it from the recorded size hint).
  var boundaries = false
  let pool: IdPool

  init(tree: ModelSectionSnapshot<Int>, universe: Int, source: ChoiceSource) {
    self.tree = tree
    let items = tree.items
    var present = [Bool](repeating: false, count: universe)
    for item in items where item >= 0 && item < universe { present[item] = true }
    self.items = items
    absent = (0..<universe).filter { !present[$0] }
    self.universe = universe
    self.source = source
    pool = IdPool(source: source)
  }

  /// The command kinds, simplest first.
  enum Kind: Int, CaseIterable {
    case append, insertBefore, insertAfter, expand, collapse, delete
    case insertSnapshotBefore, insertSnapshotAfter, replaceChildren, snapshotOf, deleteAll
  }

  func weight(_ kind: Kind, invalid: Bool) -> Int {
    let has = !items.isEmpty
    if invalid {
      switch kind {
      case .expand, .collapse, .deleteAll: return 0
      default: return 1
      }
    }
    switch kind {
    case .append: return absent.isEmpty ? 0 : 10
    case .insertBefore, .insertAfter: return has && !absent.isEmpty ? 4 : 0
    case .expand: return has ? 6 : 0
    case .collapse: return has ? 4 : 0
    case .delete: return has ? 3 : 0
    case .insertSnapshotBefore, .insertSnapshotAfter: return has && !absent.isEmpty ? 2 : 0
    case .replaceChildren: return has ? 3 : 0
    case .snapshotOf: return has ? 2 : 0
    case .deleteAll: return 1
    }
  }

  /// Draws a command: a share `invalidShare` is invalid, and a few valid
  /// ones take an empty id list (choice 0 keeps the list). The kind is one
  /// with a positive weight for the tree, replayed choices included
  /// (`weightedIndex`).
  /// - Throws: `GenerationError.empty` when no kind has weight, which
  ///   cannot happen: `deleteAll` always has weight when valid, `append`
  ///   when invalid.
  func draw(invalidShare: Double) throws(GenerationError) -> SectionCommand {
    let invalid = source.drawBool(probability: invalidShare)
    let weights = Kind.allCases.map { weight($0, invalid: invalid) }
    let kind =
      Kind(rawValue: try source.weightedIndex(weights, label: "section command")) ?? .deleteAll
    if invalid { return drawInvalid(kind) }
    let command = drawValid(kind)
    return source.drawBool(probability: FullScript.emptyArgumentShare)
      ? command.emptied ?? command : command
  }

  var missing: Int { pool.one(of: absent, or: universe) }

  func fresh(max: Int) -> [Int] { pool.distinct(of: absent, max: max) }

  func forest(excluding taken: [Int] = []) -> Forest {
    var ids = absent.filter { !taken.contains($0) }
    return Forest.draw(
      source, fresh: &ids, shape: Forest.Shape(maxNodes: 6, maxDepth: 2, maxBranching: 3))
  }

  func drawValid(_ kind: Kind) -> SectionCommand {
    switch kind {
    case .append:
      let ids = fresh(max: 4)
      let under = source.drawBool(probability: 0.6)
      return .append(ids, to: under ? pool.one(of: items, or: 0) : nil)
    case .insertBefore, .insertAfter:
      let anchor = pool.one(of: items, or: 0)
      return .insert(fresh(max: 3), kind == .insertBefore ? .before(anchor) : .after(anchor))
    case .expand:
      let ids = pool.distinct(of: items, max: 3)
      return .expand(source.drawBool(probability: 0.1) ? ids + [missing] : ids)
    case .collapse:
      let ids = pool.distinct(of: items, max: 3)
      return .collapse(source.drawBool(probability: 0.1) ? ids + [missing] : ids)
    case .delete:
      let ids = pool.distinct(of: items, max: 2)
      return .delete(source.drawBool(probability: 0.1) ? ids + ids.prefix(1) : ids)
    case .insertSnapshotBefore, .insertSnapshotAfter:
      let anchor = pool.one(of: items, or: 0)
      return .insertSnapshot(
        forest(), kind == .insertSnapshotBefore ? .before(anchor) : .after(anchor))
    case .replaceChildren:
      let parent = pool.one(of: items, or: 0)
      let reshape = source.drawBool(probability: 0.2)
      return .replace(childrenOf: parent, using: reshape ? reshaped(childrenOf: parent) : forest())
    case .snapshotOf:
      return .snapshot(
        of: pool.one(of: items, or: 0), includingParent: source.drawBool(probability: 0.5))
    case .deleteAll:
      return .deleteAll
    }
  }

  /// The descendants of `parent` reshaped, the boundary of
  /// `replace(childrenOf:using:)`: the same items in the same pre-order with
  /// the same flags, either all children of `parent` (flat) or each the only
  /// child of the one before (a chain). Replacing the children with them
  /// changes parents only, which `==` must still tell apart.
  func reshaped(childrenOf parent: Int) -> Forest {
    let children = (try? tree.snapshot(of: parent)).map { Forest($0) } ?? Forest()
    func preorder(_ nodes: [Forest.Node]) -> [Forest.Node] {
      nodes.flatMap { [Forest.Node($0.id, expanded: $0.expanded)] + preorder($0.children) }
    }
    let nodes = preorder(children.roots)
    guard source.drawBool(probability: 0.5) else { return Forest(roots: nodes) }
    let chain = nodes.reversed().reduce(nil as Forest.Node?) { child, node in
      Forest.Node(node.id, expanded: node.expanded, children: child.map { [$0] } ?? [])
    }
    return Forest(roots: chain.map { [$0] } ?? [])
  }

  /// A deliberately invalid variant of `kind`.
  /// `ids`, or (with `boundaries`, a share `FullScript.emptyArgumentShare`
  /// × 6, choice 0 keeping the list) none: the boundary of an empty list with a missing
  /// parent or anchor (U-empty: the model validates nothing then).
  func sometimesEmpty(_ ids: [Int]) -> [Int] {
    boundaries && source.drawBool(probability: FullScript.emptyArgumentShare * 6) ? [] : ids
  }

  func drawInvalid(_ kind: Kind) -> SectionCommand {
    let valid = drawValid(kind)
    let flavor = Int(source.draw(upTo: 1))
    switch valid {
    case .append(let ids, let parent):
      return flavor == 0
        ? .append(sometimesEmpty(ids), to: missing)
        : .append(ids + [pool.one(of: items, or: ids.first ?? 0)], to: parent)
    case .insert(let ids, let anchor):
      return flavor == 0
        ? .insert(sometimesEmpty(ids), anchor.replacing(missing))
        : .insert(pool.withDuplicate(ids), anchor)
    case .insertSnapshot(let forest, let anchor):
      return flavor == 0
        ? .insertSnapshot(forest, anchor.replacing(missing))
        : .insertSnapshot(
          Forest(roots: forest.roots + [Forest.Node(pool.one(of: items, or: 0))]), anchor)
    case .delete(let ids): return .delete(ids + [missing])
    case .replace(let parent, let forest):
      return flavor == 0
        ? .replace(childrenOf: missing, using: forest)
        : .replace(
          childrenOf: parent,
          using: Forest(roots: forest.roots + [Forest.Node(pool.one(of: items, or: 0))]))
    case .snapshot(_, let includingParent):
      return .snapshot(of: missing, includingParent: includingParent)
    default: return valid
    }
  }
}
