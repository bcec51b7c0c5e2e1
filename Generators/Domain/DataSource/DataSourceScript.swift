import SnapshotCore
import SnapshotModel

/// A data-source session: handler settings, then commands run in order on
/// a fresh data source. The structured, `Codable` form of a generated
/// data-source case.
public struct DataSourceScript: Hashable, Sendable, Codable {
  /// Items whose drag `canReorderItem` refuses (every other drag is
  /// allowed).
  public var refusedReorders: [Int]
  /// Items whose expand and collapse `shouldExpandItem` /
  /// `shouldCollapseItem` veto.
  public var vetoedToggles: [Int]
  /// The commands, in order.
  public var commands: [DataSourceCommand]

  /// Creates a script.
  public init(refusedReorders: [Int] = [], vetoedToggles: [Int] = [], commands: [DataSourceCommand]) {
    self.refusedReorders = refusedReorders
    self.vetoedToggles = vetoedToggles
    self.commands = commands
  }

  /// Installs the script's handlers on `dataSource`.
  public func configure<D: DataSourceProtocol>(_ dataSource: inout D) where D.Item == Int {
    let refused = refusedReorders
    let vetoed = vetoedToggles
    dataSource.reorderingHandlers.canReorderItem = { !refused.contains($0) }
    dataSource.sectionSnapshotHandlers.shouldExpandItem = { !vetoed.contains($0) }
    dataSource.sectionSnapshotHandlers.shouldCollapseItem = { !vetoed.contains($0) }
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
