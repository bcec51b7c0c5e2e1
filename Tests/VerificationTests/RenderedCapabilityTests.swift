import Foundation
import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel
import TestSupport
import Testing

@testable import Verification

/// Rendered tests assert only what the user's type has (issue 18): for the
/// backport (no marks, no `==`, no `reconfigureItems`; traps on some
/// misuse, ignores the rest), the reimplementation (`Set` marks) and the
/// partial section snapshot (no `index(of:)`), each rendered failure,
/// compiled as pasted with warnings on, fails on the planted bug and passes
/// once it is fixed.
@Suite(.serialized) struct RenderedCapabilityTests {
  /// `code` renamed `name` + `OnBug`, and the same with `bug` replaced by
  /// `fixed` renamed `name` + `OnFixed`.
  static func pair(_ name: String, _ code: String, bug: String, fixed: String)
    -> (name: String, bug: String, fixed: String)
  {
    let renamed = { (suffix: String) in RenderedReproductionTests.renamed(code, to: name + suffix) }
    return (name, renamed("OnBug"), renamed("OnFixed").replacing(bug, with: fixed))
  }

  @Test func renderedTestsOfPartialTypesCompileFailOnTheBugAndPassWhenFixed() throws {
    typealias Fixtures = CapabilityFixtureTests
    let keeps = try #require(
      Fixtures.failure(Fixtures.backport(BackportKeepsSections.self), "full.differential"))
    let repeats = try #require(
      Fixtures.failure(Fixtures.backport(BackportDeletesOnRepeat.self), "full.differential"))
    let reloads = try #require(
      Fixtures.failure(
        Fixtures.reimplementation(ReconfigureShowsAsReload.self), "full.differential"))
    let expand = try #require(
      Fixtures.failure(Fixtures.reimplementation(ExpandDropsLast.self), "section.differential"))
    // What the types lack is not asserted.
    for code in [keeps.swiftCode, repeats.swiftCode] {
      #expect(!code.contains("reloadedItemIdentifiers") && !code.contains("== before"), "\(code)")
    }
    #expect(
      repeats.swiftCode.contains("// Apple rejects it; declared .ignores: must not throw"),
      "\(repeats.swiftCode)")
    #expect(!expand.swiftCode.contains("index(of:"), "\(expand.swiftCode)")
    let tests = [
      ("keeps", keeps, "BackportKeepsSections", "NoBackportBug"),
      ("repeats", repeats, "BackportDeletesOnRepeat", "NoBackportBug"),
      ("reloads", reloads, "ReconfigureShowsAsReload", "NoReimplementationBug"),
      ("expand", expand, "ExpandDropsLast", "NoReimplementationBug"),
    ]
    try RenderedReproductionTests.expectFailOnBugPassWhenFixed(
      tests.map { Self.pair($0.0, $0.1.swiftCode, bug: $0.2, fixed: $0.3) })
  }
}
