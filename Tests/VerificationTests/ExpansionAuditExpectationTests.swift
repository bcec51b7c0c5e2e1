import Generators
import SnapshotCore
import SnapshotEngine
import TestSupport
import Testing

@testable import Verification

/// The expectations a failed expansion rule renders must fail on the bug
/// that broke it: a collapse that also drops a descendant's flag shows the
/// same rows, so the rows alone would pass.
struct ExpansionAuditExpectationTests {
  /// `0` with a child `1`, `1` expanded, `0` collapsed; then `expand([0])`.
  static func audit<T: SectionSnapshotProtocol<Int>>(_: T.Type) throws -> ExpansionAudit<T> {
    var before = T()
    try before.append([0])
    try before.append([1], to: 0)
    before.expand([1])
    var after = before
    after.expand([0])
    return ExpansionAudit(
      before: before, command: .expand([0]), after: after, extracted: nil, literals: .numbers)
  }

  @Test func aCollapseThatDropsADescendantFlagRendersTheFlag() throws {
    let audit = try Self.audit(PlantedSection.CascadingCollapse.self)
    let violation = try #require(audit.violation(of: .ancestorCollapse))
    #expect(violation.expectations.contains("#expect(try closed.isExpanded(1) == true)"))
    // What that expectation reads, on the planted type: it fails there.
    var closed = audit.after
    closed.collapse([0])
    #expect(try closed.isExpanded(1) == false)
    #expect(closed.visibleItems == audit.before.visibleItems, "the rows alone agree")
  }

  @Test func theEngineKeepsTheFlag() throws {
    #expect(try Self.audit(EngineSectionSnapshot<Int>.self).violation(of: .ancestorCollapse) == nil)
  }
}
