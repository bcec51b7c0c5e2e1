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

/// Rebuilds a property of a guarded implementation so that each case also
/// observes, in the histogram `Statistics.skippedCallsHistogram`, how many
/// calls the guards skipped (kept from the implementation because Apple
/// rejects them); cases of other kinds observe nothing more.
struct SkippedCallObserver: PropertyVisitor {
  func visit<Case>(_ property: Property<Case>) -> any VisitableProperty {
    guard Case.self is any RejectingCalls.Type else { return property }
    let observations = property.observations
    var rebuilt = Property(
      property.name, generator: property.generator, coverage: property.coverage,
      labels: property.labels,
      observations: { value in
        let skipped = (value as? any RejectingCalls)?.rejectedCallCount ?? 0
        return observations(value) + [.value(Statistics.skippedCallsHistogram, skipped)]
      },
      render: property.render, check: property.check)
    rebuilt.tag = property.tag
    rebuilt.expectsTrap = property.expectsTrap
    return rebuilt
  }
}
