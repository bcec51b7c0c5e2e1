import Generators
import SnapshotCore

extension FullCase {
  /// The id universes: sections `0..<sections`, items `0..<items`; small, so
  /// that collisions, re-insertions and cross-section moves are common.
  public struct Universe: Hashable, Sendable {
    /// The number of section ids.
    public var sections: Int
    /// The number of item ids.
    public var items: Int

    /// Creates a universe.
    public init(sections: Int = 5, items: Int = 24) {
      self.sections = sections
      self.items = items
    }
  }

  /// Cases: a start layout (boundary layouts first), then up to `maxSteps`
  /// steps, each chosen among those meaningful for the reference state
  /// reached so far, ids drawn as indices into the live or absent ids; a
  /// share `invalidShare` of steps is deliberately invalid.
  public static func generator(
    universe: Universe = Universe(), maxSteps: Int = 24, invalidShare: Double = 0.15
  ) -> Gen<FullCase> {
    Gen { source throws(GenerationError) in
      let initial = try layout(universe).generate(source, label: "setup")
      var model: ModelReference.Snapshot = FullCase(initial: initial, steps: []).start()
      let steps = source.collect(count: 0...maxSteps) { () -> FullStep in
        source.span("command") {
          let drawer = FullStepDrawer(model: model, universe: universe, source: source)
          let step = drawer.draw(invalidShare: invalidShare)
          try? step.apply(to: &model)
          return step
        }
      }
      return FullCase(initial: initial, steps: steps)
    }
  }

  /// Start layouts: empty, one empty section, one item, every section with
  /// one item first; then random layouts of consecutive ids.
  public static func layout(_ universe: Universe) -> Gen<[Section]> {
    let sections = Array(0..<universe.sections)
    let table: [Gen<[Section]>] = [
      .just([]),
      .just([Section(id: 0, items: [])]),
      .just([Section(id: 0, items: [0])]),
      .just(sections.map { Section(id: $0, items: [$0]) }),
    ]
    let random = Gen<[Section]> { source in
      var next = 0
      var id = 0
      return source.collect(count: 0...universe.sections) { () -> Section in
        let room = max(0, min(8, universe.items - next))
        let count = source.index(count: room + 1)
        defer {
          next += count
          id += 1
        }
        return Section(id: id, items: Array(next..<(next + count)))
      }
    }
    return .boundaryFirst(table, otherwise: random)
  }
}

/// Draws one full-snapshot step for a reference snapshot.
struct FullStepDrawer {
  let items: [Int]
  let sections: [Int]
  let absentItems: [Int]
  let absentSections: [Int]
  let universe: FullCase.Universe
  let source: ChoiceSource

  init(model: ModelReference.Snapshot, universe: FullCase.Universe, source: ChoiceSource) {
    let live = model.itemIdentifiers
    let liveSections = model.sectionIdentifiers
    let present = Set(live)
    items = live
    sections = liveSections
    absentItems = (0..<universe.items).filter { !present.contains($0) }
    absentSections = (0..<universe.sections).filter { !liveSections.contains($0) }
    self.universe = universe
    self.source = source
  }

  typealias Kind = FullStep.Kind

  func weight(_ kind: Kind) -> Int {
    let hasItems = !items.isEmpty
    let hasSections = !sections.isEmpty
    switch kind {
    case .appendSections: return absentSections.isEmpty ? 0 : (hasSections ? 2 : 20)
    case .appendItems: return hasSections ? 8 : 0
    case .insertItemsBefore, .insertItemsAfter: return hasItems ? 4 : 0
    case .moveItemBefore, .moveItemAfter: return items.count >= 2 ? 7 : 0
    case .deleteItems: return hasItems ? 3 : 0
    case .moveSectionBefore, .moveSectionAfter: return sections.count >= 2 ? 3 : 0
    case .insertSectionsBefore, .insertSectionsAfter:
      return hasSections && !absentSections.isEmpty ? 2 : 0
    case .deleteSections: return hasSections ? 1 : 0
    case .reloadItems, .reconfigureItems: return hasItems ? 2 : 0
    case .reloadSections: return hasSections ? 1 : 0
    case .deleteAllItems: return 1
    }
  }

  func draw(invalidShare: Double) -> FullStep {
    let invalid = source.drawBool(probability: invalidShare)
    let weights = Kind.allCases.map { invalid ? ($0 == .deleteAllItems ? 0 : 1) : weight($0) }
    let total = weights.reduce(0, +)
    let kind = Kind.allCases[source.weightedPick(weights, total: total)]
    return invalid ? drawInvalid(kind) : drawValid(kind)
  }

  // MARK: Ids

  func one(_ ids: [Int], or fallback: Int) -> Int { source.element(of: ids) ?? fallback }

  func some(_ ids: [Int], max: Int) -> [Int] {
    var pool = ids
    guard !pool.isEmpty else { return [] }
    var chosen = [pool.remove(at: source.index(count: pool.count))]
    let more = source.collect(count: 0...Swift.max(0, Swift.min(max, ids.count) - 1)) { () -> Int? in
      pool.isEmpty ? nil : pool.remove(at: source.index(count: pool.count))
    }
    chosen += more.compactMap { $0 }
    return chosen
  }

  /// Fresh ids, some existing ones mixed in (R-exists).
  func mixed(excluding excluded: Int? = nil, max: Int) -> [Int] {
    var fresh = absentItems
    var old = items.filter { $0 != excluded }
    let picks = source.collect(count: 1...max) { () -> Int? in
      let wantsOld = source.drawBool(probability: 0.25)
      if wantsOld && !old.isEmpty || fresh.isEmpty {
        guard !old.isEmpty else { return nil }
        return old.remove(at: source.index(count: old.count))
      }
      return fresh.remove(at: source.index(count: fresh.count))
    }
    return picks.compactMap { $0 }
  }

  var unknownItem: Int { one(absentItems, or: universe.items) }
  var unknownSection: Int { one(absentSections, or: universe.sections) }

  func withDuplicate(_ ids: [Int]) -> [Int] {
    guard let repeated = source.element(of: ids) else { return ids }
    var result = ids
    result.insert(repeated, at: source.index(count: ids.count + 1))
    return result
  }

  // MARK: Valid steps

  func drawValid(_ kind: Kind) -> FullStep {
    switch kind {
    case .appendSections: return FullStep(kind, some(absentSections, max: 2))
    case .appendItems:
      let ids = mixed(max: 4)
      let explicit = source.drawBool(probability: 0.7)
      return FullStep(kind, ids, target: explicit ? one(sections, or: 0) : nil)
    case .insertItemsBefore, .insertItemsAfter:
      let anchor = one(items, or: 0)
      return FullStep(kind, mixed(excluding: anchor, max: 3), target: anchor)
    case .moveItemBefore, .moveItemAfter:
      let item = one(items, or: 0)
      return FullStep(kind, [item], target: one(items.filter { $0 != item }, or: 0))
    case .deleteItems: return FullStep(kind, some(items, max: 3))
    case .deleteAllItems: return FullStep(kind, [])
    case .reloadItems, .reconfigureItems: return FullStep(kind, some(items, max: 3))
    case .insertSectionsBefore, .insertSectionsAfter:
      return FullStep(kind, some(absentSections, max: 2), target: one(sections, or: 0))
    case .deleteSections: return FullStep(kind, some(sections, max: 1))
    case .moveSectionBefore, .moveSectionAfter:
      let section = one(sections, or: 0)
      return FullStep(kind, [section], target: one(sections.filter { $0 != section }, or: 0))
    case .reloadSections: return FullStep(kind, some(sections, max: 2))
    }
  }

  // MARK: Invalid steps

  /// A step the reference rejects (or, for deletes of missing ids, ignores):
  /// an unknown id, a duplicate, a destination in the argument, a move onto
  /// itself, an existing section.
  func drawInvalid(_ kind: Kind) -> FullStep {
    let flavor = source.index(count: 3)
    switch kind {
    case .appendSections:
      return flavor == 0 || sections.isEmpty
        ? FullStep(kind, withDuplicate([unknownSection]))
        : FullStep(kind, [one(sections, or: 0)])
    case .appendItems:
      return flavor == 0
        ? FullStep(kind, withDuplicate(mixed(max: 2)), target: nil)
        : FullStep(kind, mixed(max: 2), target: unknownSection)
    case .insertItemsBefore, .insertItemsAfter:
      let anchor = one(items, or: 0)
      switch flavor {
      case 0: return FullStep(kind, mixed(excluding: anchor, max: 2) + [anchor], target: anchor)
      case 1: return FullStep(kind, mixed(max: 2), target: unknownItem)
      default: return FullStep(kind, withDuplicate(mixed(excluding: anchor, max: 2)), target: anchor)
      }
    case .moveItemBefore, .moveItemAfter:
      let item = one(items, or: 0)
      switch flavor {
      case 0: return FullStep(kind, [item], target: item)
      case 1: return FullStep(kind, [unknownItem], target: item)
      default: return FullStep(kind, [item], target: unknownItem)
      }
    case .deleteItems: return FullStep(kind, withDuplicate(some(items, max: 2) + [unknownItem]))
    case .deleteAllItems: return FullStep(kind, [])
    case .reloadItems, .reconfigureItems:
      let ids = some(items, max: 2) + [unknownItem]
      return FullStep(kind, flavor == 0 ? ids : withDuplicate(ids))
    case .insertSectionsBefore, .insertSectionsAfter:
      let anchor = one(sections, or: 0)
      switch flavor {
      case 0: return FullStep(kind, [unknownSection, anchor], target: anchor)
      case 1: return FullStep(kind, [unknownSection], target: universe.sections + 1)
      default: return FullStep(kind, [unknownSection, one(sections, or: 0)], target: anchor)
      }
    case .deleteSections:
      return FullStep(kind, withDuplicate(some(sections, max: 1) + [unknownSection]))
    case .moveSectionBefore, .moveSectionAfter:
      let section = one(sections, or: 0)
      switch flavor {
      case 0: return FullStep(kind, [section], target: section)
      case 1: return FullStep(kind, [unknownSection], target: section)
      default: return FullStep(kind, [section], target: unknownSection)
      }
    case .reloadSections:
      let ids = some(sections, max: 1) + [unknownSection]
      return FullStep(kind, flavor == 0 ? ids : withDuplicate(ids))
    }
  }
}
