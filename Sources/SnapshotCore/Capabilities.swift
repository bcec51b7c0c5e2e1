/// What a full snapshot type implements beyond the operations every
/// conformer has: a type declares the rest missing, and the catalog
/// checks exactly what it has and counts what it skips.
///
/// Declare a missing capability by overriding `capabilities`:
///
/// ```swift
/// extension Backport: SnapshotProtocol {
///   static var capabilities: SnapshotCapabilities {
///     SnapshotCapabilities.all.subtracting([.readableMarks, .reconfigure, .equality])
///   }
/// }
/// ```
public struct SnapshotCapabilities: OptionSet, Hashable, Sendable {
  /// The raw bits.
  public let rawValue: Int
  /// Creates a set from its raw bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The mark getters (`reloadedItemIdentifiers`,
  /// `reloadedSectionIdentifiers`, `reconfiguredItemIdentifiers`) answer.
  public static let readableMarks = SnapshotCapabilities(rawValue: 1 << 0)
  /// The mark getters keep first-mark order (this project's contract, not
  /// Apple's): off by default when a getter is not an `Array`.
  public static let orderedMarks = SnapshotCapabilities(rawValue: 1 << 1)
  /// `reconfigureItems(_:)` exists (iOS 15 and later).
  public static let reconfigure = SnapshotCapabilities(rawValue: 1 << 2)
  /// `==` is the type's own (layouts compared, marks ignored).
  public static let equality = SnapshotCapabilities(rawValue: 1 << 3)

  /// Every capability.
  public static let all: SnapshotCapabilities = [
    .readableMarks, .orderedMarks, .reconfigure, .equality,
  ]

  /// The names of the capabilities in `self`, in declaration order (for
  /// reports).
  public var names: [String] {
    [
      (Self.readableMarks, "readable marks"), (Self.orderedMarks, "mark order"),
      (Self.reconfigure, "reconfigureItems"), (Self.equality, "=="),
    ].filter { contains($0.0) }.map(\.1)
  }
}

/// What a section snapshot type implements beyond the operations every
/// conformer has; see `SnapshotCapabilities`.
public struct SectionSnapshotCapabilities: OptionSet, Hashable, Sendable {
  /// The raw bits.
  public let rawValue: Int
  /// Creates a set from its raw bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// `insert(_:before:)` / `insert(_:after:)` taking a section snapshot.
  public static let insertSnapshot = SectionSnapshotCapabilities(rawValue: 1 << 0)
  /// `replace(childrenOf:using:)`.
  public static let replaceChildren = SectionSnapshotCapabilities(rawValue: 1 << 1)
  /// `deleteAll()`.
  public static let deleteAll = SectionSnapshotCapabilities(rawValue: 1 << 2)
  /// `index(of:)`.
  public static let indexOf = SectionSnapshotCapabilities(rawValue: 1 << 3)
  /// `expandedItems`.
  public static let expandedItems = SectionSnapshotCapabilities(rawValue: 1 << 4)
  /// `visualDescription()` in UIKit's text.
  public static let visualDescription = SectionSnapshotCapabilities(rawValue: 1 << 5)
  /// `==` is the type's own.
  public static let equality = SectionSnapshotCapabilities(rawValue: 1 << 6)

  /// Every capability.
  public static let all: SectionSnapshotCapabilities = [
    .insertSnapshot, .replaceChildren, .deleteAll, .indexOf, .expandedItems, .visualDescription,
    .equality,
  ]

  /// The names of the capabilities in `self`, in declaration order (for
  /// reports).
  public var names: [String] {
    [
      (Self.insertSnapshot, "insert(snapshot)"), (Self.replaceChildren, "replace(childrenOf:)"),
      (Self.deleteAll, "deleteAll"), (Self.indexOf, "index(of:)"),
      (Self.expandedItems, "expandedItems"), (Self.visualDescription, "visualDescription"),
      (Self.equality, "=="),
    ].filter { contains($0.0) }.map(\.1)
  }
}
