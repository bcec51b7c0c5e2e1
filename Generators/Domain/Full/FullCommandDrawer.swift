import SnapshotCore
import SnapshotModel

/// Draws one full-snapshot command for a reference snapshot.
struct FullCommandDrawer {
  let items: [Int]
  let sections: [Int]
  let absentItems: [Int]
  let absentSections: [Int]
  let universe: FullScript.Universe
  let source: ChoiceSource
  let pool: IdPool
  /// Whether invalid commands naming a missing anchor or section may take
  /// an empty list (the machine sets it from the recorded size hint).
  var boundaries = false

  init(snapshot: ModelSnapshot<Int, Int>, universe: FullScript.Universe, source: ChoiceSource) {
    let items = snapshot.itemIdentifiers
    let sections = snapshot.sectionIdentifiers
    self.items = items
    self.sections = sections
    var present = [Bool](repeating: false, count: universe.items)
    for item in items where item >= 0 && item < universe.items { present[item] = true }
    absentItems = (0..<universe.items).filter { !present[$0] }
    absentSections = (0..<universe.sections).filter { !sections.contains($0) }
    self.universe = universe
    self.source = source
    pool = IdPool(source: source)
  }

  /// The command kinds, simplest first (the shrinker moves toward kind 0).
  enum Kind: Int, CaseIterable {
    case appendSections, appendItems, insertItemsBefore, insertItemsAfter
    case moveItemBefore, moveItemAfter, deleteItems, moveSectionBefore, moveSectionAfter
    case insertSectionsBefore, insertSectionsAfter, deleteSections
    case reloadItems, reconfigureItems, reloadSections, deleteAllItems
  }

  func weight(_ kind: Kind, invalid: Bool) -> Int {
    if invalid { return kind == .deleteAllItems ? 0 : 1 }
    let hasItems = !items.isEmpty
    let hasSections = !sections.isEmpty
    switch kind {
    case .appendSections: return absentSections.isEmpty ? 0 : (hasSections ? 3 : 20)
    case .appendItems: return hasSections ? 10 : 0
    case .insertItemsBefore, .insertItemsAfter: return hasItems ? 5 : 0
    case .moveItemBefore, .moveItemAfter: return items.count >= 2 ? 8 : 0
    case .deleteItems: return hasItems ? 4 : 0
    case .moveSectionBefore, .moveSectionAfter: return sections.count >= 2 ? 3 : 0
    case .insertSectionsBefore, .insertSectionsAfter:
      return hasSections && !absentSections.isEmpty ? 2 : 0
    case .deleteSections: return hasSections ? 1 : 0
    case .reloadItems, .reconfigureItems: return hasItems ? 2 : 0
    case .reloadSections: return hasSections ? 2 : 0
    case .deleteAllItems: return 1
    }
  }

  /// Draws a command: a share `invalidShare` is invalid, and a few valid
  /// ones take an empty id list (choice 0 keeps the list). The kind is one
  /// with a positive weight for the snapshot, replayed choices included
  /// (`weightedIndex`), so a valid command's preconditions hold.
  /// - Throws: `GenerationError.empty` when no kind has weight, which
  ///   cannot happen: `deleteAllItems` always has weight when valid, every
  ///   other kind when invalid.
  func draw(invalidShare: Double) throws(GenerationError) -> FullCommand {
    let invalid = source.drawBool(probability: invalidShare)
    let weights = Kind.allCases.map { weight($0, invalid: invalid) }
    let kind =
      Kind(rawValue: try source.weightedIndex(weights, label: "full command")) ?? .deleteAllItems
    if invalid { return drawInvalid(kind) }
    let command = drawValid(kind)
    return source.drawBool(probability: FullScript.emptyArgumentShare)
      ? command.emptied ?? command : command
  }

  // MARK: Valid commands

  var unknownItem: Int { pool.one(of: absentItems, or: universe.items) }
  var unknownSection: Int { pool.one(of: absentSections, or: universe.sections) }

  func drawValid(_ kind: Kind) -> FullCommand {
    switch kind {
    case .appendSections:
      return .appendSections(pool.distinct(of: absentSections, max: 3))
    case .appendItems:
      let ids = pool.mixed(absent: absentItems, live: items, existingShare: 0.2, max: 4)
      let explicit = source.drawBool(probability: 0.7)
      return .appendItems(ids, toSection: explicit ? pool.one(of: sections, or: 0) : nil)
    case .insertItemsBefore, .insertItemsAfter:
      let anchor = pool.one(of: items, or: 0)
      let ids = pool.mixed(
        absent: absentItems, live: items.filter { $0 != anchor }, existingShare: 0.2, max: 3)
      return .insertItems(
        ids, kind == .insertItemsBefore ? .beforeItem(anchor) : .afterItem(anchor))
    case .moveItemBefore, .moveItemAfter:
      let item = pool.one(of: items, or: 0)
      let other = pool.one(of: items.filter { $0 != item }, or: unknownItem)
      return .moveItem(item, kind == .moveItemBefore ? .beforeItem(other) : .afterItem(other))
    case .deleteItems:
      let ids = pool.distinct(of: items, max: 3)
      let withMissing = source.drawBool(probability: 0.1)
      return .deleteItems(withMissing ? ids + [unknownItem] : ids)
    case .moveSectionBefore, .moveSectionAfter:
      let section = pool.one(of: sections, or: 0)
      let other = pool.one(of: sections.filter { $0 != section }, or: unknownSection)
      return .moveSection(
        section, kind == .moveSectionBefore ? .beforeSection(other) : .afterSection(other))
    case .insertSectionsBefore, .insertSectionsAfter:
      let anchor = pool.one(of: sections, or: 0)
      let ids = pool.distinct(of: absentSections, max: 2)
      return .insertSections(
        ids, kind == .insertSectionsBefore ? .beforeSection(anchor) : .afterSection(anchor))
    case .deleteSections:
      return .deleteSections(pool.distinct(of: sections, max: 2))
    case .reloadItems: return .reloadItems(pool.distinct(of: items, max: 3))
    case .reconfigureItems: return .reconfigureItems(pool.distinct(of: items, max: 3))
    case .reloadSections: return .reloadSections(pool.distinct(of: sections, max: 2))
    case .deleteAllItems: return .deleteAllItems
    }
  }

  // MARK: Invalid commands

  /// `ids`, or (with `boundaries`, a share `FullScript.emptyArgumentShare`
  /// × 6, choice 0 keeping the list) none: an empty list must not hide a missing anchor
  /// or section (Apple raises on `insertItems([], beforeItem: missing)`).
  func sometimesEmpty(_ ids: [Int]) -> [Int] {
    boundaries && source.drawBool(probability: FullScript.emptyArgumentShare * 6) ? [] : ids
  }

  /// A deliberately invalid variant of `kind`, its flavor drawn.
  func drawInvalid(_ kind: Kind) -> FullCommand {
    let valid = drawValid(kind)
    let flavor = Int(source.draw(upTo: 2))
    switch valid {
    case .appendSections(let ids):
      return flavor == 0 && !sections.isEmpty
        ? .appendSections(ids + [pool.one(of: sections, or: 0)])
        : .appendSections(pool.withDuplicate(ids + [unknownSection]))
    case .appendItems(let ids, let section):
      return flavor == 0
        ? .appendItems(pool.withDuplicate(ids), toSection: section)
        : .appendItems(sometimesEmpty(ids), toSection: unknownSection)
    case .insertItems(let ids, let anchor):
      switch flavor {
      case 0: return .insertItems(ids + [anchor.item], anchor)
      case 1: return .insertItems(sometimesEmpty(ids), anchor.replacing(unknownItem))
      default: return .insertItems(pool.withDuplicate(ids), anchor)
      }
    case .moveItem(let item, let anchor):
      switch flavor {
      case 0: return .moveItem(item, anchor.replacing(item))
      case 1: return .moveItem(unknownItem, anchor)
      default: return .moveItem(item, anchor.replacing(unknownItem))
      }
    case .deleteItems(let ids): return .deleteItems(pool.withDuplicate(ids + [unknownItem]))
    case .moveSection(let section, let anchor):
      switch flavor {
      case 0: return .moveSection(section, anchor.replacing(section))
      case 1: return .moveSection(unknownSection, anchor)
      default: return .moveSection(section, anchor.replacing(unknownSection))
      }
    case .insertSections(let ids, let anchor):
      switch flavor {
      case 0: return .insertSections(ids + [anchor.section], anchor)
      case 1: return .insertSections(sometimesEmpty(ids), anchor.replacing(unknownSection))
      default: return .insertSections(ids + [pool.one(of: sections, or: 0)], anchor)
      }
    case .deleteSections(let ids):
      return .deleteSections(pool.withDuplicate(ids + [unknownSection]))
    case .reloadItems(let ids):
      return .reloadItems(
        flavor == 0 ? ids + [unknownItem] : pool.withDuplicate(ids + [unknownItem]))
    case .reconfigureItems(let ids):
      return .reconfigureItems(
        flavor == 0 ? ids + [unknownItem] : pool.withDuplicate(ids + [unknownItem]))
    case .reloadSections(let ids):
      return .reloadSections(
        flavor == 0 ? ids + [unknownSection] : pool.withDuplicate(ids + [unknownSection]))
    case .deleteAllItems: return .deleteAllItems
    }
  }
}

extension ItemAnchor {
  /// The same side of another item.
  func replacing(_ item: Int) -> ItemAnchor {
    switch self {
    case .beforeItem: return .beforeItem(item)
    case .afterItem: return .afterItem(item)
    }
  }
}

extension SectionAnchor {
  /// The same side of another section.
  func replacing(_ section: Int) -> SectionAnchor {
    switch self {
    case .beforeSection: return .beforeSection(section)
    case .afterSection: return .afterSection(section)
    }
  }
}
