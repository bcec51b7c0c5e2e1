/// Traps with the violations `violations` finds when the package is built
/// with `-Xswiftc -DDIFFABLE_INTERNAL_CHECKS`; does nothing (and evaluates
/// nothing) otherwise. The mutating operations of the model and of the data
/// source call it with their `invariantViolations()` after every change.
@inline(__always)
@inlinable package func checkInternalInvariants(_ violations: @autoclosure () -> [String]) {
  #if DIFFABLE_INTERNAL_CHECKS
    let found = violations()
    precondition(found.isEmpty, found.joined(separator: "; "))
  #endif
}
