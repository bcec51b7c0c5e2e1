import Foundation
import SnapshotCore
import TestSupport
import Testing
import Verification

/// The identifier mappings round-trip, and stay injective over the
/// generators' ids.
@Suite struct IdentifierMappingTests {
  @Test func stringAndUUIDMappingsRoundTrip() {
    for id in [0, 1, 7, 29, 30, 511] {
      #expect(StringIdentifiers.sectionNumber(of: StringIdentifiers.section(id)) == id)
      #expect(StringIdentifiers.itemNumber(of: StringIdentifiers.item(id)) == id)
      #expect(UUIDIdentifiers.sectionNumber(of: UUIDIdentifiers.section(id)) == id)
      #expect(UUIDIdentifiers.itemNumber(of: UUIDIdentifiers.item(id)) == id)
    }
    #expect(StringIdentifiers.itemLiteral(7) == "\"i7\"")
    #expect(
      UUIDIdentifiers.itemLiteral(1)
        == "UUID(uuidString: \"00000000-0000-4000-9000-000000000001\")!")
    #expect(Set((0..<64).map(UUIDIdentifiers.item)).count == 64)
    #expect(UUIDIdentifiers.sectionNumber(of: UUIDIdentifiers.item(3)) == nil)
  }

  /// A custom mapping gets the scanning inverse for free.
  enum Tagged: IdentifierMapping {
    static func section(_ id: Int) -> String { "section-\(id)" }
    static func item(_ id: Int) -> Int { id * 10 }
  }

  @Test func aCustomMappingsDefaultInverseScans() {
    #expect(Tagged.sectionNumber(of: "section-12") == 12)
    #expect(Tagged.itemNumber(of: 70) == 7)
    #expect(Tagged.itemNumber(of: 71) == nil)
    #expect(Tagged.itemLiteral(3) == "30")
  }
}
