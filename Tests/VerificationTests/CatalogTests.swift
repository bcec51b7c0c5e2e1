import Foundation
import Generators
import SnapshotCore
import Testing
import Verification

/// The default catalog (the engine against the model) on the CI budget.
@Suite struct CatalogTests {
  /// The fixed CI seed.
  static let seed: UInt64 = 0xD1FF_AB1E

  @Test(arguments: Catalog.names)
  func property(_ name: String) throws {
    let property = try #require(Catalog.property(named: name))
    let report = check(property, base: RunConfiguration(seed: Self.seed, cases: 150))
    if let report {
      print("\(name): \(report.casesRun) cases in \(report.seconds)s")
    }
  }
}
