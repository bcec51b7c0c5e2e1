import SnapshotCore
import SnapshotModel

/// A data-source session: the settings a user makes (content update style,
/// which handlers are installed, what they veto and refuse), then commands
/// run in order on a fresh data source. The structured, `Codable` form of a
/// generated data-source case.
public struct DataSourceScript: Hashable, Sendable, Codable {
  /// Items whose drag `canReorderItem` refuses (every other drag is
  /// allowed).
  public var refusedReorders: [Int]
  /// Items whose expand and collapse `shouldExpandItem` /
  /// `shouldCollapseItem` veto.
  public var vetoedToggles: [Int]
  /// The data source's `contentUpdateStyle`.
  public var contentUpdateStyle: ContentUpdateStyle
  /// The handlers left unset (every other one is installed).
  public var absentHandlers: [DataSourceHandler]
  /// Whether `snapshotForExpandingParent` also replaces the children of
  /// an item that has some (with its one lazy child), not only loads
  /// children for a childless one (part D: the result replaces the
  /// children even when the item had some).
  public var replacesChildren: Bool
  /// The commands, in order.
  public var commands: [DataSourceCommand]

  /// Creates a script.
  public init(
    refusedReorders: [Int] = [], vetoedToggles: [Int] = [],
    contentUpdateStyle: ContentUpdateStyle = .reload, absentHandlers: [DataSourceHandler] = [],
    replacesChildren: Bool = false, commands: [DataSourceCommand]
  ) {
    self.refusedReorders = refusedReorders
    self.vetoedToggles = vetoedToggles
    self.contentUpdateStyle = contentUpdateStyle
    self.absentHandlers = absentHandlers
    self.replacesChildren = replacesChildren
    self.commands = commands
  }

  enum CodingKeys: String, CodingKey {
    case refusedReorders, vetoedToggles, contentUpdateStyle, absentHandlers, replacesChildren
    case commands
  }

  /// Decodes a script; records written before the style and the handler
  /// set existed decode with the defaults (`.reload`, every handler, no
  /// replaced children).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    refusedReorders = try container.decode([Int].self, forKey: .refusedReorders)
    vetoedToggles = try container.decode([Int].self, forKey: .vetoedToggles)
    contentUpdateStyle =
      try container.decodeIfPresent(ContentUpdateStyle.self, forKey: .contentUpdateStyle) ?? .reload
    absentHandlers =
      try container.decodeIfPresent([DataSourceHandler].self, forKey: .absentHandlers) ?? []
    replacesChildren = try container.decodeIfPresent(Bool.self, forKey: .replacesChildren) ?? false
    commands = try container.decode([DataSourceCommand].self, forKey: .commands)
  }

  /// Whether the session installs `handler`.
  public func installs(_ handler: DataSourceHandler) -> Bool { !absentHandlers.contains(handler) }

  /// Whether the session's `shouldExpandItem` vetoes expanding `item`.
  public func vetoesExpanding(_ item: Int) -> Bool {
    installs(.shouldExpandItem) && vetoedToggles.contains(item)
  }

  /// Whether the session's `shouldCollapseItem` vetoes collapsing `item`.
  public func vetoesCollapsing(_ item: Int) -> Bool {
    installs(.shouldCollapseItem) && vetoedToggles.contains(item)
  }

  /// The lazy children `snapshotForExpandingParent` gives an item that has
  /// none: one new child, `lazyBase + item`, outside the generators' ids.
  public static let lazyBase = 100

  /// What the session's `snapshotForExpandingParent` returns for `item`
  /// whose current children are `children`: one lazy child for a generator
  /// id that has none (or has some, when `replacing`), the children
  /// unchanged otherwise.
  public static func lazyChildren<T: SectionSnapshotProtocol<Int>>(
    of item: Int, _ children: T, replacing: Bool = false
  ) -> T {
    guard children.items.isEmpty || replacing, item < lazyBase else { return children }
    var loaded = T()
    try? loaded.append([lazyBase + item], to: nil)
    return loaded
  }

  /// Installs the script's settings on `dataSource`: its content update
  /// style and every handler it does not leave out, each telling `log` of
  /// its call. `shouldExpandItem`/`shouldCollapseItem` veto
  /// `vetoedToggles`, `canReorderItem` refuses `refusedReorders`, and
  /// `snapshotForExpandingParent` loads one lazy child (`lazyChildren`),
  /// telling `loaded` what it returned.
  public func configure<D: DataSourceProtocol>(
    _ dataSource: inout D, log: ((HandlerCall) -> Void)? = nil,
    loaded: ((Int, [Int]) -> Void)? = nil
  ) where D.Item == Int {
    let refused = refusedReorders
    let vetoed = vetoedToggles
    let replacing = replacesChildren
    let note = log ?? { _ in }
    dataSource.contentUpdateStyle = contentUpdateStyle
    var section = SectionSnapshotHandlers<D.SectionSnapshot>()
    if installs(.shouldExpandItem) {
      section.shouldExpandItem = { item in
        note(.shouldExpandItem(item))
        return !vetoed.contains(item)
      }
    }
    if installs(.willExpandItem) { section.willExpandItem = { note(.willExpandItem($0)) } }
    if installs(.snapshotForExpandingParent) {
      section.snapshotForExpandingParent = { item, children in
        note(.snapshotForExpandingParent(item, children: children.items))
        let result = DataSourceScript.lazyChildren(of: item, children, replacing: replacing)
        loaded?(item, result.items)
        return result
      }
    }
    if installs(.shouldCollapseItem) {
      section.shouldCollapseItem = { item in
        note(.shouldCollapseItem(item))
        return !vetoed.contains(item)
      }
    }
    if installs(.willCollapseItem) {
      section.willCollapseItem = { note(.willCollapseItem($0)) }
    }
    dataSource.sectionSnapshotHandlers = section
    var reordering = ReorderingHandlers<D.Snapshot, D.SectionSnapshot>()
    if installs(.canReorderItem) {
      reordering.canReorderItem = { item in
        note(.canReorderItem(item))
        return !refused.contains(item)
      }
    }
    if installs(.willReorder) {
      reordering.willReorder = { note(.willReorder($0.finalSnapshot.itemIdentifiers)) }
    }
    if installs(.didReorder) {
      reordering.didReorder = { note(.didReorder($0.finalSnapshot.itemIdentifiers)) }
    }
    dataSource.reorderingHandlers = reordering
  }

  /// The items the script taps whose lazy child (`lazyChildren`) a
  /// `snapshotForExpandingParent` handler may load, each with that child:
  /// what a rendered handler needs to load the same ids.
  public var lazyChildPairs: [(item: Int, child: Int)] {
    var seen = Set<Int>()
    return commands.compactMap { command in
      guard case .userToggle(let item, _) = command, item < Self.lazyBase,
        seen.insert(item).inserted
      else { return nil }
      return (item, Self.lazyBase + item)
    }
  }

  /// A configured data source of type `D` after every command (errors
  /// ignored).
  public func run<D: DataSourceProtocol>(as type: D.Type = D.self) -> D
  where D.Section == Int, D.Item == Int {
    var dataSource = D()
    configure(&dataSource)
    for command in commands { _ = try? command.perform(on: &dataSource) }
    return dataSource
  }
}
