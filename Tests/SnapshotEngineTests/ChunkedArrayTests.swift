import Generators
import Testing

@testable import SnapshotEngine

/// `ChunkedArray`, the chunked storage of a section's columns, against a
/// plain array: every edit agrees with the array, keeps a sound layout,
/// leaves a copy taken before it as it was, and copies one chunk of a
/// copy, not the whole.
@Suite struct ChunkedArrayTests {
  typealias Chunked = ChunkedArray<Int>

  /// The chunks of `a` that are the same buffer as some chunk of `b`.
  static func sharedChunks(_ a: Chunked, _ b: Chunked) -> Int {
    a.chunks.count { chunk in b.chunks.contains { Chunked.sameBuffer($0, chunk) } }
  }

  /// Random edits of every kind, on a copy each time, agree with an array
  /// at every step; the copy's original is unchanged.
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func randomEditsAgreeWithAnArray(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    // Longer than the array's chunks (about √320 = 17 at the start).
    let size = 64
    var model = Array(0..<(5 * size))
    var chunked = Chunked(model)
    var fresh = model.count
    var kinds = Set<Int>()
    for step in 0..<300 {
      let before = (chunked, model)
      var copy = chunked
      let kind = rng.below(9)
      kinds.insert(kind)
      func newIds(_ count: Int) -> [Int] {
        defer { fresh += count }
        return Array(fresh..<(fresh + count))
      }
      switch kind {
      case 0:
        let index = rng.below(model.count + 1)
        let ids = newIds(1 + rng.below(4))
        copy.insert(contentsOf: ids, at: index)
        model.insert(contentsOf: ids, at: index)
      case 1:
        // More than a chunk holds: new chunks between two halves.
        let index = rng.below(model.count + 1)
        let ids = newIds(size + rng.below(2 * size))
        copy.insert(contentsOf: ids, at: index)
        model.insert(contentsOf: ids, at: index)
      case 2:
        let ids = newIds(rng.below(2) == 0 ? 3 : 3 * size)
        copy.insert(contentsOf: ids, at: copy.count)
        model.append(contentsOf: ids)
      case 3 where model.count > 1:
        let index = rng.below(model.count)
        #expect(copy.remove(at: index) == model.remove(at: index))
      case 4 where model.count > 4 * size:
        // A long run: whole chunks emptied, short ones merged.
        let start = rng.below(model.count - 2 * size)
        let indices = Array(start..<(start + size + rng.below(size)))
        copy.remove(sortedIndices: indices)
        model.removeSubrange(indices.first!...indices.last!)
      case 5 where model.count > 40:
        let indices = Set((0..<(1 + rng.below(40))).map { _ in rng.below(model.count) }).sorted()
        copy.remove(sortedIndices: indices)
        for index in indices.reversed() { model.remove(at: index) }
      case 6 where model.count > 1:
        // Near (inside one chunk, usually) or anywhere.
        let source = rng.below(model.count)
        let target =
          rng.below(2) == 0
          ? min(model.count - 1, max(0, source + rng.below(9) - 4)) : rng.below(model.count)
        copy.move(from: source, to: target)
        model.insert(model.remove(at: source), at: target)
      case 7 where !model.isEmpty:
        let index = rng.below(model.count)
        copy[index] = -step - 1
        model[index] = -step - 1
      default:
        continue
      }
      chunked = copy
      #expect(Array(chunked) == model, "step \(step), kind \(kind)")
      #expect(chunked.count == model.count)
      #expect(chunked.layoutViolations().isEmpty, "\(chunked.layoutViolations())")
      for _ in 0..<8 where !model.isEmpty {
        let index = rng.below(model.count)
        #expect(chunked[index] == model[index])
      }
      #expect(Array(before.0) == before.1, "the original changed at step \(step)")
    }
    #expect(kinds.isSuperset(of: 0...7))
    #expect(chunked.chunks.count > 3)
  }

  /// A copy's first edit cuts a long whole once (on the copy) and then
  /// copies one chunk per edit: every other chunk stays shared.
  @Test func aCopyEditsOneChunk() {
    let count = 10_000
    let size = Chunked.chunkSize(for: count)
    #expect(size == 256)
    var original = Chunked(Array(0..<count))
    #expect(original.chunks.count == 1 && original.isLongWhole)
    original.splitLongChunk()
    // 39 chunks of 256 and one of the 16 left.
    #expect(original.chunks.count == 40 && original.layoutViolations().isEmpty)
    var copy = original
    copy.insert(contentsOf: [-1], at: 5 * size + 3)
    #expect(Self.sharedChunks(copy, original) == 39)
    copy.remove(at: 2)
    copy.move(from: 7 * size, to: 7 * size + 10)
    #expect(Self.sharedChunks(copy, original) == 37)
    #expect(Array(original) == Array(0..<count))
    // Compared with arrays chunk by chunk, and as a whole.
    #expect(copy.elementsEqual(Array(copy)) && original.elementsEqual(Array(0..<count)))
    #expect(!copy.elementsEqual(Array(0..<count)) && !original.elementsEqual(Array(copy)))
    #expect(!original.elementsEqual(Array(1...count)))
    #expect(Chunked(Array(0..<count)).elementsEqual(Array(0..<count)))
  }

  /// Two arrays share their chunks when one is a copy of the other, or
  /// both are wholes taken from one array, or chunk lists of the same
  /// buffers; equal elements in other buffers, and a copy with one chunk
  /// edited, do not.
  @Test func sharedChunksAreFoundByIdentity() {
    let elements = Array(0..<1_000)
    let (first, second) = (Chunked(elements), Chunked(elements))
    #expect(!first.sharesStorage(with: second) && first.sharesChunks(with: second))
    #expect(!first.sharesChunks(with: Chunked(elements.map { $0 })))
    var chunked = first
    chunked.splitLongChunk()
    #expect(chunked.chunks.count == 4 && !chunked.sharesChunks(with: first))
    let copy = chunked
    #expect(copy.sharesChunks(with: chunked))
    var relisted = Chunked()
    relisted.chunks = chunked.chunks.map { $0 }
    relisted.ends = chunked.ends
    #expect(!relisted.sharesStorage(with: chunked) && relisted.sharesChunks(with: chunked))
    var edited = chunked
    edited.move(from: 900, to: 950)
    #expect(edited.chunks.count == 4 && !edited.sharesChunks(with: chunked))
    #expect(Chunked().sharesChunks(with: Chunked()))
  }

  /// `elementsEqual` compares in place, four plain pairs per step: one
  /// difference anywhere (each offset of a step of four, each chunk's
  /// ends, the last element) makes it false, for a whole and for a
  /// chunked array, `Int` and `String` elements; equal elements in
  /// another buffer, or the same buffer, make it true. A planted step
  /// that skips its fourth pair, or a walk that stops after the first
  /// chunk, is caught here.
  @Test func elementsEqualFindsOneDifferenceAnywhere() {
    func check<Element: Equatable>(_ make: (Int) -> Element) {
      let count = 1_000
      let values = (0..<count).map(make)
      var chunked = ChunkedArray(values)
      chunked.splitLongChunk()
      let whole = ChunkedArray(values)
      #expect(chunked.chunks.count > 1 && whole.chunks.count == 1)
      let size = ChunkedArray<Element>.chunkSize(for: count)
      let positions = [0, 1, 2, 3, 4, 5, 6, 7, size - 1, size, size + 1, 2 * size + 3, count - 1]
      for array in [whole, chunked] {
        let (same, copied) = (array.elementsEqual(values), array.elementsEqual(values.map { $0 }))
        let shorter = array.elementsEqual(Array(values.dropLast()))
        #expect(same && copied && !shorter)
        for position in positions {
          var other = values
          other[position] = make(count + position)
          let equal = array.elementsEqual(other)
          #expect(!equal, "a difference at \(position), \(array.chunks.count) chunks")
        }
      }
    }
    check { $0 }
    check { "item-\($0)-\(String(repeating: "x", count: 20))" }
  }

  /// Chunks are cut to about √*n*, at least 16, and from 512 elements on
  /// to a quarter of the array up to 256 when that is longer; a whole is
  /// cut only past twice that.
  @Test func chunksAreAboutTheRootOfTheLength() {
    #expect(
      [1, 100, 256, 300, 511, 512, 1_000, 10_000, 100_000, 1_000_000].map(
        Chunked.chunkSize(for:)) == [16, 16, 16, 17, 22, 128, 250, 256, 316, 1_000])
    #expect(!Chunked(Array(0..<32)).isLongWhole)
    #expect(Chunked(Array(0..<33)).isLongWhole)
    var grown = Chunked([0])
    for value in 1..<10_000 { grown.insert(contentsOf: [value], at: grown.count) }
    #expect(Array(grown) == Array(0..<10_000))
    // Cut as it grows (short chunks first): neither one chunk nor thousands.
    #expect((20...120).contains(grown.chunks.count), "\(grown.chunks.count) chunks")
  }

  /// The common runs agree with comparing element by element, forward and
  /// backward, between an array and copies edited here and there. Among
  /// them: the same chunk at different offsets (after an insert before
  /// it), which a skip that compared buffers and not offsets would call
  /// equal.
  @Test(arguments: [5, 6, 7] as [UInt64])
  func commonRunsAgreeWithComparing(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var base = Chunked(Array(0..<6_000))
    base.splitLongChunk()
    for _ in 0..<40 {
      var other = base
      for _ in 0..<(1 + rng.below(3)) {
        switch rng.below(3) {
        case 0: other.insert(contentsOf: [-1 - rng.below(5)], at: rng.below(other.count + 1))
        case 1: other.remove(at: rng.below(other.count))
        default: other.move(from: rng.below(other.count), to: rng.below(other.count))
        }
      }
      let (a, b) = (Array(base), Array(other))
      let start = (rng.below(a.count), rng.below(b.count))
      let limit = min(a.count - start.0, b.count - start.1)
      var naive = 0
      while naive < limit && a[start.0 + naive] == b[start.1 + naive] { naive += 1 }
      #expect(Chunked.commonRun(base, from: start.0, other, from: start.1, limit: limit) == naive)
      let end = (a.count - rng.below(a.count), b.count - rng.below(b.count))
      let back = min(end.0, end.1)
      var naiveBack = 0
      while naiveBack < back && a[end.0 - 1 - naiveBack] == b[end.1 - 1 - naiveBack] {
        naiveBack += 1
      }
      #expect(
        Chunked.commonRunBackward(base, to: end.0, other, to: end.1, limit: back) == naiveBack)
      #expect((base == other) == (a == b))
    }
    // One chunk shared at offsets 1 apart: equal only where the values are.
    var shifted = base
    shifted.insert(contentsOf: [-7], at: 0)
    let limit = base.count
    #expect(Chunked.commonRun(base, from: 0, shifted, from: 0, limit: limit) == 0)
    #expect(Chunked.commonRun(base, from: 0, shifted, from: 1, limit: limit) == limit)
  }

  /// `commonEnds(with:)` (a section compared in place with the rows a
  /// section snapshot shows) agrees with the same scan of two arrays: the
  /// chunked side edited, the array side edited apart, both ways of
  /// growing and shrinking, and arrays empty or equal.
  @Test(arguments: [8, 9] as [UInt64])
  func commonEndsAgreeWithTwoArrays(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var base = Chunked(Array(0..<3_000))
    base.splitLongChunk()
    for run in 0..<60 {
      var chunked = base
      for _ in 0..<rng.below(3) {
        chunked.move(from: rng.below(chunked.count), to: rng.below(chunked.count))
      }
      var rows = Array(base)
      for _ in 0..<rng.below(4) {
        switch rng.below(3) {
        case 0: rows.insert(-1 - rng.below(5), at: rng.below(rows.count + 1))
        case 1: rows.remove(at: rng.below(rows.count))
        default: rows = Array(rows.prefix(rows.count - rng.below(rows.count / 4 + 1)))
        }
      }
      if run % 10 == 9 { rows = [] }
      let shown = Array(chunked)
      let limit = min(shown.count, rows.count)
      var prefix = 0
      while prefix < limit && shown[prefix] == rows[prefix] { prefix += 1 }
      var suffix = 0
      while suffix < limit - prefix
        && shown[shown.count - 1 - suffix] == rows[rows.count - 1 - suffix]
      {
        suffix += 1
      }
      let ends = chunked.commonEnds(with: rows)
      #expect(ends.prefix == prefix && ends.suffix == suffix, "run \(run)")
    }
    #expect(base.commonEnds(with: Array(base)) == (3_000, 0))
    #expect(Chunked([]).commonEnds(with: [1]) == (0, 0))
  }

  /// The layout check names each broken layout and passes a sound one.
  @Test func layoutViolationsNameEachBrokenLayout() {
    var sound = Chunked(Array(0..<48))
    sound.splitLongChunk()
    #expect(sound.chunks.count == 3 && sound.layoutViolations().isEmpty)
    #expect(Chunked(Array(0..<48)).layoutViolations().isEmpty)
    var wrongEnd = sound
    wrongEnd.ends[1] += 1
    #expect(wrongEnd.layoutViolations().contains { $0.contains("ends at") })
    var empty = sound
    empty.chunks.insert([], at: 1)
    empty.ends.insert(empty.ends[0], at: 1)
    #expect(empty.layoutViolations().contains { $0.contains("is empty") })
    var missing = sound
    missing.ends.removeLast()
    #expect(missing.layoutViolations() == ["2 chunk ends for 3 chunks"])
  }
}
