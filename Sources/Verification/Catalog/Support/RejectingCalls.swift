import Generators

/// A case whose calls the reference model may reject: for a `.traps` or
/// `.unspecified` implementation, the guards skip exactly those calls.
protocol RejectingCalls {
  /// How many of the case's commands the reference model rejects (each
  /// carries the `throws` label).
  var rejectedCallCount: Int { get }
}

extension FullScript: RejectingCalls {
  var rejectedCallCount: Int { labels.count { $0 == "throws" } }
}

extension SectionScript: RejectingCalls {
  var rejectedCallCount: Int { labels.count { $0 == "throws" } }
}

extension DataSourceScript: RejectingCalls {
  var rejectedCallCount: Int { labels.count { $0 == "throws" } }
}
