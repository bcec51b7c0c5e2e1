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
