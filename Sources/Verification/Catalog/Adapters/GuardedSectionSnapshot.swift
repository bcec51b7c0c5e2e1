import SnapshotCore
import SnapshotModel

/// A section snapshot that hands `Base` only the calls the reference model
/// accepts (for `.traps` and `.unspecified` implementations); see
/// `GuardedSnapshot`.
public struct GuardedSectionSnapshot<Base: SectionSnapshotProtocol<Int>>: SectionSnapshotProtocol {
  /// The implementation under test.
  public internal(set) var base: Base
  /// The reference model after the same accepted calls.
  var mirror: ModelSectionSnapshot<Int>
  /// The first call after which `base`'s forest differed from the
  /// mirror's; from then on no call is handed to `base` (see
  /// `GuardedSnapshot.divergence`).
  var divergence: String?
  /// Whether the last mutation was rejected by the mirror.
  var rejectedLastCall = false

  /// An empty section snapshot.
  public init() {
    base = Base()
    mirror = ModelSectionSnapshot()
  }

  init(base: Base, mirror: ModelSectionSnapshot<Int>) {
    self.base = base
    self.mirror = mirror
  }

  /// Compares the implementations only.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.base == rhs.base }
  /// The base's capabilities.
  public static var capabilities: SectionSnapshotCapabilities { Base.capabilities }

  /// Applies `change` to the mirror; only when it succeeds, `apply` to the
  /// base.
  /// A rejected call is handed to the base only when
  /// `.sectionSnapshotMutations` is declared `.throws` or `.ignores` (see
  /// `GuardedSnapshot`).
  private mutating func guarded(
    _ change: (inout ModelSectionSnapshot<Int>) throws(SnapshotError) -> Void,
    _ apply: (inout Base) throws(SnapshotError) -> Void, call: String = #function
  ) throws(SnapshotError) {
    rejectedLastCall = false
    guard divergence == nil else { return }
    var next = mirror
    do throws(SnapshotError) {
      try change(&next)
    } catch {
      try rejected(
        call, of: .sectionSnapshotMutations, with: error, observe: { $0.observed }, apply)
      return
    }
    try apply(&base)
    mirror = next
    noteDivergence(after: call)
  }

  /// Records the first call after which `base`'s forest (pre-order items
  /// and visible rows) is not the mirror's.
  private mutating func noteDivergence(after call: String) {
    guard divergence == nil, base.items != mirror.items || base.visibleItems != mirror.visibleItems
    else { return }
    divergence =
      "after `\(call)` the implementation holds \(base.items) (visible \(base.visibleItems)), "
      + "the reference \(mirror.items) (visible \(mirror.visibleItems))"
  }

  /// Throws `.itemNotFound` when `Base` does not hold `item`.
  private func requirePresent(_ item: Int) throws(SnapshotError) {
    guard base.contains(item) else { throw .itemNotFound(String(item)) }
  }

  /// The base's answer (the protocol requirement of the same name).
  public var items: [Int] { base.items }
  /// The base's answer (the protocol requirement of the same name).
  public var rootItems: [Int] { base.rootItems }
  /// The base's answer (the protocol requirement of the same name).
  public var visibleItems: [Int] { base.visibleItems }
  /// The base's answer (the protocol requirement of the same name).
  public var expandedItems: [Int] { base.expandedItems }
  /// The base's answer (the protocol requirement of the same name).
  public func index(of item: Int) -> Int? { base.index(of: item) }
  /// The base's answer, ids translated.
  /// - Throws: `.itemNotFound`/`.sectionNotFound`/`.parentNotFound` for a missing id, or the base's error.
  public func level(of item: Int) throws(SnapshotError) -> Int {
    try requirePresent(item)
    return try base.level(of: item)
  }
  /// The base's answer, ids translated.
  /// - Throws: `.itemNotFound`/`.sectionNotFound`/`.parentNotFound` for a missing id, or the base's error.
  public func parent(of item: Int) throws(SnapshotError) -> Int? {
    try requirePresent(item)
    return try base.parent(of: item)
  }
  /// The base's answer (the protocol requirement of the same name).
  public func contains(_ item: Int) -> Bool { base.contains(item) }
  /// The base's answer, ids translated.
  /// - Throws: `.itemNotFound`/`.sectionNotFound`/`.parentNotFound` for a missing id, or the base's error.
  public func isExpanded(_ item: Int) throws(SnapshotError) -> Bool {
    try requirePresent(item)
    return try base.isExpanded(item)
  }
  /// The base's answer, ids translated.
  /// - Throws: `.itemNotFound`/`.sectionNotFound`/`.parentNotFound` for a missing id, or the base's error.
  public func isVisible(_ item: Int) throws(SnapshotError) -> Bool {
    try requirePresent(item)
    return try base.isVisible(item)
  }
  /// The base's answer, ids translated.
  /// - Throws: `.itemNotFound`/`.sectionNotFound`/`.parentNotFound` for a missing id, or the base's error.
  public func snapshot(of parent: Int, includingParent: Bool) throws(SnapshotError) -> Self {
    guard base.contains(parent) else { throw .parentNotFound(String(parent)) }
    let extracted = try base.snapshot(of: parent, includingParent: includingParent)
    let mirrored = (try? mirror.snapshot(of: parent, includingParent: includingParent)) ?? .init()
    return Self(base: extracted, mirror: mirrored)
  }
  /// The base's answer (the protocol requirement of the same name).
  public func visualDescription() -> String { base.visualDescription() }

  /// Applied to the mirror, then, when the model accepts it, to the base.
  /// - Throws: the reference model's error; the base is then not called.
  public mutating func append(_ items: [Int], to parent: Int?) throws(SnapshotError) {
    try guarded(
      { (m) throws(SnapshotError) in try m.append(items, to: parent) },
      { (b) throws(SnapshotError) in try b.append(items, to: parent) })
  }
  /// Applied to the mirror, then, when the model accepts it, to the base.
  /// - Throws: the reference model's error; the base is then not called.
  public mutating func insert(_ items: [Int], before item: Int) throws(SnapshotError) {
    try guarded(
      { (m) throws(SnapshotError) in try m.insert(items, before: item) },
      { (b) throws(SnapshotError) in try b.insert(items, before: item) })
  }
  /// Applied to the mirror, then, when the model accepts it, to the base.
  /// - Throws: the reference model's error; the base is then not called.
  public mutating func insert(_ items: [Int], after item: Int) throws(SnapshotError) {
    try guarded(
      { (m) throws(SnapshotError) in try m.insert(items, after: item) },
      { (b) throws(SnapshotError) in try b.insert(items, after: item) })
  }
  /// Applied to the mirror, then, when the model accepts it, to the base.
  /// - Throws: the reference model's error; the base is then not called.
  public mutating func insert(_ snapshot: Self, before item: Int) throws(SnapshotError) {
    try guarded(
      { (m) throws(SnapshotError) in try m.insert(snapshot.mirror, before: item) },
      { (b) throws(SnapshotError) in try b.insert(snapshot.base, before: item) })
  }
  /// Applied to the mirror, then, when the model accepts it, to the base.
  /// - Throws: the reference model's error; the base is then not called.
  public mutating func insert(_ snapshot: Self, after item: Int) throws(SnapshotError) {
    try guarded(
      { (m) throws(SnapshotError) in try m.insert(snapshot.mirror, after: item) },
      { (b) throws(SnapshotError) in try b.insert(snapshot.base, after: item) })
  }
  /// Applied to the mirror, then, when the model accepts it, to the base.
  /// - Throws: the reference model's error; the base is then not called.
  public mutating func delete(_ items: [Int]) throws(SnapshotError) {
    try guarded(
      { (m) throws(SnapshotError) in try m.delete(items) },
      { (b) throws(SnapshotError) in try b.delete(items) })
  }
  /// The base's operation (and the mirror's, if any).
  public mutating func deleteAll() {
    guard divergence == nil else { return }
    base.deleteAll()
    mirror.deleteAll()
    noteDivergence(after: "deleteAll")
  }
  /// The base's operation (and the mirror's, if any).
  public mutating func expand(_ items: [Int]) {
    guard divergence == nil else { return }
    base.expand(items)
    mirror.expand(items)
    noteDivergence(after: "expand")
  }
  /// The base's operation (and the mirror's, if any).
  public mutating func collapse(_ items: [Int]) {
    guard divergence == nil else { return }
    base.collapse(items)
    mirror.collapse(items)
    noteDivergence(after: "collapse")
  }
  /// Applied to the mirror, then, when the model accepts it, to the base.
  /// - Throws: the reference model's error; the base is then not called.
  public mutating func replace(childrenOf parent: Int, using snapshot: Self) throws(SnapshotError) {
    try guarded(
      { (m) throws(SnapshotError) in try m.replace(childrenOf: parent, using: snapshot.mirror) },
      { (b) throws(SnapshotError) in try b.replace(childrenOf: parent, using: snapshot.base) })
  }
  /// The base's answer (the protocol requirement of the same name).
  public func invariantViolations() -> [String] {
    base.invariantViolations()
      + (divergence.map {
        ["diverged from the reference model \($0); no later call was handed to it"]
      } ?? [])
  }
}

extension SectionSnapshotProtocol {
  /// `expandedItems`, or, for a type without it (no `.expandedItems`), the
  /// items `isExpanded` answers true for: the implementation's own answers
  /// either way, never the protocol's empty default.
  var expandedItemsRead: [ItemIdentifier] {
    Self.capabilities.contains(.expandedItems)
      ? expandedItems : items.filter { (try? isExpanded($0)) == true }
  }

  /// The items, visible rows and expanded items: what a rejected call must
  /// leave unchanged.
  var observed: String { "\(items) (visible \(visibleItems), expanded \(expandedItemsRead))" }
}

extension GuardedSectionSnapshot: Sendable where Base: Sendable {}
