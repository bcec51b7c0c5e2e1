/// An ordered set of marked identifiers: each id once, in first-mark order
/// (spec decision A.2).
@usableFromInline
struct OrderedMarks<Element: Hashable> {
  /// The marked ids in first-mark order.
  @usableFromInline var order: [Element] = []
  /// The same ids, for O(1) membership.
  @usableFromInline var members: Set<Element> = []

  @inlinable init() {}

  @inlinable var isEmpty: Bool { order.isEmpty }

  // coverage: only broken code (no caller: dead code)
  /// Whether `element` is marked.
  /// - Complexity: O(1).
  @inlinable func contains(_ element: Element) -> Bool {
    members.contains(element)
  }

  /// Marks `elements` not yet marked, keeping the first-mark order.
  /// - Complexity: O(*k*), where *k* is the number of elements.
  @inlinable mutating func insert(contentsOf elements: [Element]) {
    for element in elements where members.insert(element).inserted {
      order.append(element)
    }
  }

  /// Unmarks every element for which `isGone` is true.
  /// - Complexity: O(*m*), where *m* is the number of marks.
  @inlinable mutating func removeAll(where isGone: (Element) -> Bool) {
    guard !order.isEmpty else { return }
    let before = order.count
    order.removeAll(where: isGone)
    guard order.count != before else { return }
    members = Set(order)
  }

  @inlinable mutating func removeAll() {
    order = []
    members = []
  }
}

/// The ids repeated in `ids`, each once, in the order the repeat is found
/// (the `duplicateInArgument` payload convention).
/// - Complexity: O(*k*), where *k* is `ids.count`.
@inlinable
func repeatedIdentifiers<ID: Hashable>(in ids: [ID]) -> [ID] {
  guard ids.count > 1 else { return [] }
  var seen = Set<ID>(minimumCapacity: ids.count)
  var repeats: [ID] = []
  var reported = Set<ID>()
  for id in ids where !seen.insert(id).inserted {
    if reported.insert(id).inserted { repeats.append(id) }
  }
  return repeats
}
