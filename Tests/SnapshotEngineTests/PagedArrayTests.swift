import Testing

@testable import SnapshotEngine

/// `PagedArray`, the paged node storage of `EngineSectionSnapshot`: it
/// reads and writes as a plain array does, a write to a copy leaves the
/// original as it was, and the copy shares every page but the one written.
/// The elements are strings longer than a small string, so page copies
/// and freed pages retain and release them.
@Suite struct PagedArrayTests {
  /// The pages of `a` that are the same page object as the page of `b` at
  /// the same position.
  static func sharedPages(_ a: PagedArray<String>, _ b: PagedArray<String>) -> Int {
    zip(a.pages, b.pages).count { $0 === $1 }
  }

  static func value(_ number: Int) -> String { "an element longer than fifteen bytes \(number)" }

  @Test func agreesWithAnArrayAndCopiesOnePage() {
    var paged = PagedArray<String>()
    var plain: [String] = []
    for number in 0..<5_000 {
      paged.append(Self.value(number))
      plain.append(Self.value(number))
    }
    #expect(paged.count == plain.count)
    #expect(paged.pages.count == 5)
    #expect((0..<plain.count).allSatisfy { paged[$0] == plain[$0] })
    #expect(paged.withReader { reader in (0..<plain.count).allSatisfy { reader[$0] == plain[$0] } })
    var copy = paged
    copy[2_100] = "written"
    copy.append("appended")
    #expect(paged[2_100] == plain[2_100] && paged.count == 5_000)
    #expect(copy[2_100] == "written" && copy[5_000] == "appended" && copy.count == 5_001)
    // Pages 0, 1 and 3 are shared; 2 (written) and 4 (appended to) are not.
    #expect(Self.sharedPages(paged, copy) == 3)
    // Writing again to the copy's own page copies nothing more.
    copy[2_101] = "again"
    #expect(Self.sharedPages(paged, copy) == 3)
    #expect(paged[2_101] == plain[2_101])
  }

  /// An array made from a plain one, then grown past a page, agrees with
  /// it; a small array holds a small page.
  @Test func fromAnArrayAndSmall() {
    var plain = (0..<1_300).map(Self.value)
    var paged = PagedArray(plain)
    for number in 1_300..<2_500 {
      paged.append(Self.value(number))
      plain.append(Self.value(number))
    }
    #expect(paged.count == plain.count && paged.pages.count == 3)
    #expect((0..<plain.count).allSatisfy { paged[$0] == plain[$0] })
    var small = PagedArray<String>()
    for number in 0..<5 { small.append(Self.value(number)) }
    #expect(small.pages.count == 1 && small.pages[0].capacity < 64)
  }

  /// A planted bug: an array copied element by element shares no page,
  /// which the count of shared pages above tells apart.
  @Test func aDeepCopySharesNoPage() {
    var paged = PagedArray<String>()
    for number in 0..<3_000 { paged.append(Self.value(number)) }
    var deep = PagedArray<String>()
    for slot in 0..<paged.count { deep.append(paged[slot]) }
    #expect(Self.sharedPages(paged, deep) == 0)
    #expect((0..<3_000).allSatisfy { deep[$0] == paged[$0] })
  }
}
