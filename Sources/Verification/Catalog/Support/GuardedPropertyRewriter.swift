/// Rebuilds a property of a guarded implementation for its misuse
/// declaration (`MisusePolicy`): each check runs with the policy in force
/// (so the guards hand over exactly the rejected calls of families
/// declared `.throws` or `.ignores`); each case also observes, in the
/// histogram `Statistics.skippedCallsHistogram`, how many calls the guards
/// kept from the implementation (cases of other kinds observe nothing
/// more); the rendered test treats each rejected call as its family is
/// declared (`SwiftCode.rejectedCalls(_:as:)`).
struct GuardedPropertyRewriter: PropertyVisitor {
  let policy: MisusePolicy

  func visit<Case>(_ property: Property<Case>) -> any VisitableProperty {
    let (policy, observations) = (policy, property.observations)
    let (render, check) = (property.render, property.check)
    let observeSkipped = Case.self is any RejectingCalls.Type
    var rebuilt = Property(
      property.name, generator: property.generator, coverage: property.coverage,
      labels: property.labels,
      observations: { value in
        guard observeSkipped else { return observations(value) }
        let skipped =
          (value as? any RejectingCalls)?.rejectedFamilies
          .count { !policy.behavior(for: $0).handsOverRejectedCalls } ?? 0
        return observations(value) + [.value(Statistics.skippedCallsHistogram, skipped)]
      },
      render: { SwiftCode.rejectedCalls(render($0), as: policy) },
      check: { value in MisusePolicy.$current.withValue(policy) { check(value) } })
    rebuilt.tag = property.tag
    rebuilt.expectsTrap = property.expectsTrap
    return rebuilt
  }
}
