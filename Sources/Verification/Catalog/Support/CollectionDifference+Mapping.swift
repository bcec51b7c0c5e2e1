extension CollectionDifference {
  /// The same changes with each element transformed (offsets and
  /// associations kept).
  func mappingElements<T: Hashable>(_ transform: (ChangeElement) -> T) -> CollectionDifference<T> {
    let changes = map { change -> CollectionDifference<T>.Change in
      switch change {
      case .insert(let offset, let element, let associated):
        return .insert(offset: offset, element: transform(element), associatedWith: associated)
      case .remove(let offset, let element, let associated):
        return .remove(offset: offset, element: transform(element), associatedWith: associated)
      }
    }
    return CollectionDifference<T>(changes) ?? [T]().difference(from: [])
  }
}
