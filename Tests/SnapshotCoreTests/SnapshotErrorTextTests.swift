import SnapshotCore
import Testing

@Suite struct SnapshotErrorTextTests {
  struct RowID: Hashable, CustomStringConvertible {
    var n: Int
    var description: String { "row-\(n)" }
  }

  /// The `Int` and `String` shortcuts write what `String(describing:)`
  /// writes, and no other type (an optional or a wrapped `Int`) takes them.
  @Test func identifierTextIsWhatStringDescribingWrites() {
    func expectSame<ID>(_ id: ID) {
      #expect(SnapshotError.text(id) == String(describing: id))
    }
    expectSame(-42)
    expectSame(Int.max)
    expectSame("a \"quoted\" id")
    expectSame(Optional(3))
    expectSame(Optional<String>.none)
    expectSame(AnyHashable(7))
    expectSame(RowID(n: 3))
    expectSame(UInt8(9))
    #expect(SnapshotError.text(Optional(3)) == "Optional(3)")
    #expect(SnapshotError.texts([1, 2]) == ["1", "2"])
  }
}
