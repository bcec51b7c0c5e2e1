extension Array where Element: Equatable {
  /// The elements that occur more than once, each listed once, in the order
  /// their first repeat is found scanning the array from the start.
  ///
  /// `[a, b, b, a].repeatedElements() == [b, a]`.
  ///
  /// - Complexity: O(*n*²), by linear scans, as befits the reference model.
  @inlinable
  func repeatedElements() -> [Element] {
    var repeats: [Element] = []
    for index in indices {
      let element = self[index]
      if self[..<index].contains(element) && !repeats.contains(element) {
        repeats.append(element)
      }
    }
    return repeats
  }

  /// The array without the elements of `other`, order kept.
  @inlinable
  func removingAll(in other: [Element]) -> [Element] {
    // The array itself (no copy) when nothing is removed.
    guard contains(where: other.contains) else { return self }
    return filter { !other.contains($0) }
  }

  /// Appends each element of `newElements` that is not yet in the array, in
  /// order: the ordered-set union used for marks.
  @inlinable
  mutating func appendMissing(_ newElements: [Element]) {
    for element in newElements where !contains(element) {
      append(element)
    }
  }
}
