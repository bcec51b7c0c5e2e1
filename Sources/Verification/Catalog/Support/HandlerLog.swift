import Generators
import SnapshotCore

/// The handler calls of a data-source session, in order, and what the lazy
/// `snapshotForExpandingParent` handler returned.
///
/// A class because the handlers are closures stored on the data source;
/// `@unchecked Sendable` because a session runs on one thread.
final class HandlerLog: @unchecked Sendable {
  /// The calls so far.
  var calls: [HandlerCall] = []
  /// The children the lazy handler returned, by parent, last call wins.
  var lazyChildren: [Int: [Int]] = [:]

  /// Installs `script`'s settings on `dataSource`, its handlers logging
  /// here.
  func configure<D: DataSourceProtocol>(_ dataSource: inout D, _ script: DataSourceScript)
  where D.Item == Int {
    script.configure(
      &dataSource, log: { [unowned self] in calls.append($0) },
      loaded: { [unowned self] in lazyChildren[$0] = $1 })
  }
}
