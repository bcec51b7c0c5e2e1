/// A slot array stored in pages of 1,024 elements, so that a copy shares
/// every page and a write to the copy copies only the page it touches (and
/// the lists of pages), where a plain array copies all its elements on the
/// first write of a copy (and retains each reference-counted one).
///
/// `EngineSectionSnapshot` keeps its nodes in one: a tree derived from
/// another by a few edits (`var next = stored`, then mutations) costs
/// O(*n* / 1,024) for the page lists plus O(1,024) per page written, not
/// O(*n*). Slots never move (elements are only appended or overwritten),
/// so a slot's page and offset are a shift and a mask.
///
/// Each page is a block of memory owned by a `Page` object (the first
/// one starts at 16 elements and doubles up to 1,024); `bases` holds
/// the block of each page, so that a read is two loads, no page object
/// touched and no bounds check within the page (a walk through `Reader`
/// skips the check of `bases` too). A page is copied on its first write
/// while another array shares it (`isKnownUniquelyReferenced`).
@usableFromInline
struct PagedArray<Element> {
  /// One page: the memory of `capacity` elements (`pageLength`, or less
  /// for the first page of a small array), the first `count` of them
  /// initialized.
  @usableFromInline
  final class Page {
    @usableFromInline let base: UnsafeMutablePointer<Element>
    @usableFromInline let capacity: Int
    @usableFromInline var count = 0

    @inlinable init(capacity: Int) {
      self.capacity = capacity
      base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    }

    /// A page holding copies of `other`'s elements, with room for
    /// `capacity` (at least its count).
    /// - Complexity: O(*k*), *k* its elements.
    @inlinable init(copying other: Page, capacity: Int? = nil) {
      self.capacity = Swift.max(capacity ?? other.capacity, other.count)
      base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
      base.initialize(from: other.base, count: other.count)
      count = other.count
    }

    @inlinable deinit {
      base.deinitialize(count: count)
      base.deallocate()
    }
  }

  /// The pages, in order; every page but the last is full.
  @usableFromInline var pages: [Page] = []
  /// `bases[p]`: the memory of `pages[p]`.
  @usableFromInline var bases: [UnsafeMutablePointer<Element>] = []
  /// The number of elements.
  @usableFromInline var count = 0

  /// log2 of the page length.
  @inlinable static var pageShift: Int { 10 }
  /// The elements per page.
  @inlinable static var pageLength: Int { 1 << pageShift }

  /// An empty array.
  @inlinable init() {}

  /// The element in `slot` (in `0..<count`).
  /// - Complexity: O(1); a write to a shared page copies it, O(1,024).
  @inlinable
  subscript(slot: Int) -> Element {
    unsafeAddress {
      precondition(slot >= 0 && slot < count, "PagedArray: slot out of range")
      return UnsafePointer(bases[slot &>> Self.pageShift] + (slot & (Self.pageLength - 1)))
    }
    unsafeMutableAddress {
      precondition(slot >= 0 && slot < count, "PagedArray: slot out of range")
      let page = slot &>> Self.pageShift
      if !isKnownUniquelyReferenced(&pages[page]) {
        pages[page] = Page(copying: pages[page])
        bases[page] = pages[page].base
      }
      return bases[page] + (slot & (Self.pageLength - 1))
    }
  }

  /// The elements of `array`, in its order.
  /// - Complexity: O(*n*).
  @inlinable
  init(_ array: [Element]) {
    reserveCapacity(array.count)
    array.withUnsafeBufferPointer { elements in
      var start = 0
      while start < elements.count {
        let length = Swift.min(Self.pageLength, elements.count - start)
        let page = Page(capacity: length)
        page.base.initialize(from: elements.baseAddress! + start, count: length)
        page.count = length
        pages.append(page)
        bases.append(page.base)
        start += length
      }
    }
    count = array.count
  }

  /// Adds `element` in slot `count`.
  /// - Complexity: amortised O(1); O(1,024) when the last page is shared.
  @inlinable
  mutating func append(_ element: Element) {
    if count & (Self.pageLength - 1) == 0 {
      // The first page starts small and doubles (a tree of a few items
      // does not hold a page of 1,024), the later ones are whole.
      pages.append(Page(capacity: count == 0 ? 16 : Self.pageLength))
      bases.append(pages[pages.count - 1].base)
    } else if !isKnownUniquelyReferenced(&pages[pages.count - 1])
      || pages[pages.count - 1].capacity == pages[pages.count - 1].count
    {
      let last = pages[pages.count - 1]
      let capacity =
        last.count < last.capacity ? last.capacity : Swift.min(2 * last.capacity, Self.pageLength)
      pages[pages.count - 1] = Page(copying: last, capacity: capacity)
      bases[pages.count - 1] = pages[pages.count - 1].base
    }
    let last = pages[pages.count - 1]
    (last.base + last.count).initialize(to: element)
    last.count += 1
    count += 1
  }

  /// Makes room for `capacity` elements in the page lists.
  /// - Complexity: O(the pages).
  @inlinable
  mutating func reserveCapacity(_ capacity: Int) {
    let pageCount = (capacity + Self.pageLength - 1) &>> Self.pageShift
    pages.reserveCapacity(pageCount)
    bases.reserveCapacity(pageCount)
  }

  /// Calls `body` with a reader of the elements, for a walk that reads
  /// many slots (in range: the reader checks none).
  /// - Complexity: O(1) besides `body`.
  @inlinable
  func withReader<Result>(_ body: (Reader) -> Result) -> Result {
    withExtendedLifetime(pages) { bases.withUnsafeBufferPointer { body(Reader(bases: $0)) } }
  }

  /// Unchecked read access to the elements of a `PagedArray`
  /// (`withReader`).
  @usableFromInline
  struct Reader {
    @usableFromInline let bases: UnsafeBufferPointer<UnsafeMutablePointer<Element>>

    @inlinable init(bases: UnsafeBufferPointer<UnsafeMutablePointer<Element>>) {
      self.bases = bases
    }

    /// The element in `slot`.
    @inlinable
    subscript(slot: Int) -> Element {
      unsafeAddress {
        UnsafePointer(bases[slot &>> PagedArray.pageShift] + (slot & (PagedArray.pageLength - 1)))
      }
    }
  }

  /// Unchecked read access for a walk from slot to slot (the next slot
  /// read out of the current element): the page last read is kept, so a
  /// step within it costs one load, not two dependent ones (the page's
  /// base, then the element), which would double the latency of every
  /// step of the chain.
  @usableFromInline
  struct Cursor {
    @usableFromInline let bases: UnsafeBufferPointer<UnsafeMutablePointer<Element>>
    @usableFromInline var page = -1
    @usableFromInline var base: UnsafeMutablePointer<Element>?

    @inlinable init(_ reader: Reader) { bases = reader.bases }

    /// The address of the element in `slot`.
    @inlinable @inline(__always)
    mutating func address(of slot: Int) -> UnsafePointer<Element> {
      let wanted = slot &>> PagedArray.pageShift
      if wanted != page {
        page = wanted
        base = bases[wanted]
      }
      return UnsafePointer(base.unsafelyUnwrapped + (slot & (PagedArray.pageLength - 1)))
    }
  }
}

/// Slots that `EngineSectionSnapshot.Storage.link` writes: the storage's
/// `PagedArray` and the plain array `snapshot(of:)` builds its copy in.
@usableFromInline
protocol NodeSlots<Element> {
  associatedtype Element
  subscript(slot: Int) -> Element { get set }
}

extension PagedArray: NodeSlots {}
extension Array: NodeSlots {}
