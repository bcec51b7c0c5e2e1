/// The handler calls of a data-source session, in order, and what the lazy
/// `snapshotForExpandingParent` handler returned.
///
/// A class because the handlers are closures stored on the data source;
/// `@unchecked Sendable` because a session runs on one thread.
final class HandlerLog: @unchecked Sendable {
  /// The calls so far, e.g. `shouldExpandItem(3)`.
  var entries: [String] = []
  /// The children the lazy handler returned, by parent, last call wins.
  var lazyChildren: [Int: [Int]] = [:]
}
