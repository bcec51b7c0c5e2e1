import SnapshotCore
import SnapshotModel

/// A full snapshot that hands `Base` only the calls the reference model
/// accepts (for `.traps` and `.unspecified` implementations).
///
/// A mutation is first applied to a reference-model mirror; when the
/// mirror rejects it, the model's error is thrown and `Base` is never
/// called. Queries that throw are answered from `Base`'s own non-throwing
/// queries when the id is missing, so `Base` is never asked about one.
public struct GuardedSnapshot<Base: SnapshotProtocol<Int, Int>>: SnapshotProtocol {
  /// The implementation under test.
  public internal(set) var base: Base
  /// The reference model after the same accepted calls.
  var mirror: ModelSnapshot<Int, Int>
  /// The first call after which `base`'s layout differed from the mirror's
  /// (with both layouts); from then on no call is handed to `base`, so a
  /// case stops at the implementation's first divergence instead of
  /// cascading into calls valid only for the mirror.
  var divergence: String?
  /// Whether the last mutation was rejected by the mirror (so `base` was
  /// not called).
  var rejectedLastCall = false

  /// An empty snapshot.
  public init() {
    base = Base()
    mirror = ModelSnapshot()
  }

  /// `base` behind a guard whose mirror holds `base`'s layout (for a
  /// snapshot a data source returns).
  init(base: Base) {
    self.base = base
    var mirror = ModelSnapshot<Int, Int>()
    for (section, items) in base.layout {
      try? mirror.appendSections([section])
      try? mirror.appendItems(items, toSection: section)
    }
    self.mirror = mirror
  }

  /// Compares the implementations only.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.base == rhs.base }

  /// Applies `change` to the mirror; only when it succeeds, `apply` to the
  /// base (whose own error, if any, is passed on with the mirror unchanged).
  /// A call the mirror rejects is handed to the base only when its
  /// `family` is declared `.throws` or `.ignores` (`MisusePolicy.current`),
  /// and its reaction is checked (`MisusePolicy.fault`).
  private mutating func guarded(
    _ family: MisuseFamily,
    _ change: (inout ModelSnapshot<Int, Int>) throws(SnapshotError) -> Void,
    _ apply: (inout Base) throws(SnapshotError) -> Void, call: String = #function
  ) throws(SnapshotError) {
    rejectedLastCall = false
    guard divergence == nil else { return }
    var next = mirror
    do throws(SnapshotError) {
      try change(&next)
    } catch {
      try rejected(call, of: family, with: error, observe: { $0.observed }, apply)
      return
    }
    try apply(&base)
    mirror = next
    noteDivergence(after: call)
  }

  /// Records the first call after which `base`'s layout is not the
  /// mirror's.
  private mutating func noteDivergence(after call: String) {
    guard divergence == nil else { return }
    let (actual, expected) = (base.layout, mirror.layout)
    if actual.map(\.section) != expected.map(\.section)
      || actual.map(\.items) != expected.map(\.items)
    {
      divergence =
        "after `\(call)` the implementation holds \(StateText.layout(actual)), the reference "
        + StateText.layout(expected)
    }
  }

  /// The base's answer (the protocol requirement of the same name).
  public var numberOfItems: Int { base.numberOfItems }
  /// The base's answer (the protocol requirement of the same name).
  public var numberOfSections: Int { base.numberOfSections }
  /// The base's answer (the protocol requirement of the same name).
  public var sectionIdentifiers: [Int] { base.sectionIdentifiers }
  /// The base's answer (the protocol requirement of the same name).
  public var itemIdentifiers: [Int] { base.itemIdentifiers }
  /// The base's answer, ids translated.
  /// - Throws: `.itemNotFound`/`.sectionNotFound`/`.parentNotFound` for a missing id, or the base's error.
  public func numberOfItems(inSection section: Int) throws(SnapshotError) -> Int {
    guard base.indexOfSection(section) != nil else { throw .sectionNotFound(String(section)) }
    return try base.numberOfItems(inSection: section)
  }
  /// The base's answer, ids translated.
  /// - Throws: `.itemNotFound`/`.sectionNotFound`/`.parentNotFound` for a missing id, or the base's error.
  public func itemIdentifiers(inSection section: Int) throws(SnapshotError) -> [Int] {
    guard base.indexOfSection(section) != nil else { throw .sectionNotFound(String(section)) }
    return try base.itemIdentifiers(inSection: section)
  }
  /// The base's answer (the protocol requirement of the same name).
  public func sectionIdentifier(containingItem item: Int) -> Int? {
    base.sectionIdentifier(containingItem: item)
  }
  /// The base's answer (the protocol requirement of the same name).
  public func indexOfItem(_ item: Int) -> Int? { base.indexOfItem(item) }
  /// The base's answer (the protocol requirement of the same name).
  public func indexOfSection(_ section: Int) -> Int? { base.indexOfSection(section) }
  /// The base's answer (the protocol requirement of the same name).
  public func itemIdentifiers(at paths: [ItemPath]) -> [Int]? { base.itemIdentifiers(at: paths) }
  /// The base's capabilities.
  public static var capabilities: SnapshotCapabilities { Base.capabilities }
  /// The base's answer (the protocol requirement of the same name).
  public var reloadedItemIdentifiers: [Int] { base.reloadedItems }
  /// The base's answer (the protocol requirement of the same name).
  public var reloadedSectionIdentifiers: [Int] { base.reloadedSections }
  /// The base's answer (the protocol requirement of the same name).
  public var reconfiguredItemIdentifiers: [Int] { base.reconfiguredItems }

  /// The base's operation (and the mirror's, if any).
  public mutating func appendItems(_ identifiers: [Int], toSection section: Int?)
    throws(SnapshotError)
  {
    try guarded(
      .itemMutations,
      { (m) throws(SnapshotError) in try m.appendItems(identifiers, toSection: section) },
      { (b) throws(SnapshotError) in try b.appendItems(identifiers, toSection: section) })
  }
  /// Applied to the mirror, then, when the model accepts it, to the base.
  /// - Throws: the reference model's error; the base is then not called.
  public mutating func insertItems(_ identifiers: [Int], beforeItem: Int) throws(SnapshotError) {
    try guarded(
      .itemMutations,
      { (m) throws(SnapshotError) in try m.insertItems(identifiers, beforeItem: beforeItem) },
      { (b) throws(SnapshotError) in try b.insertItems(identifiers, beforeItem: beforeItem) })
  }
  /// Applied to the mirror, then, when the model accepts it, to the base.
  /// - Throws: the reference model's error; the base is then not called.
  public mutating func insertItems(_ identifiers: [Int], afterItem: Int) throws(SnapshotError) {
    try guarded(
      .itemMutations,
      { (m) throws(SnapshotError) in try m.insertItems(identifiers, afterItem: afterItem) },
      { (b) throws(SnapshotError) in try b.insertItems(identifiers, afterItem: afterItem) })
  }
  /// Applied to the mirror, then, when the model accepts it, to the base.
  /// - Throws: the reference model's error; the base is then not called.
  public mutating func deleteItems(_ identifiers: [Int]) throws(SnapshotError) {
    try guarded(
      .deletions,
      { (m) throws(SnapshotError) in try m.deleteItems(identifiers) },
      { (b) throws(SnapshotError) in try b.deleteItems(identifiers) })
  }
  /// The base's operation (and the mirror's, if any).
  public mutating func deleteAllItems() {
    guard divergence == nil else { return }
    base.deleteAllItems()
    mirror.deleteAllItems()
    noteDivergence(after: "deleteAllItems()")
  }
  /// Applied to the mirror, then, when the model accepts it, to the base.
  /// - Throws: the reference model's error; the base is then not called.
  public mutating func moveItem(_ item: Int, beforeItem: Int) throws(SnapshotError) {
    try guarded(
      .itemMutations,
      { (m) throws(SnapshotError) in try m.moveItem(item, beforeItem: beforeItem) },
      { (b) throws(SnapshotError) in try b.moveItem(item, beforeItem: beforeItem) })
  }
  /// Applied to the mirror, then, when the model accepts it, to the base.
  /// - Throws: the reference model's error; the base is then not called.
  public mutating func moveItem(_ item: Int, afterItem: Int) throws(SnapshotError) {
    try guarded(
      .itemMutations,
      { (m) throws(SnapshotError) in try m.moveItem(item, afterItem: afterItem) },
      { (b) throws(SnapshotError) in try b.moveItem(item, afterItem: afterItem) })
  }
  /// Applied to the mirror, then, when the model accepts it, to the base.
  /// - Throws: the reference model's error; the base is then not called.
  public mutating func reloadItems(_ identifiers: [Int]) throws(SnapshotError) {
    try guarded(
      .marks,
      { (m) throws(SnapshotError) in try m.reloadItems(identifiers) },
      { (b) throws(SnapshotError) in try b.reloadItems(identifiers) })
  }
  /// Applied to the mirror, then, when the model accepts it, to the base.
  /// - Throws: the reference model's error; the base is then not called.
  public mutating func reconfigureItems(_ identifiers: [Int]) throws(SnapshotError) {
    try guarded(
      .marks,
      { (m) throws(SnapshotError) in try m.reconfigureItems(identifiers) },
      { (b) throws(SnapshotError) in try b.reconfigureItems(identifiers) })
  }
  /// Applied to the mirror, then, when the model accepts it, to the base.
  /// - Throws: the reference model's error; the base is then not called.
  public mutating func appendSections(_ identifiers: [Int]) throws(SnapshotError) {
    try guarded(
      .sectionMutations,
      { (m) throws(SnapshotError) in try m.appendSections(identifiers) },
      { (b) throws(SnapshotError) in try b.appendSections(identifiers) })
  }
  /// The base's operation (and the mirror's, if any).
  public mutating func insertSections(_ identifiers: [Int], beforeSection: Int)
    throws(SnapshotError)
  {
    try guarded(
      .sectionMutations,
      { (m) throws(SnapshotError) in try m.insertSections(identifiers, beforeSection: beforeSection)
      },
      { (b) throws(SnapshotError) in try b.insertSections(identifiers, beforeSection: beforeSection)
      })
  }
  /// The base's operation (and the mirror's, if any).
  public mutating func insertSections(_ identifiers: [Int], afterSection: Int)
    throws(SnapshotError)
  {
    try guarded(
      .sectionMutations,
      { (m) throws(SnapshotError) in try m.insertSections(identifiers, afterSection: afterSection)
      },
      { (b) throws(SnapshotError) in try b.insertSections(identifiers, afterSection: afterSection) }
    )
  }
  /// Applied to the mirror, then, when the model accepts it, to the base.
  /// - Throws: the reference model's error; the base is then not called.
  public mutating func deleteSections(_ identifiers: [Int]) throws(SnapshotError) {
    try guarded(
      .deletions,
      { (m) throws(SnapshotError) in try m.deleteSections(identifiers) },
      { (b) throws(SnapshotError) in try b.deleteSections(identifiers) })
  }
  /// Applied to the mirror, then, when the model accepts it, to the base.
  /// - Throws: the reference model's error; the base is then not called.
  public mutating func moveSection(_ section: Int, beforeSection: Int) throws(SnapshotError) {
    try guarded(
      .sectionMutations,
      { (m) throws(SnapshotError) in try m.moveSection(section, beforeSection: beforeSection) },
      { (b) throws(SnapshotError) in try b.moveSection(section, beforeSection: beforeSection) })
  }
  /// Applied to the mirror, then, when the model accepts it, to the base.
  /// - Throws: the reference model's error; the base is then not called.
  public mutating func moveSection(_ section: Int, afterSection: Int) throws(SnapshotError) {
    try guarded(
      .sectionMutations,
      { (m) throws(SnapshotError) in try m.moveSection(section, afterSection: afterSection) },
      { (b) throws(SnapshotError) in try b.moveSection(section, afterSection: afterSection) })
  }
  /// Applied to the mirror, then, when the model accepts it, to the base.
  /// - Throws: the reference model's error; the base is then not called.
  public mutating func reloadSections(_ identifiers: [Int]) throws(SnapshotError) {
    try guarded(
      .marks,
      { (m) throws(SnapshotError) in try m.reloadSections(identifiers) },
      { (b) throws(SnapshotError) in try b.reloadSections(identifiers) })
  }
  /// The base's operation (and the mirror's, if any).
  public mutating func removeAllMarks() {
    base.removeAllMarks()
    mirror.removeAllMarks()
  }
  /// The base's answer (the protocol requirement of the same name).
  /// The base's own violations, then its divergence from the reference, if
  /// any.
  public func invariantViolations() -> [String] {
    base.invariantViolations()
      + (divergence.map {
        ["diverged from the reference model \($0); no later call was handed to it"]
      } ?? [])
  }
}

extension SnapshotProtocol where SectionIdentifier == Int, ItemIdentifier == Int {
  /// The layout, and the marks when the type can read them (what a
  /// rejected call must leave unchanged).
  var observed: String {
    StateText.layout(layout)
      + (Self.capabilities.contains(.readableMarks)
        ? ", reloaded \(reloadedItems) \(reloadedSections), reconfigured \(reconfiguredItems)"
        : "")
  }
}

extension GuardedSnapshot: Sendable where Base: Sendable {}
